import { useQuery } from '@tanstack/react-query';
import { contractEndpoints, signingEndpoints } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/** Under 'policies': a status change ('Enviar Contratos', 'Confirmar Firma') refreshes it with every policy query. */
export function usePolicySigning(policyId: number) {
  return useQuery({
    queryKey: ['policies', 'signing', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(signingEndpoints.latestRound, { params: { id: policyId } }, { signal }),
  });
}

/** A pack version as one PDF (the signed one, once every signer signed). */
export function fetchPackVersion(policyId: number, version: number): Promise<Blob> {
  return callEndpointForBlob(contractEndpoints.pack, { params: { id: policyId }, query: { version } }, { requireToken: true, timeoutMs: 60_000 });
}
