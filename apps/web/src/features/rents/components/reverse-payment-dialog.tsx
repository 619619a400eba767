import { rentMessages, reversalInputSchema, type RentPayment } from '@portal/domain';
import { useReversePayment } from '../api';
import { LedgerReasonDialog, reasonResult } from './ledger-reason-dialog';
import { paymentTitle } from './rent-format';

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

function ReverseConfirm({ policyId, version, payment, onClose }: ReversePaymentDialogProps & { payment: RentPayment }) {
  const reverse = useReversePayment(policyId);
  return (
    <LedgerReasonDialog
      policyId={policyId}
      openedAt={version}
      title="Revertir pago"
      description={
        <>
          El pago <span className="font-medium">{paymentTitle(payment)}</span> quedará tachado con su motivo y los meses que cubría se
          recalcularán. No se puede deshacer.
        </>
      }
      reasonHint={reasonHint}
      done={rentMessages.reversed}
      parse={(reason) => reasonResult(reversalInputSchema.safeParse({ reason }))}
      send={({ reason, ifMatch }, callbacks) => reverse.mutate({ paymentId: payment.id, reason, ifMatch }, callbacks)}
      busy={reverse.isPending}
      onClose={onClose}
    />
  );
}
