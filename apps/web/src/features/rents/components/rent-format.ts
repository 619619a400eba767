import { formatPesos, moneyToCents, paymentMethodLabels, type RentLedger, type RentMonthState, type RentPayment } from '@portal/domain';
import { formatDate } from '@/lib/dates';

/*
 * How a month looks by its state (issue 32). The colour only repeats what the state's label
 * says in words: paid green, paid late green edged in amber, partial amber, overdue red,
 * pending plain, waived grey.
 */
export const monthStateClasses: Record<RentMonthState, string> = {
  paid: 'border-emerald-200 bg-emerald-50 text-emerald-900 hover:bg-emerald-100 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100',
  paid_late: 'border-amber-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100 dark:border-amber-800 dark:bg-emerald-950/50 dark:text-emerald-100',
  partial: 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  overdue: 'border-red-300 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  pending: 'border-slate-200 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  waived: 'border-slate-200 bg-slate-100 text-slate-500 hover:bg-slate-200 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400',
};

/** The dot beside the state's label (decorative: the label says it). */
export const monthStateDotClasses: Record<RentMonthState, string> = {
  paid: 'bg-emerald-500',
  paid_late: 'bg-amber-500',
  partial: 'bg-amber-500',
  overdue: 'bg-red-500',
  pending: 'bg-slate-300 dark:bg-slate-600',
  waived: 'bg-slate-400',
};

/** Whether an amount is more than zero, read as cents (never as a float). */
function isPositive(amount: string): boolean {
  return (moneyToCents(amount) ?? 0) > 0;
}

/** The header's totals: Pagado and Adeudo always, Saldo a favor only when there is one. */
export function ledgerTotals(ledger: RentLedger): Array<{ label: string; value: string }> {
  const totals = [
    { label: 'Pagado', value: formatPesos(ledger.totals.paid) },
    // Every month of the term not paid yet, due or not: what is late is the arrears line's.
    { label: 'Por pagar del plazo', value: formatPesos(ledger.totals.owed) },
  ];
  if (isPositive(ledger.totals.credit)) totals.push({ label: 'Saldo a favor', value: formatPesos(ledger.totals.credit) });
  return totals;
}

/** 1 día / 12 días. */
export function daysText(days: number): string {
  return days === 1 ? '1 día' : `${days} días`;
}

/** '03 dic 2026 · $18,500.00 · Transferencia / SPEI'. */
export function paymentTitle(payment: RentPayment): string {
  return `${formatDate(payment.receivedOn)} · ${formatPesos(payment.amount)} · ${paymentMethodLabels[payment.method]}`;
}

/** What a comprobante may be (the server judges by the bytes: PDF, JPEG or PNG). */
export const receiptAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
