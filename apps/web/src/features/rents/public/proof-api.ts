import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptField, rentProofPublicEndpoints } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, uploadToEndpoint } from '@/lib/endpoint-client';

/* The tenant's calls (issue 32): no session (`auth: false`), the token in the path is the credential. */

function proofViewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['rent-proofs', token] as const,
    queryFn: ({ signal }) => callEndpoint(rentProofPublicEndpoints.view, { params: { token } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useTenantProofs(token: string) {
  return useQuery(proofViewQueryOptions(token));
}

export interface ProofToSend {
  amount: string;
  paidOn: string;
  method: string;
  reference: string;
  file: File;
}

/** One comprobante: the fields as text, then the file (multipart); the page then shows the server's answer. */
export function useSendProof(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: ProofToSend) => uploadToEndpoint(rentProofPublicEndpoints.upload, { token }, file, { auth: false, fieldName: receiptField, fields }),
    onSuccess: (view) => queryClient.setQueryData(proofViewQueryOptions(token).queryKey, view),
  });
}
