import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicLinkEndpoints } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint } from '@/lib/endpoint-client';

/*
 * The link's own calls: no session (`auth: false`), the token in the path is the credential. A
 * 4xx is the link's answer (invalid, too many requests), not a reason to try again.
 */

function publicLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['public-link', token] as const,
    queryFn: ({ signal }) => callEndpoint(publicLinkEndpoints.view, { params: { token } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    staleTime: Infinity,
  });
}

export function usePublicLink(token: string) {
  return useQuery(publicLinkQueryOptions(token));
}

/** 'Acepto': records the acceptance of the version shown, then the page goes on. */
export function useAcceptPrivacy(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => callEndpoint(publicLinkEndpoints.acceptPrivacy, { params: { token }, body: { version } }, { auth: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinkQueryOptions(token).queryKey }),
  });
}
