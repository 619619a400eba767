import { useState } from 'react';
import { Paperclip, Undo2 } from 'lucide-react';
import { formatPesos, periodLabel, rentFileEndpoints, type RentLedger, type RentPayment } from '@portal/domain';
import { callEndpointForBlob } from '@/lib/endpoint-client';
import { DownloadButton } from '@/components/download-button';
import { Button } from '@/components/ui/button';
import { PaymentSummary } from './payment-summary';
import { paymentTitle } from './rent-format';
import { ReversePaymentDialog } from './reverse-payment-dialog';

/**
 * 'Pagos': every payment in the order it was applied (by receipt date), reversed ones kept and
 * struck through with their reason — a payment is never edited or deleted. Managers may reverse.
 */
export function PaymentsList({ ledger, canReverse }: { ledger: RentLedger; canReverse: boolean }) {
  const [reversing, setReversing] = useState<RentPayment | null>(null);
  return (
    <div className="space-y-3 p-4">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Pagos</h3>
      {ledger.payments.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aún no se ha registrado ningún pago.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
          {ledger.payments.map((payment) => (
            <PaymentLine key={payment.id} payment={payment} onReverse={canReverse && !payment.reversal ? () => setReversing(payment) : undefined} />
          ))}
        </ul>
      )}
      {canReverse ? <ReversePaymentDialog policyId={ledger.policyId} version={ledger.version} payment={reversing} onClose={() => setReversing(null)} /> : null}
    </div>
  );
}

function coveredText(payment: RentPayment): string | null {
  if (payment.appliedTo.length === 0) return null;
  return `Cubre: ${payment.appliedTo.map((part) => `${periodLabel(part.period)} (${formatPesos(part.amount)})`).join(', ')}`;
}

function PaymentLine({ payment, onReverse }: { payment: RentPayment; onReverse: (() => void) | undefined }) {
  const covered = coveredText(payment);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
      <PaymentSummary title={paymentTitle(payment)} payment={payment} detail={covered} />
      {payment.receipt ? (
        <DownloadButton
          label="Comprobante"
          icon={Paperclip}
          fileName={payment.receipt.fileName}
          errorTitle="No se pudo descargar el comprobante"
          fetchFile={() => callEndpointForBlob(rentFileEndpoints.paymentReceipt, { params: { id: payment.id } })}
        />
      ) : null}
      {onReverse ? (
        <Button variant="danger-outline" size="sm" onClick={onReverse} aria-label={`Revertir pago del ${paymentTitle(payment)}`}>
          <Undo2 aria-hidden="true" />
          Revertir
        </Button>
      ) : null}
    </li>
  );
}
