import { Spinner } from '@/components/ui/spinner';

/** Shown while the first screen's code and session check load. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Cargando..." />
    </div>
  );
}
