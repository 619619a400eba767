import { useCallback, useState } from 'react';
import { isStaleVersion } from './api-error';

/**
 * A write's If-Match (decision 023): the version a dialog was opened at — not a later one a
 * background refetch brought in unseen. A 412 shows the server's message (who wrote first) and
 * reads the record again at once (`readAgain`), so what is behind the dialog is current and the
 * next send names the version the user now sees.
 */
export function useOpenedVersion(openedAt: number, readAgain: () => Promise<{ version: number }>) {
  const [version, setVersion] = useState(openedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);

  /** In a write's failure: true when it was a 412, now told. */
  const caughtStale = useCallback(
    (error: unknown) => {
      if (!isStaleVersion(error)) return false;
      setStaleMessage(error.message);
      readAgain()
        .then((fresh) => setVersion(fresh.version))
        // The message stands; a send with the old version is refused again, not applied twice.
        .catch(() => undefined);
      return true;
    },
    [readAgain],
  );

  const clearStale = useCallback(() => setStaleMessage(null), []);
  return { version, staleMessage, caughtStale, clearStale };
}
