import { useEffect, useRef, useState } from 'react';
import { investigationMessages, type IdentificationType } from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { isAbortError } from '@/lib/upload';
import { sendLinkDocument, useStoreUploadView } from '../api';

export interface LinkUploadState {
  phase: 'idle' | 'sending' | 'failed';
  /** The file being sent, or the one that failed (kept for 'Reintentar'). */
  file: File | null;
  percent: number;
  /** The server's Spanish reason, or the network's. */
  error: string | null;
}

const idle: LinkUploadState = { phase: 'idle', file: null, percent: 0, error: null };

/**
 * One file of a card: picking it sends it at once (one tap on a phone), with its progress; a
 * failure keeps the file so 'Reintentar' sends it again. A success refreshes the whole page's view.
 */
export function useLinkUpload(token: string, documentType: string, identificationType: IdentificationType | undefined) {
  const [state, setState] = useState<LinkUploadState>(idle);
  const storeView = useStoreUploadView(token);
  const inFlight = useRef<AbortController | null>(null);
  // Leaving the page cancels an upload still running: nobody would see how it ended.
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = async (file: File) => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ phase: 'sending', file, percent: 0, error: null });
    try {
      const view = await sendLinkDocument(
        token,
        { documentType, identificationType, file },
        { signal: controller.signal, onProgress: (percent) => setState((current) => ({ ...current, percent })) },
      );
      storeView(view);
      setState(idle);
    } catch (error) {
      if (isAbortError(error)) return;
      setState({ phase: 'failed', file, percent: 0, error: errorMessage(error, investigationMessages.uploadUnknownError) });
    } finally {
      inFlight.current = null;
    }
  };

  const retry = () => {
    if (state.file) void send(state.file);
  };

  return { state, send: (file: File) => void send(file), retry };
}
