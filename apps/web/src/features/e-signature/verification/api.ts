import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { publicVerifyEndpoints } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, uploadToEndpoint } from '@/lib/endpoint-client';

/*
 * /verificar's calls (issue 35): anyone, no session (`auth: false`). The PDF is sent as it is: the
 * server computes its SHA-256 and keeps nothing. A 4xx (no match, unknown code) is the answer,
 * never retried.
 */

function verificationByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['public-verification', code] as const,
    queryFn: ({ signal }) => callEndpoint(publicVerifyEndpoints.byCode, { params: { code } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useVerificationByCode(code: string) {
  return useQuery(verificationByCodeQueryOptions(code));
}

/** POST /api/public/verify with the PDF as the `file` part. */
function verifyPdf(file: File) {
  return uploadToEndpoint(publicVerifyEndpoints.byFile, undefined, file, { auth: false });
}

export function useVerifyPdf() {
  return useMutation({ mutationFn: verifyPdf });
}
