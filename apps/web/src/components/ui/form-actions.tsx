import { Link } from 'react-router';
import { Button } from './button';

/** 'Cancelar' (a link back) and the submit button, which shows its busy label while saving. */
export function FormActions({
  cancelTo,
  submitLabel,
  busyLabel,
  busy,
}: {
  cancelTo: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end dark:border-slate-800">
      <Button asChild variant="secondary">
        <Link to={cancelTo}>Cancelar</Link>
      </Button>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
