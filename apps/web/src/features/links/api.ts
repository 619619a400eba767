import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLinkInput, IssuedLink, PolicyLinks, PrivacyNoticeVersions, PublicLink, ResendLinkInput, SavePrivacyNoticeInput } from '@portal/domain';
import { apiClient } from '@/lib/api-client';

// --- a policy's links ------------------------------------------------------------------------------

/**
 * Under 'policies': a status change refreshes every policy query, so the links (and whether new
 * ones can be made) follow the policy without knowing who changed it.
 */
function policyLinksQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'links', policyId] as const,
    queryFn: ({ signal }) => apiClient.get<PolicyLinks>(`/api/policy/${policyId}/links`, { signal }),
  });
}

export function usePolicyLinks(policyId: number) {
  return useQuery(policyLinksQueryOptions(policyId));
}

/** After a link changes: the list, and the history that records it. */
function useLinksChanged(policyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: policyLinksQueryOptions(policyId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] }),
    ]);
}

/** 'Nuevo enlace': the answer carries the URL, the only time it is known. */
export function useCreateLink(policyId: number) {
  const changed = useLinksChanged(policyId);
  return useMutation({
    mutationFn: (body: CreateLinkInput) => apiClient.post<IssuedLink>(`/api/policy/${policyId}/links`, body),
    onSuccess: changed,
  });
}

/** 'Reenviar': a new URL replaces the old one. */
export function useResendLink(policyId: number) {
  const changed = useLinksChanged(policyId);
  return useMutation({
    mutationFn: ({ linkId, ...body }: ResendLinkInput & { linkId: number }) => apiClient.post<IssuedLink>(`/api/policy/${policyId}/links/${linkId}/resend`, body),
    onSuccess: changed,
  });
}

export function useRevokeLink(policyId: number) {
  const changed = useLinksChanged(policyId);
  return useMutation({
    mutationFn: (linkId: number) => apiClient.post<PublicLink>(`/api/policy/${policyId}/links/${linkId}/revoke`, {}),
    onSuccess: changed,
  });
}

// --- the aviso de privacidad (admins) --------------------------------------------------------------

function privacyNoticeQueryOptions() {
  return queryOptions({
    queryKey: ['privacy-notice'] as const,
    queryFn: ({ signal }) => apiClient.get<PrivacyNoticeVersions>('/api/admin/privacy-notice', { signal }),
  });
}

export function usePrivacyNotice() {
  return useQuery(privacyNoticeQueryOptions());
}

/**
 * 'Guardar nueva versión': the answer is the whole list, stored as the query's data. `ifMatch` is
 * the version the editor was opened at (412 when another admin saved since, decision 023).
 */
export function useSavePrivacyNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: SavePrivacyNoticeInput; ifMatch: number }) =>
      apiClient.put<PrivacyNoticeVersions>('/api/admin/privacy-notice', body, { ifMatch }),
    onSuccess: (versions) => queryClient.setQueryData(privacyNoticeQueryOptions().queryKey, versions),
  });
}
