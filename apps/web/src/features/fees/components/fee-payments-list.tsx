import { useState, type ReactNode } from 'react';
import { Paperclip, Undo2 } from 'lucide-react';
import { formatPesos, invoiceStateLabels, type FeePayment, type PolicyFee } from '@portal/domain';
import { DownloadButton } from '@/components/download-button';
import { Button } from '@/components/ui/button';
import { PaymentSummary } from '@/features/rents';
import { fetchFeeReceipt } from '../api';
import { feePaymentTitle } from './fee-format';
import { ReverseFeePaymentDialog } from './reverse-fee-payment-dialog';

/**
 * The 'Factura' cell of a payment row. THE SLOT FOR THE INVOICES' WORK (issue 34): the lead
 * passes a `renderInvoiceCell` that draws 'Facturar' (or the invoice with its downloads); until
 * then each row shows its standing invoice as the API reads it, or 'Sin factura'.
 */
export type RenderInvoiceCell = (payment: FeePayment, fee: PolicyFee) => ReactNode;

function InvoiceSummaryCell({ payment }: { payment: FeePayment }) {
  if (!payment.invoice) return <span className="text-slate-500 dark:text-slate-400">Sin factura</span>;
  const { invoice } = payment;
  return (
    <span>
      {invoiceStateLabels[invoice.state]} · {formatPesos(invoice.total)}
      {invoice.uuid ? <span className="block truncate text-xs text-slate-500 dark:text-slate-400">UUID {invoice.uuid}</span> : null}
    </span>
  );
}

/** 'Pagos de honorarios': every payment by the day received, reversed ones struck through with their reason. */
export function FeePaymentsList({ fee, canReverse, renderInvoiceCell }: { fee: PolicyFee; canReverse: boolean; renderInvoiceCell?: RenderInvoiceCell | undefined }) {
  const [reversing, setReversing] = useState<FeePayment | null>(null);
  return (
    <div className="space-y-3 p-4">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Pagos de honorarios</h3>
      {fee.payments.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aún no se ha registrado ningún pago de honorarios.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
          {fee.payments.map((payment) => (
            <FeePaymentRow
              key={payment.id}
              payment={payment}
              invoiceCell={renderInvoiceCell ? renderInvoiceCell(payment, fee) : <InvoiceSummaryCell payment={payment} />}
              onReverse={canReverse && !payment.reversal ? () => setReversing(payment) : undefined}
            />
          ))}
        </ul>
      )}
      {canReverse ? <ReverseFeePaymentDialog policyId={fee.policyId} version={fee.version} payment={reversing} onClose={() => setReversing(null)} /> : null}
    </div>
  );
}

function FeePaymentRow({ payment, invoiceCell, onReverse }: { payment: FeePayment; invoiceCell: ReactNode; onReverse: (() => void) | undefined }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
      <PaymentSummary title={feePaymentTitle(payment)} payment={payment} />
      {/* 'Factura': where the invoices' 'Facturar' is plugged in (renderInvoiceCell). */}
      <div className="min-w-0 basis-40 text-sm" aria-label={`Factura del pago del ${feePaymentTitle(payment)}`} role="group">
        <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">Factura</span>
        {invoiceCell}
      </div>
      {payment.receipt ? (
        <DownloadButton label="Comprobante" icon={Paperclip} fileName={payment.receipt.fileName} errorTitle="No se pudo descargar el comprobante" fetchFile={() => fetchFeeReceipt(payment.id)} />
      ) : null}
      {onReverse ? (
        <Button variant="danger-outline" size="sm" onClick={onReverse} aria-label={`Revertir pago del ${feePaymentTitle(payment)}`}>
          <Undo2 aria-hidden="true" />
          Revertir
        </Button>
      ) : null}
    </li>
  );
}
