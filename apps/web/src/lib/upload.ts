import { ApiError, apiMessages, currentToken, endExpiredSession, missingTokenError, renewAfterUnauthorized } from './api-client';

export interface UploadOptions {
  /** Percentage of the request sent so far, 0 to 100, and its bytes (the file and the multipart's few hundred). */
  onProgress?: (percent: number, bytes: { sent: number; total: number }) => void;
  /** Cancels the upload (the promise then rejects with an AbortError). */
  signal?: AbortSignal;
  /** The multipart part's name (each file's, when several); the API's upload routes mostly read `file`. */
  fieldName?: string;
  /**
   * False sends no session token and leaves the session alone whatever the answer: for the
   * public link pages, where the token in the path is the only credential. True by default.
   */
  auth?: boolean;
  /** Text parts sent before the file (a form with its file: a payment and its receipt). */
  fields?: Record<string, string>;
  /** The record's version the form was loaded at, as `If-Match: "v{n}"` (decision 023). */
  ifMatch?: number;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

/** One file, or several sent as parts of the same name (an owner's report with its photos). */
type Files = File | readonly File[];

const filesOf = (files: Files): readonly File[] => (files instanceof File ? [files] : files);

/**
 * POSTs one file (or several) as multipart/form-data with the bearer token, reporting progress, and resolves
 * with the JSON answer. An XMLHttpRequest, not fetch: only it reports upload progress. Sessions
 * behave as with the api client: no stored token fails at once with the spec's message; a 401
 * renews the token once and sends the file again, and a refused renewal ends the session. Any
 * other failure rejects with an ApiError carrying the server's Spanish message.
 */
export async function uploadFile<T>(path: string, file: Files, options: UploadOptions = {}): Promise<T> {
  if (options.auth === false) return answerOf<T>(await send(path, file, null, options));
  const tokenUsed = currentToken();
  if (!tokenUsed) throw missingTokenError();
  let answer = await send(path, file, tokenUsed, options);
  if (answer.status === 401) {
    await renewAfterUnauthorized(tokenUsed);
    options.onProgress?.(0, { sent: 0, total: filesOf(file).reduce((sum, one) => sum + one.size, 0) });
    answer = await send(path, file, currentToken(), options);
    if (answer.status === 401) throw endExpiredSession();
  }
  return answerOf<T>(answer);
}

function answerOf<T>(answer: XhrAnswer): T {
  if (answer.status < 200 || answer.status >= 300) throw ApiError.fromBody(answer.status, answer.body);
  return answer.body as T;
}

function send(path: string, file: Files, token: string | null, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    for (const one of filesOf(file)) form.append(options.fieldName ?? 'file', one, one.name);

    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100), { sent: event.loaded, total: event.total });
      }
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ status: 0, code: 'network_error', message: apiMessages.network }));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };

    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.ifMatch !== undefined) xhr.setRequestHeader('If-Match', `"v${options.ifMatch}"`);
    // No timeout: a large file on a slow line may take minutes, and the progress shows it moving.
    xhr.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function abortError(): DOMException {
  return new DOMException('La carga se canceló', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
