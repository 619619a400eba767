import { endpointPath, type Endpoint, type EndpointBody, type EndpointPathParams, type EndpointQuery, type EndpointResponse } from '@portal/domain';
import { apiRequest, type RequestOptions } from './api-client';
import { uploadFile, type UploadOptions } from './upload';

/**
 * The typed client (issue 31, decision 024): every call names its endpoint's contract from the
 * domain, so its path, parameters, query, body and answer are the ones the route is registered
 * with. `callEndpoint(jobEndpoints.runNow, { params: { name } })`.
 */
type Parts<E extends Endpoint> = (EndpointPathParams<E> extends undefined ? { params?: undefined } : { params: EndpointPathParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> });

/** How to send it (timeout, cancellation, session rules): everything but what the contract fixes. */
type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'query' | 'responseType'>;

type CallArgs<E extends Endpoint> = object extends Parts<E> ? [parts?: Parts<E>, options?: CallOptions] : [parts: Parts<E>, options?: CallOptions];

export function callEndpoint<E extends Endpoint>(endpoint: E, ...[parts, options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  return apiRequest<EndpointResponse<E>>(endpointPath(endpoint.path, parts?.params as Record<string, string | number> | undefined), {
    ...options,
    method: endpoint.method,
    query: parts?.query as RequestOptions['query'],
    body: parts?.body,
  });
}

/** A file the endpoint answers (a download or an export), as a Blob. */
export function callEndpointForBlob<E extends Endpoint>(endpoint: E, ...[parts, options]: CallArgs<E>): Promise<Blob> {
  return apiRequest<Blob>(endpointPath(endpoint.path, parts?.params as Record<string, string | number> | undefined), {
    ...options,
    method: endpoint.method,
    query: parts?.query as RequestOptions['query'],
    body: parts?.body,
    responseType: 'blob',
  });
}

/**
 * A file (or several, under one part name) sent to the endpoint as multipart, with its progress:
 * an XMLHttpRequest (lib/upload.ts), since fetch reports none. The answer is the contract's.
 */
export function uploadToEndpoint<E extends Endpoint>(endpoint: E, params: EndpointPathParams<E>, file: File | readonly File[], options?: UploadOptions): Promise<EndpointResponse<E>> {
  return uploadFile<EndpointResponse<E>>(endpointPath(endpoint.path, params as Record<string, string | number> | undefined), file, options);
}
