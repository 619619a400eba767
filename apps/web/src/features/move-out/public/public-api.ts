import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moveOutPublicEndpoints } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, uploadToEndpoint } from '@/lib/endpoint-client';

/*
 * The owner's or tenant's photo page (issue 32): no session (`auth: false`), the token in the
 * path is the credential. A 4xx is the link's answer (not valid, the acta already sent), never retried.
 */

function photoPageQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['move-out-photos', token] as const,
    queryFn: ({ signal }) => callEndpoint(moveOutPublicEndpoints.view, { params: { token } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useMoveOutPhotoPage(token: string) {
  return useQuery(photoPageQueryOptions(token));
}

/** One photo of a room; the page then reads the rooms' counts again. */
export function useSendPhoto(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomKey, file }: { roomKey: string; file: File }) => uploadToEndpoint(moveOutPublicEndpoints.uploadPhoto, { token, roomKey }, file, { auth: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoPageQueryOptions(token).queryKey }),
  });
}
