import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contractEndpoints, signatureFileEndpoints, signingEndpoints } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/** Under 'policies': a status change ('Enviar Contratos', 'Confirmar Firma') refreshes it with every policy query. */
function policySigningQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'signing', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(signingEndpoints.latestRound, { params: { id: policyId } }, { signal }),
  });
}

export function usePolicySigning(policyId: number) {
  return useQuery(policySigningQueryOptions(policyId));
}

/**
 * 'Enviar de nuevo' (issue 35): an expired or declined round sent again. The answer is the new
 * round; the policy's other views (its links, its history) are read again too.
 */
export function useResendRound(policyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(signingEndpoints.resend, { params: { id: policyId } }),
    onSuccess: async (round) => {
      queryClient.setQueryData(policySigningQueryOptions(policyId).queryKey, round);
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
    },
  });
}

/** A pack version as one PDF (the signed one, once every signer signed). */
export function fetchPackVersion(policyId: number, version: number): Promise<Blob> {
  return callEndpointForBlob(contractEndpoints.pack, { params: { id: policyId }, query: { version } }, { requireToken: true, timeoutMs: 60_000 });
}

/** Issue 35: a completed round's e.firma signatures (.p7s), listed only when some signer used e.firma. */
export function useRoundSignatureFiles(policyId: number, roundId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['policies', 'signing', policyId, 'signatures', roundId] as const,
    queryFn: ({ signal }) => callEndpoint(signatureFileEndpoints.list, { params: { id: policyId, roundId } }, { signal }),
    enabled,
  });
}

/** One .p7s (a detached CMS): checked by anyone with `openssl cms -verify` against the signed document. */
export function fetchSignatureFile(policyId: number, roundId: number, signatureId: number): Promise<Blob> {
  return callEndpointForBlob(signatureFileEndpoints.download, { params: { id: policyId, roundId, signatureId } }, { requireToken: true });
}
