import { useQuery } from '@tanstack/react-query';
import type { SigningRound } from '@portal/domain';
import { apiClient } from '@/lib/api-client';

/** Under 'policies': a status change ('Enviar Contratos', 'Confirmar Firma') refreshes it with every policy query. */
export function usePolicySigning(policyId: number) {
  return useQuery({
    queryKey: ['policies', 'signing', policyId] as const,
    queryFn: ({ signal }) => apiClient.get<SigningRound | null>(`/api/policy/${policyId}/signing`, { signal }),
  });
}

/** A pack version as one PDF (the signed one, once every signer signed). */
export function fetchPackVersion(policyId: number, version: number): Promise<Blob> {
  return apiClient.getBlob(`/api/policy/${policyId}/contracts/pack`, { query: { version }, requireToken: true, timeoutMs: 60_000 });
}
