import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linkEndpoints, privacyNoticeEndpoints, type CreateLinkInput, type ResendLinkInput, type SavePrivacyNoticeInput } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

// --- a policy's links ------------------------------------------------------------------------------

/**
 * Under 'policies': a status change refreshes every policy query, so the links (and whether new
 * ones can be made) follow the policy without knowing who changed it.
 */
function policyLinksQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'links', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(linkEndpoints.list, { params: { id: policyId } }, { signal }),
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
    mutationFn: (body: CreateLinkInput) => callEndpoint(linkEndpoints.create, { params: { id: policyId }, body }),
    onSuccess: changed,
  });
}

/** 'Reenviar': a new URL replaces the old one. */
export function useResendLink(policyId: number) {
  const changed = useLinksChanged(policyId);
  return useMutation({
    mutationFn: ({ linkId, ...body }: ResendLinkInput & { linkId: number }) => callEndpoint(linkEndpoints.resend, { params: { id: policyId, linkId }, body }),
    onSuccess: changed,
  });
}

export function useRevokeLink(policyId: number) {
  const changed = useLinksChanged(policyId);
  return useMutation({
    mutationFn: (linkId: number) => callEndpoint(linkEndpoints.revoke, { params: { id: policyId, linkId } }),
    onSuccess: changed,
  });
}

// --- the aviso de privacidad (admins) --------------------------------------------------------------

function privacyNoticeQueryOptions() {
  return queryOptions({
    queryKey: ['privacy-notice'] as const,
    queryFn: ({ signal }) => callEndpoint(privacyNoticeEndpoints.versions, {}, { signal }),
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
      callEndpoint(privacyNoticeEndpoints.save, { body }, { ifMatch }),
    onSuccess: (versions) => queryClient.setQueryData(privacyNoticeQueryOptions().queryKey, versions),
  });
}
