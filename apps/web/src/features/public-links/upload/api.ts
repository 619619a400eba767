import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicLinkEndpoints, type IdentificationType, type PublicUploadView } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, uploadToEndpoint } from '@/lib/endpoint-client';
import type { UploadOptions } from '@/lib/upload';

/*
 * The upload link's calls: no session (`auth: false`), the token in the path is the credential.
 * Every upload answers the whole view (cards, received files, whether all are in), which replaces
 * the cached one.
 */

function uploadViewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['public-link', token, 'documents'] as const,
    queryFn: ({ signal }) => callEndpoint(publicLinkEndpoints.uploadView, { params: { token } }, { signal, auth: false }),
    // A 4xx is the link's answer (invalid, too many requests), not a reason to try again.
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useUploadView(token: string) {
  return useQuery(uploadViewQueryOptions(token));
}

/** Puts an upload's answer in the cache: every card and the received list follow. */
export function useStoreUploadView(token: string) {
  const queryClient = useQueryClient();
  return (view: PublicUploadView) => queryClient.setQueryData(uploadViewQueryOptions(token).queryKey, view);
}

export interface LinkUpload {
  documentType: string;
  identificationType?: IdentificationType | undefined;
  file: File;
}

export function sendLinkDocument(token: string, upload: LinkUpload, options: Pick<UploadOptions, 'onProgress' | 'signal'>): Promise<PublicUploadView> {
  const { documentType, identificationType, file } = upload;
  const sendOptions = { ...options, auth: false };
  // An identification names its type in the path.
  return identificationType
    ? uploadToEndpoint(publicLinkEndpoints.uploadIdentification, { token, documentType, identificationType }, file, sendOptions)
    : uploadToEndpoint(publicLinkEndpoints.upload, { token, documentType }, file, sendOptions);
}
