import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentificationType, PublicUploadView } from '@portal/domain';
import { apiClient, isApiError } from '@/lib/api-client';
import { uploadFile, type UploadOptions } from '@/lib/upload';

/*
 * The upload link's calls: no session (`auth: false`), the token in the path is the credential.
 * Every upload answers the whole view (cards, received files, whether all are in), which replaces
 * the cached one.
 */

function uploadViewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['public-link', token, 'documents'] as const,
    queryFn: ({ signal }) => apiClient.get<PublicUploadView>(`/api/public/links/${token}/documents`, { signal, auth: false }),
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
  const suffix = upload.identificationType ? `/${upload.identificationType}` : '';
  return uploadFile<PublicUploadView>(`/api/public/links/${token}/upload/${upload.documentType}${suffix}`, upload.file, { ...options, auth: false });
}
