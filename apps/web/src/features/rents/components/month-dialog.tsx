import { formatPesos, lateInterestMessages, moneyToCents, pagareStateLabels, pagareStateNotes, paymentMethodLabels, periodLabel, rentMonthStateLabels, type RentMonth, type RentPayment } from '@portal/domain';
import { formatDate, formatLongDate } from '@/lib/dates';
import { DetailList } from '@/components/ui/detail-list';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ConfirmationRequest, confirmationText, isAskable } from './confirmation-request';
import { daysText } from './rent-format';
import { isWaivable, WaiveMonthButton } from './waive-month-dialog';

interface MonthDialogProps {
  /** The month whose cell was clicked; null while none is open. */
  month: RentMonth | null;
  payments: RentPayment[];
  policyId: number;
  /** The ledger's version as the section shows it (a waiver's If-Match). */
  version: number;
  /** Whether the user may ask the owner to confirm (staff who record payments, a schedule in force). */
  canAsk: boolean;
  /** Whether the user may forgive a month (managers, a schedule in force). */
  canWaive: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A month's details: its dates, what it owes, its pagaré, the owner's confirmation and the payments applied to it. */
export function MonthDialog({ month, payments, policyId, version, canAsk, canWaive, onOpenChange }: MonthDialogProps) {
  return (
    <Dialog open={month !== null} onOpenChange={onOpenChange}>
      {month ? (
        <DialogContent title={`Renta de ${periodLabel(month.period)}`} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DetailList className="mt-5" items={monthDetails(month)} />
          {canAsk && isAskable(month) ? <ConfirmationRequest policyId={policyId} month={month} /> : null}
          <AppliedPayments period={month.period} payments={payments} />
          {canWaive && isWaivable(month) ? (
            <div className="mt-6 flex justify-end">
              <WaiveMonthButton policyId={policyId} version={version} month={month} />
            </div>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function monthDetails(month: RentMonth) {
  const items: Array<{ label: string; value: string; wide?: boolean }> = [
    { label: 'Estado', value: rentMonthStateLabels[month.state] },
    { label: 'Vencimiento', value: formatLongDate(month.dueOn) },
    { label: 'Días de gracia', value: String(month.graceDays) },
    { label: 'Días de atraso', value: month.daysLate > 0 ? daysText(month.daysLate) : 'Ninguno' },
    { label: 'Importe', value: formatPesos(month.amountDue) },
    { label: 'Pagado', value: formatPesos(month.paid) },
    { label: 'Adeudo', value: formatPesos(month.owed) },
    // The lease's clause, shown apart: the office decides whether to charge it.
    ...((moneyToCents(month.interest) ?? 0) > 0 ? [{ label: lateInterestMessages.label, value: lateInterestMessages.monthValue(month.interest) }] : []),
    { label: 'Pagaré', value: `${month.pagare.number} de ${month.pagare.of} · ${pagareStateLabels[month.pagare.state]} (${pagareStateNotes[month.pagare.state]})` },
  ];
  if (month.paidOn) items.push({ label: 'Liquidada el', value: formatLongDate(month.paidOn) });
  if (month.waivedReason) items.push({ label: 'Motivo de la condonación', value: month.waivedReason, wide: true });
  items.push({ label: 'Confirmación del propietario', value: confirmationText(month.confirmation), wide: true });
  return items;
}

/** The payments (standing ones: a reversed payment is applied to nothing) that cover part of the month. */
function AppliedPayments({ period, payments }: { period: string; payments: RentPayment[] }) {
  const applied = payments.flatMap((payment) => {
    const part = payment.appliedTo.find((allocation) => allocation.period === period);
    return part ? [{ payment, amount: part.amount }] : [];
  });
  return (
    <div className="mt-6 space-y-2">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Pagos aplicados</h3>
      {applied.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Ningún pago se ha aplicado a este mes.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-700">
          {applied.map(({ payment, amount }) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
              <span>
                {formatDate(payment.receivedOn)} · {paymentMethodLabels[payment.method]}
                {payment.reference ? <span className="block text-xs text-slate-500 dark:text-slate-400">Ref. {payment.reference}</span> : null}
              </span>
              <span className="tabular-nums">
                {formatPesos(amount)}
                {amount === payment.amount ? null : <span className="block text-xs text-slate-500 dark:text-slate-400">de {formatPesos(payment.amount)}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
