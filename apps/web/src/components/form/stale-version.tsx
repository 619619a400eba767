import { useCallback, useState } from 'react';
import { recordVersionMessages } from '@portal/domain';
import { isStaleVersion } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

/**
 * Conditional writes on a form (issue 28, decision 023). The form keeps the version its values
 * were loaded at — not the latest the cache has, which a background refetch may have replaced —
 * and sends it with each save. A 412 keeps everything typed and offers 'Recargar', which puts
 * the server's values in the form and takes their version.
 */
export function useStaleVersion<R extends { version: number }>(options: {
  /** The record the form was filled from; undefined on a form that creates. */
  record: R | undefined;
  /** Reads the record again from the server (the query's refetch). */
  refetch: () => Promise<R | undefined>;
  /** Replaces the form's values with the record's. */
  reset: (fresh: R) => void;
}) {
  const { refetch, reset } = options;
  const [version, setVersion] = useState(options.record?.version);
  const [message, setMessage] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  /** In a save's catch: true when the failure was a 412, now shown by the alert. */
  const caughtStale = useCallback((error: unknown) => {
    if (!isStaleVersion(error)) return false;
    setMessage(error.message);
    return true;
  }, []);

  /** After a save: the form now holds what the server stored, at this version. */
  const saved = useCallback((record: { version: number }) => {
    setVersion(record.version);
    setMessage(null);
  }, []);

  const reload = useCallback(async () => {
    setReloading(true);
    try {
      const fresh = await refetch();
      if (!fresh) throw new Error('no record');
      reset(fresh);
      setVersion(fresh.version);
      setMessage(null);
    } catch {
      notify.error(recordVersionMessages.reloadFailed);
    } finally {
      setReloading(false);
    }
  }, [refetch, reset]);

  return { version, message, reloading, caughtStale, saved, reload };
}

/** The 412's message above the form, with 'Recargar'. */
export function StaleVersionAlert({ state }: { state: { message: string | null; reloading: boolean; reload: () => Promise<void> } }) {
  if (!state.message) return null;
  return (
    <Alert>
      <p>{state.message}</p>
      <Button type="button" variant="secondary" className="mt-2" disabled={state.reloading} onClick={() => void state.reload()}>
        {recordVersionMessages.reload}
      </Button>
    </Alert>
  );
}
