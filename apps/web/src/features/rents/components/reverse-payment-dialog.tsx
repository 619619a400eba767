import { useState } from 'react';
import { rentMessages, rentReasonMax, reversalInputSchema, type RentPayment } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { useReversePayment } from '../api';
import { paymentTitle } from './rent-format';
import { useLedgerVersion } from './use-ledger-version';

const reasonHint = 'Obligatorio. Quedará junto al pago y en el historial de la póliza.';

interface ReversePaymentDialogProps {
  policyId: number;
  /** The ledger's version as the section shows it. */
  version: number;
  /** The payment whose 'Revertir' was clicked; null while closed. */
  payment: RentPayment | null;
  onClose: () => void;
}

/** 'Revertir pago': asks for the reason (the API's own schema) before anything is sent. */
export function ReversePaymentDialog({ payment, ...props }: ReversePaymentDialogProps) {
  // Mounted per opening: the reason starts empty and the version is the one shown when clicked.
  return payment ? <ReverseConfirm key={payment.id} payment={payment} {...props} /> : null;
}

function ReverseConfirm({ policyId, version: openedAt, payment, onClose }: ReversePaymentDialogProps & { payment: RentPayment }) {
  const reverse = useReversePayment(policyId);
  const { version, staleMessage, caughtStale, clearStale } = useLedgerVersion(policyId, openedAt);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    clearStale();
    const parsed = reversalInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    reverse.mutate(
      { paymentId: payment.id, reason: parsed.data.reason, ifMatch: version },
      {
        onSuccess: () => {
          notify.success(rentMessages.reversed);
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
        if (!next && !reverse.isPending) onClose();
      }}
      title="Revertir pago"
      description={
        <>
          El pago <span className="font-medium">{paymentTitle(payment)}</span> quedará tachado con su motivo y los meses que cubría se
          recalcularán. No se puede deshacer.
        </>
      }
      confirmLabel="Revertir pago"
      tone="danger"
      busy={reverse.isPending}
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
          disabled={reverse.isPending}
        />
      </div>
    </ConfirmDialog>
  );
}
