import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isStaleVersion } from '@/lib/api-error';
import { rentLedgerQueryOptions } from '../api';

/**
 * A write's If-Match (decision 023): the ledger's version the dialog was opened at — not a later
 * one a background refetch brought in unseen. A 412 shows the server's message (who wrote first)
 * and reads the ledger again at once, so the calendar behind the dialog is current and the next
 * send names the version the user now sees.
 */
export function useLedgerVersion(policyId: number, openedAt: number) {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(openedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);

  /** In a write's failure: true when it was a 412, now told. */
  const caughtStale = useCallback(
    (error: unknown) => {
      if (!isStaleVersion(error)) return false;
      setStaleMessage(error.message);
      queryClient
        .fetchQuery({ ...rentLedgerQueryOptions(policyId), staleTime: 0 })
        .then((fresh) => setVersion(fresh.version))
        // The message stands; a send with the old version is refused again, not applied twice.
        .catch(() => undefined);
      return true;
    },
    [policyId, queryClient],
  );

  const clearStale = useCallback(() => setStaleMessage(null), []);
  return { version, staleMessage, caughtStale, clearStale };
}
