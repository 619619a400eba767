import { feeManagerRoles, feeRecorderRoles, feeStateLabels, formatPesos, hasRole, type Policy, type PolicyFee } from '@portal/domain';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { FileSection } from '@/features/policies';
import { usePolicyFee } from '../api';
import { EditFeeButton } from './edit-fee-dialog';
import { FeePaymentsList, type RenderInvoiceCell } from './fee-payments-list';
import { feeStateTone, payerText } from './fee-format';
import { RecordFeePaymentButton } from './record-fee-payment-dialog';

/**
 * 'Honorarios' (issue 34): the policy's fee as quoted, who pays, what was collected, the
 * payments. `renderInvoiceCell` is where the invoices' 'Facturar' goes in each payment's row.
 */
export function FeesSection({ policy, renderInvoiceCell }: { policy: Policy; renderInvoiceCell?: RenderInvoiceCell }) {
  const fee = usePolicyFee(policy.id);
  const role = useSession().user?.role;
  const canRecord = hasRole(role, feeRecorderRoles) && policy.status !== 'cancelled';
  const isManager = hasRole(role, feeManagerRoles);
  const data = fee.data?.quote ? fee.data : null;
  return (
    <FileSection
      id="honorarios"
      title="Honorarios"
      className="print:hidden"
      actions={
        data && canRecord ? (
          <>
            <EditFeeButton fee={data} canDiscount={isManager} />
            {data.outstanding !== '0.00' ? <RecordFeePaymentButton policyId={policy.id} version={data.version} outstanding={data.outstanding} /> : null}
          </>
        ) : null
      }
    >
      <QueryState
        query={fee}
        loading="Cargando honorarios..."
        loadingClassName="py-8"
        errorTitle="Error al cargar los honorarios"
        isEmpty={(stored) => stored.quote === null}
        empty={<EmptyState title="Sin honorarios" description="Se cotizan al capturar la renta mensual de la póliza." />}
      >
        {(stored) => (
          <Card className="divide-y divide-slate-100 dark:divide-slate-800">
            <FeeSummary fee={stored} />
            <FeePaymentsList fee={stored} canReverse={isManager} renderInvoiceCell={renderInvoiceCell} />
          </Card>
        )}
      </QueryState>
    </FileSection>
  );
}

function FeeSummary({ fee }: { fee: PolicyFee }) {
  const quote = fee.quote!;
  const base = quote.baseAmount === quote.minimum ? `Mínimo de la tarifa` : `${quote.ratePercent} % de la renta de ${formatPesos(quote.rentAmount)}`;
  const lines: Array<[string, string]> = [
    ['Base', `${formatPesos(quote.baseAmount)} (${base})`],
    ...quote.extras.map((extra): [string, string] => [extra.label, formatPesos(extra.amount)]),
    ...(quote.discount !== '0.00' ? [['Descuento', `−${formatPesos(quote.discount)} · ${quote.discountReason}${quote.discountBy ? ` (${quote.discountBy})` : ''}`] as [string, string]] : []),
    ['Subtotal', formatPesos(quote.subtotal)],
    [`IVA ${quote.ivaPercent} %`, formatPesos(quote.iva)],
    ['Total', formatPesos(quote.total)],
    ['Quién paga', payerText(fee)],
    ['Cobrado', formatPesos(fee.collected)],
    ['Saldo', formatPesos(fee.outstanding)],
  ];
  return (
    <div className="space-y-3 p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={feeStateTone[fee.state]}>{feeStateLabels[fee.state]}</Badge>
        {fee.paidOn ? <span className="text-slate-600 dark:text-slate-400">Pagada el {fee.paidOn}</span> : null}
        <span className="text-slate-500 dark:text-slate-400">Tarifa {quote.tariffVersion === 0 ? 'del portal' : `versión ${quote.tariffVersion}`}</span>
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {lines.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 sm:block">
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
