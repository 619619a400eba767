import { useState } from 'react';
import { investigationMessages, type IdentificationType, type InvestigationDocument } from '@portal/domain';
import type { SendStep } from '@/lib/send-document';
import { useDocumentSend } from '@/lib/use-document-send';
import { uploadInvestigationDocument, useRememberUpload } from '../api';

/** Spec section 4: each file is idle, loading, success or error (with a retry). */
type UploadPhase = 'idle' | 'loading' | 'success' | 'error';

export interface FileUploadState {
  phase: UploadPhase;
  /** The file chosen and not yet uploaded; while loading or after an error, the one sent (a photo: shrunk). */
  file: File | null;
  /** While loading: preparing the photo, bytes sent, or waiting for the next try. */
  step: SendStep | null;
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

/**
 * One file row of the upload screen: choose a file (back to idle), upload it (a photo shrunk
 * first, tried again by itself when the connection drops: lib/send-document.ts), retry after an error.
 */
export function useFileUpload({ folio, documentType, identificationType, existing }: FileUploadTarget) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<InvestigationDocument | null>(existing ?? null);
  const remember = useRememberUpload(folio);
  const sending = useDocumentSend(
    (file, options) => uploadInvestigationDocument({ folio, documentType, identificationType, file }, options),
    (document) => {
      remember(document);
      setUploaded(document);
      setChosen(null);
    },
    investigationMessages.uploadUnknownError,
  );

  // Cancelling the file dialog (null) on a row already uploaded leaves it as it was.
  const choose = (file: File | null) => {
    sending.reset();
    setChosen(file);
  };

  const upload = () => {
    if (sending.state.phase === 'failed') sending.retry();
    else if (chosen) sending.start(chosen);
  };

  return { state: stateOf(sending.state, chosen, uploaded), choose, upload };
}

function stateOf(send: ReturnType<typeof useDocumentSend>['state'], chosen: File | null, uploaded: InvestigationDocument | null): FileUploadState {
  if (send.phase === 'busy') return { phase: 'loading', file: send.file, step: send.step, error: null, uploaded };
  if (send.phase === 'failed') return { phase: 'error', file: send.file, step: null, error: send.error, uploaded };
  return { phase: chosen || !uploaded ? 'idle' : 'success', file: chosen, step: null, error: null, uploaded };
}
