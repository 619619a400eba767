import { useEffect, useRef, useState } from 'react';
import { errorMessage } from './api-error';
import { sendDocument, type SendStep } from './send-document';
import { isAbortError, type UploadOptions } from './upload';

/** Where one file of an upload row is: nothing going on, on its way (a step of it), or failed with the reason. */
export type DocumentSendState =
  | { phase: 'idle' }
  | { phase: 'busy'; file: File; step: SendStep }
  | { phase: 'failed'; file: File; error: string };

type Send<T> = (file: File, options: Pick<UploadOptions, 'onProgress' | 'signal'>) => Promise<T>;

/**
 * One upload row's sending (the link page's and the staff's): the photo shrunk, its progress,
 * the tries by itself (lib/send-document.ts), and the file kept on a failure for 'Reintentar'
 * (the shrunk one: it is not shrunk twice). Leaving the screen cancels a send still running.
 */
export function useDocumentSend<T>(send: Send<T>, onSent: (answer: T) => void, unknownError: string) {
  const [state, setState] = useState<DocumentSendState>({ phase: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = async (file: File) => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    let current = file;
    setState({ phase: 'busy', file, step: { step: 'preparing' } });
    try {
      const answer = await sendDocument(file, send, {
        signal: controller.signal,
        onPrepared: (prepared) => (current = prepared),
        onStep: (step) => setState({ phase: 'busy', file: current, step }),
      });
      setState({ phase: 'idle' });
      onSent(answer);
    } catch (error) {
      if (isAbortError(error)) return;
      setState({ phase: 'failed', file: current, error: errorMessage(error, unknownError) });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  const retry = () => {
    if (state.phase === 'failed') void start(state.file);
  };

  /** Forgets a failure (another file was chosen); a send on its way goes on. */
  const reset = () => setState((current) => (current.phase === 'failed' ? { phase: 'idle' } : current));

  return { state, start: (file: File) => void start(file), retry, reset };
}
