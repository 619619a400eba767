import { useEffect, useRef, useState } from 'react';
import { investigationMessages, type IdentificationType, type InvestigationDocument } from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { isAbortError } from '@/lib/upload';
import { uploadInvestigationDocument, useRememberUpload } from '../api';

/** Spec section 4: each file is idle, loading, success or error (with a retry). */
type UploadPhase = 'idle' | 'loading' | 'success' | 'error';

export interface FileUploadState {
  phase: UploadPhase;
  /** The file chosen and not yet uploaded (kept on an error, for the retry). */
  file: File | null;
  /** Percentage sent while loading. */
  progress: number;
  error: string | null;
  /** What the server holds for this row: found when the screen opened, or just uploaded. */
  uploaded: InvestigationDocument | null;
}

interface FileUploadTarget {
  folio: string;
  documentType: string;
  identificationType?: IdentificationType | undefined;
  /** The document already stored for this row when the screen opened. */
  existing?: InvestigationDocument | undefined;
}

const initialState = (existing: InvestigationDocument | undefined): FileUploadState =>
  existing
    ? { phase: 'success', file: null, progress: 100, error: null, uploaded: existing }
    : { phase: 'idle', file: null, progress: 0, error: null, uploaded: null };

/** One file row of the upload screen: choose a file (back to idle), upload it, retry after an error. */
export function useFileUpload({ folio, documentType, identificationType, existing }: FileUploadTarget) {
  const [state, setState] = useState(() => initialState(existing));
  const remember = useRememberUpload(folio);
  const inFlight = useRef<AbortController | null>(null);
  // Leaving the screen cancels an upload still running: nobody would see how it ended.
  useEffect(() => () => inFlight.current?.abort(), []);

  const choose = (file: File | null) => {
    setState((current) =>
      // Cancelling the file dialog on a row already uploaded leaves it as it was.
      !file && current.uploaded ? initialState(current.uploaded) : { ...current, phase: 'idle', file, progress: 0, error: null },
    );
  };

  const upload = async () => {
    const file = state.file;
    if (!file || state.phase === 'loading') return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState((current) => ({ ...current, phase: 'loading', progress: 0, error: null }));
    try {
      const document = await uploadInvestigationDocument(
        { folio, documentType, identificationType, file },
        { signal: controller.signal, onProgress: (progress) => setState((current) => ({ ...current, progress })) },
      );
      remember(document);
      setState(initialState(document));
    } catch (error) {
      if (isAbortError(error)) return;
      const message = errorMessage(error, investigationMessages.uploadUnknownError);
      setState((current) => ({ ...current, phase: 'error', error: message }));
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  return { state, choose, upload };
}
