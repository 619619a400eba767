import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOpenedVersion } from '@/lib/use-opened-version';
import { policyFeeQueryOptions } from '../api';

/** A fee write's If-Match: the fee's version the dialog was opened at (useOpenedVersion). */
export function useFeeVersion(policyId: number, openedAt: number) {
  const queryClient = useQueryClient();
  const readAgain = useCallback(() => queryClient.fetchQuery({ ...policyFeeQueryOptions(policyId), staleTime: 0 }), [policyId, queryClient]);
  return useOpenedVersion(openedAt, readAgain);
}
