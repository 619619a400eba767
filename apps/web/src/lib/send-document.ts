import { ApiError } from './api-error';
import { isAbortError, type UploadOptions } from './upload';

/**
 * One document on its way from a phone or a desk (issue 30): a photo is shrunk first (the module
 * is loaded only now, so no page pays for it before a photo is picked), then sent with its
 * progress in bytes; a dropped connection or a server that did not answer is tried again by
 * itself, after 2, 4 and 8 seconds, before the person is asked ('Reintentar'). What the server
 * judged (a 4xx: wrong type, too large, a closed link) is not tried again: it would answer the same.
 */

/** Waits before the 2nd, 3rd and 4th try: a phone walking out of a dead spot has 14 s to come back. */
const retryDelaysMs = [2000, 4000, 8000];

export type SendStep =
  | { step: 'preparing' }
  | { step: 'sending'; sent: number; total: number; attempt: number }
  /** A try failed on the way; the next one starts after `seconds`. */
  | { step: 'waiting'; attempt: number; seconds: number };

interface SendDocumentOptions {
  signal: AbortSignal;
  onStep: (step: SendStep) => void;
  /** The file that went up (the shrunk photo), known before the first byte: a later 'Reintentar' sends this one. */
  onPrepared?: (file: File) => void;
}

type Send<T> = (file: File, options: Pick<UploadOptions, 'onProgress' | 'signal'>) => Promise<T>;

/** Maximum tries of one file before the person is asked. */
export const maxAttempts = retryDelaysMs.length + 1;

export async function sendDocument<T>(file: File, send: Send<T>, { signal, onStep, onPrepared }: SendDocumentOptions): Promise<T> {
  const prepared = await prepare(file, onStep);
  onPrepared?.(prepared);
  for (let attempt = 1; ; attempt++) {
    throwIfAborted(signal);
    onStep({ step: 'sending', sent: 0, total: prepared.size, attempt });
    try {
      return await send(prepared, { signal, onProgress: (_, bytes) => onStep({ step: 'sending', ...bytes, attempt }) });
    } catch (error) {
      const delay = retryDelaysMs[attempt - 1];
      if (delay === undefined || !worthRetrying(error)) throw error;
      onStep({ step: 'waiting', attempt: attempt + 1, seconds: Math.round(delay / 1000) });
      await wait(delay, signal);
    }
  }
}

async function prepare(file: File, onStep: (step: SendStep) => void): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  onStep({ step: 'preparing' });
  const { shrinkPhoto } = await import('./shrink-photo');
  return shrinkPhoto(file);
}

/** No answer at all, a timeout, or a server (or a proxy in front of it) that failed: worth another try. */
function worthRetrying(error: unknown): boolean {
  if (isAbortError(error) || !(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}

function throwIfAborted(signal: AbortSignal) {
  if (signal.aborted) throw new DOMException('La carga se canceló', 'AbortError');
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('La carga se canceló', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
