import { useEffect, useRef, useState } from 'react';
import { addendumMessages, type Addendum } from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { isAbortError } from '@/lib/upload';
import { uploadAddendumFile, useRememberAddendum } from '../api';

export type UploadOutcome = 'uploaded' | 'failed' | 'aborted';

/**
 * The file of the form: the one chosen (only one is kept), and its upload to a saved addendum
 * with progress and the spec's toasts. `problem` repeats on screen what the toast said.
 */
export function useAddendumUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const remember = useRememberAddendum();
  const inFlight = useRef<AbortController | null>(null);
  // Leaving the screen cancels an upload still running: nobody would see how it ended.
  useEffect(() => () => inFlight.current?.abort(), []);

  const choose = (next: File | null) => {
    setFile(next);
    setProblem(null);
  };

  const fail = (message: string, description?: string) => {
    setProblem(description ?? message);
    notify.error(message, description);
    return 'failed' as const;
  };

  const send = async (addendum: Addendum): Promise<UploadOutcome> => {
    if (!file) return fail(addendumMessages.noFile);
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    setProblem(null);
    try {
      const saved = await uploadAddendumFile(addendum, file, { signal: controller.signal, onProgress: setProgress });
      setFile(null);
      notify.success(addendumMessages.uploaded);
      void remember(saved);
      return 'uploaded';
    } catch (error) {
      return isAbortError(error) ? 'aborted' : fail(addendumMessages.uploadError, errorMessage(error));
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
      setProgress(null);
    }
  };

  return { file, choose, progress, uploading: progress !== null, problem, send };
}

export type AddendumUpload = ReturnType<typeof useAddendumUpload>;
