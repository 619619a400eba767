import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicSigningEndpoints, type SignInput, type SigningView } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/*
 * The signer's calls (issue 17): no session (`auth: false`), the token in the path is the
 * credential. A 4xx is the link's answer (wrong code, locked, closed), never retried.
 */

function signingQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['public-signing', token] as const,
    queryFn: ({ signal }) => callEndpoint(publicSigningEndpoints.view, { params: { token } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useSigning(token: string) {
  return useQuery(signingQueryOptions(token));
}

/** The pack's bytes (the exact PDF whose SHA-256 the view names), for pdf.js to draw. */
export async function fetchSigningPack(token: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const blob = await callEndpointForBlob(publicSigningEndpoints.pack, { params: { token } }, { auth: false, timeoutMs: 60_000, ...(signal ? { signal } : {}) });
  return blob.arrayBuffer();
}

/** After an action the round's state may have changed (verified, locked, signed, closed): read it again. */
function useRefresh(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: signingQueryOptions(token).queryKey });
}

export function useRequestCode(token: string) {
  const refresh = useRefresh(token);
  return useMutation({
    mutationFn: () => callEndpoint(publicSigningEndpoints.requestCode, { params: { token } }, { auth: false }),
    onError: (error) => (isApiError(error) && error.status === 423 ? refresh() : undefined),
  });
}

export function useVerifyCode(token: string) {
  const refresh = useRefresh(token);
  return useMutation({
    mutationFn: (code: string) => callEndpoint(publicSigningEndpoints.verifyCode, { params: { token }, body: { code } }, { auth: false }),
    onSuccess: refresh,
    onError: (error) => (isApiError(error) && error.status === 423 ? refresh() : undefined),
  });
}

export function useSign(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Stamping the last signer's documents takes a moment on the server.
    mutationFn: (input: SignInput) => callEndpoint(publicSigningEndpoints.sign, { params: { token }, body: input }, { auth: false, timeoutMs: 60_000 }),
    onSuccess: (view) => queryClient.setQueryData(signingQueryOptions(token).queryKey, view),
  });
}

export function useDecline(token: string) {
  return useMutation({
    mutationFn: (reason: string) => callEndpoint(publicSigningEndpoints.decline, { params: { token }, body: { reason } }, { auth: false }),
  });
}

type DocumentKind = SigningView['documents'][number]['kind'];

/** One document of the round as stored (its SHA-256 is the view's `documents[].sha256`), for the e.firma to sign. */
async function fetchSigningDocument(token: string, kind: DocumentKind): Promise<Uint8Array> {
  const blob = await callEndpointForBlob(publicSigningEndpoints.document, { params: { token, kind } }, { auth: false, timeoutMs: 60_000 });
  return new Uint8Array(await blob.arrayBuffer());
}

/** node-forge and the signing code, fetched once: when the e.firma step opens, so that signing does not wait for them. */
export const loadEfirmaSigner = () => import('./efirma-signer');

/**
 * Signs the signer's documents with their e.firma in the browser (efirma-signer.ts) and sends the
 * signatures. A refusal found here (an EfirmaError: wrong password…) sends nothing; the server's
 * 400 names what it refused in Spanish.
 */
export function useEfirmaSign(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ certificate, key, password, documents }: { certificate: File; key: File; password: string; documents: SigningView['documents'] }) => {
      const { signDocumentsWithEfirma } = await loadEfirmaSigner();
      const files = { certificate: new Uint8Array(await certificate.arrayBuffer()), key: new Uint8Array(await key.arrayBuffer()), password };
      const body = await signDocumentsWithEfirma(files, documents, (kind) => fetchSigningDocument(token, kind));
      return callEndpoint(publicSigningEndpoints.efirma, { params: { token }, body }, { auth: false, timeoutMs: 60_000 });
    },
    onSuccess: (view) => queryClient.setQueryData(signingQueryOptions(token).queryKey, view),
  });
}
