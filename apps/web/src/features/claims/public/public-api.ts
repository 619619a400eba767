import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimOwnerFilesField, claimPublicEndpoints, type ClaimType } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, uploadToEndpoint } from '@/lib/endpoint-client';

/* The owner's calls (issue 33): no session (`auth: false`), the token in the path is the credential. */

function ownerClaimsQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['owner-claims', token] as const,
    queryFn: ({ signal }) => callEndpoint(claimPublicEndpoints.view, { params: { token } }, { signal, auth: false }),
    // A dead link (404) or a refusal will not mend by asking again.
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useOwnerClaims(token: string) {
  return useQuery(ownerClaimsQueryOptions(token));
}

export interface ReportToSend {
  type: ClaimType | '';
  description: string;
  files: readonly File[];
}

/**
 * 'Reportar un problema': JSON without files; with them, the fields as text then each file in
 * «files» (one multipart request). The list is read again afterwards: the new case is in it.
 */
export function useReportProblem(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, type, description }: ReportToSend) =>
      files.length === 0
        ? callEndpoint(claimPublicEndpoints.report, { params: { token }, body: { type: type as ClaimType, description } }, { auth: false })
        : uploadToEndpoint(claimPublicEndpoints.report, { token }, files, { auth: false, fieldName: claimOwnerFilesField, fields: { type, description } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerClaimsQueryOptions(token).queryKey }),
  });
}
