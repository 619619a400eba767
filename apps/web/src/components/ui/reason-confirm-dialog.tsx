import { useState, type ReactNode } from 'react';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from './alert';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonField } from './reason-field';

/** A version-checked write's 412 (useOpenedVersion): shown above the reason, the record read again. */
interface StaleVersion {
  staleMessage: string | null;
  caughtStale: (failure: unknown) => boolean;
  clearStale: () => void;
  /** What to look at again before confirming, under the server's message. */
  note?: string;
}

interface ReasonConfirmDialogProps {
  title: string;
  description: ReactNode;
  /** The confirm button; the title when not given. */
  confirmLabel?: string;
  reasonHint: string;
  reasonMax: number;
  /** The toast after the write, and its detail. */
  done: string;
  doneDetail?: string;
  /** Checks the reason with the API's own schema: its message, or the trimmed reason. */
  parse: (reason: string) => { error: string } | { reason: string };
  /** The write itself (a TanStack mutation's `mutate`), with the checked reason. */
  send: (reason: string, callbacks: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
  busy: boolean;
  onClose: () => void;
  stale?: StaleVersion;
}

/**
 * A money write that needs a reason and cannot be undone ('Revertir pago', 'Condonar renta', a
 * case's 'Revertir'): the reason checked before anything is sent, the API's refusal under the
 * field, a 412 shown with the record read again. Mount it per opening: the reason starts empty.
 */
export function ReasonConfirmDialog({ title, description, confirmLabel, reasonHint, reasonMax, done, doneDetail, parse, send, busy, onClose, stale }: ReasonConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    stale?.clearStale();
    const parsed = parse(reason);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    send(parsed.reason, {
      onSuccess: () => {
        notify.success(done, doneDetail);
        onClose();
      },
      onError: (failure) => {
        if (isSessionExpired(failure) || stale?.caughtStale(failure)) return;
        const detail = isApiError(failure) ? failure.details.find((item) => item.field === 'reason') : undefined;
        setError(detail?.message ?? errorMessage(failure));
      },
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel ?? title}
      tone="danger"
      busy={busy}
      onConfirm={confirm}
    >
      <div className="mt-4 space-y-3">
        {stale?.staleMessage ? (
          <Alert>
            <p>{stale.staleMessage}</p>
            {stale.note ? <p className="mt-1">{stale.note}</p> : null}
          </Alert>
        ) : null}
        <ReasonField
          label="Motivo"
          hint={reasonHint}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          max={reasonMax}
          disabled={busy}
        />
      </div>
    </ConfirmDialog>
  );
}

/** A reason schema's result as the dialog takes it. */
export function reasonResult(result: { success: true; data: { reason: string } } | { success: false; error: { issues: Array<{ message: string }> } }) {
  return result.success ? { reason: result.data.reason } : { error: result.error.issues[0]?.message ?? '' };
}
