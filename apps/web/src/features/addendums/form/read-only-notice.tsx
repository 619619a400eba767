import { Lock } from 'lucide-react';

/** Says why the form takes no changes (a cancelled addendum, or a role that only reads). */
export function ReadOnlyNotice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
