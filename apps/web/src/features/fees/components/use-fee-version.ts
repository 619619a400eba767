import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isStaleVersion } from '@/lib/api-error';
import { policyFeeQueryOptions } from '../api';

/**
 * A fee write's If-Match (decision 023): the version the dialog was opened at. A 412 shows who
 * wrote first and reads the fee again, so the next send names the version the user now sees.
 */
export function useFeeVersion(policyId: number, openedAt: number) {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(openedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);

  const caughtStale = useCallback(
    (error: unknown) => {
      if (!isStaleVersion(error)) return false;
      setStaleMessage(error.message);
      queryClient
        .fetchQuery({ ...policyFeeQueryOptions(policyId), staleTime: 0 })
        .then((fresh) => setVersion(fresh.version))
        .catch(() => undefined);
      return true;
    },
    [policyId, queryClient],
  );

  const clearStale = useCallback(() => setStaleMessage(null), []);
  return { version, staleMessage, caughtStale, clearStale };
}
