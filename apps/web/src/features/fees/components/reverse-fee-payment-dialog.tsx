import { rentReasonMax, reversalInputSchema, type FeePayment } from '@portal/domain';
import { ReasonConfirmDialog, reasonResult } from '@/components/ui/reason-confirm-dialog';
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
  const version = useFeeVersion(policyId, openedAt);
  return (
    <ReasonConfirmDialog
      title="Revertir pago"
      description={
        <>
          El pago <span className="font-medium">{feePaymentTitle(payment)}</span> quedará tachado con su motivo y el saldo de los honorarios se recalculará. No se puede deshacer.
        </>
      }
      reasonHint="Obligatorio. Quedará junto al pago y en el historial de la póliza."
      reasonMax={rentReasonMax}
      done="Pago de honorarios revertido"
      parse={(reason) => reasonResult(reversalInputSchema.safeParse({ reason }))}
      send={(reason, callbacks) => reverse.mutate({ paymentId: payment.id, reason, ifMatch: version.version }, callbacks)}
      busy={reverse.isPending}
      onClose={onClose}
      stale={version}
    />
  );
}
