import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOpenedVersion } from '@/lib/use-opened-version';
import { rentLedgerQueryOptions } from '../api';

/** A ledger write's If-Match: the ledger's version the dialog was opened at (useOpenedVersion). */
export function useLedgerVersion(policyId: number, openedAt: number) {
  const queryClient = useQueryClient();
  const readAgain = useCallback(() => queryClient.fetchQuery({ ...rentLedgerQueryOptions(policyId), staleTime: 0 }), [policyId, queryClient]);
  return useOpenedVersion(openedAt, readAgain);
}
