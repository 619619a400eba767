import { useState } from 'react';
import { rentReasonMax, reversalInputSchema, type FeePayment } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { useReverseFeePayment } from '../api';
import { feePaymentTitle } from './fee-format';
import { useFeeVersion } from './use-fee-version';

interface ReverseFeePaymentProps {
  policyId: number;
  version: number;
  /** The payment whose 'Revertir' was clicked; null while closed. */
  payment: FeePayment | null;
  onClose: () => void;
}

/** 'Revertir pago' of the fee (managers): asks for the reason before anything is sent. */
export function ReverseFeePaymentDialog({ payment, ...props }: ReverseFeePaymentProps) {
  return payment ? <ReverseConfirm key={payment.id} payment={payment} {...props} /> : null;
}

function ReverseConfirm({ policyId, version: openedAt, payment, onClose }: ReverseFeePaymentProps & { payment: FeePayment }) {
  const reverse = useReverseFeePayment(policyId);
  const { version, staleMessage, caughtStale, clearStale } = useFeeVersion(policyId, openedAt);
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
          notify.success('Pago de honorarios revertido');
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
          El pago <span className="font-medium">{feePaymentTitle(payment)}</span> quedará tachado con su motivo y el saldo de los honorarios se recalculará. No se puede deshacer.
        </>
      }
      confirmLabel="Revertir pago"
      tone="danger"
      busy={reverse.isPending}
      onConfirm={confirm}
    >
      <div className="mt-4 space-y-3">
        {staleMessage ? <Alert>{staleMessage}</Alert> : null}
        <ReasonField
          label="Motivo"
          hint="Obligatorio. Quedará junto al pago y en el historial de la póliza."
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
