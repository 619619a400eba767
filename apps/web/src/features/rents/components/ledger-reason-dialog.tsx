import { useState, type ReactNode } from 'react';
import { rentReasonMax } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { useLedgerVersion } from './use-ledger-version';

interface LedgerReasonDialogProps {
  policyId: number;
  /** The ledger's version when the dialog opened (the write's If-Match). */
  openedAt: number;
  title: string;
  description: ReactNode;
  reasonHint: string;
  /** The toast after the write. */
  done: string;
  /** Checks the reason with the API's own schema: its message, or the trimmed reason. */
  parse: (reason: string) => { error: string } | { reason: string };
  /** The write itself (a TanStack mutation's `mutate`), with the reason and the version. */
  send: (input: { reason: string; ifMatch: number }, callbacks: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
  busy: boolean;
  onClose: () => void;
}

/**
 * A ledger write that needs a reason ('Revertir pago', 'Condonar renta'): checked before anything
 * is sent, a 412 shown with the ledger read again, the API's message under the field.
 */
export function LedgerReasonDialog({ policyId, openedAt, title, description, reasonHint, done, parse, send, busy, onClose }: LedgerReasonDialogProps) {
  const { version, staleMessage, caughtStale, clearStale } = useLedgerVersion(policyId, openedAt);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    clearStale();
    const parsed = parse(reason);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    send(
      { reason: parsed.reason, ifMatch: version },
      {
        onSuccess: () => {
          notify.success(done);
          onClose();
        },
        onError: (failure) => {
          if (isSessionExpired(failure) || caughtStale(failure)) return;
          const detail = isApiError(failure) ? failure.details.find((item) => item.field === 'reason') : undefined;
          setError(detail?.message ?? errorMessage(failure));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={title}
      description={description}
      confirmLabel={title}
      tone="danger"
      busy={busy}
      onConfirm={confirm}
    >
      <div className="mt-4 space-y-3">
        {staleMessage ? (
          <Alert>
            <p>{staleMessage}</p>
            <p className="mt-1">Las rentas ya se actualizaron: revíselas antes de confirmar.</p>
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
          max={rentReasonMax}
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

