import {
  centsToMoney,
  daysBetween,
  lastDayOnTime,
  lateInterestCents,
  monthState,
  moneyToCents,
  type PagareState,
  type RentLedger,
  type RentMonth,
  type RentMonthConfirmation,
  type RentMonthState,
  type ScheduleMonth,
} from '@portal/domain';
import type { ConfirmationSummary } from './repository/confirmations';
import type { MonthRow, PaymentRow } from './repository/ledger';

/*
 * The ledger as GET /api/policy/{id}/rents answers it, from what the repository read. States are
 * recomputed for `today` (the daily job writes the same rule into the table for the lists and
 * reports), so the expediente is right even before the day's run.
 */

const cents = (money: string) => moneyToCents(money) ?? 0;

export function scheduleMonth(row: Pick<MonthRow, 'id' | 'dueOn' | 'graceDays' | 'amountDue' | 'state'>, trackedFrom: string): ScheduleMonth {
  return {
    id: row.id,
    dueOn: row.dueOn,
    graceDays: row.graceDays,
    amountDueCents: cents(row.amountDue),
    waived: row.state === 'waived',
    untracked: lastDayOnTime(row) < trackedFrom,
  };
}

function pagareState(state: RentMonthState): PagareState {
  if (state === 'paid' || state === 'paid_late') return 'paid';
  return state === 'overdue' ? 'overdue' : 'custody';
}

function daysLate(month: { dueOn: string; paidOn: string | null }, state: RentMonthState, today: string): number {
  if (state === 'overdue') return Math.max(0, daysBetween(month.dueOn, today));
  if (state === 'paid_late' && month.paidOn) return Math.max(0, daysBetween(month.dueOn, month.paidOn));
  return 0;
}

function confirmationOf(summary: ConfirmationSummary | undefined): RentMonthConfirmation | null {
  if (!summary) return null;
  const asked = { askedCount: summary.askedCount, askedAt: summary.askedAt.toISOString() };
  if (!summary.answeredAt || !summary.answer) return { state: 'asked', ...asked, answeredAt: null };
  return { state: 'answered', answer: summary.answer, ...asked, answeredAt: summary.answeredAt.toISOString() };
}

/**
 * The months as the ledger shows them; `interestRate` is the lease's moratorium rate in hundredths
 * of a percent (null: none), applied to what each month En mora still owes for its days late.
 */
export function ledgerRows(months: MonthRow[], trackedFrom: string, today: string, confirmations: ConfirmationSummary[] = [], interestRate: number | null = null): RentMonth[] {
  const confirmationByMonth = new Map(confirmations.map((summary) => [summary.monthId, summary]));
  return months.map((row) => {
    const paidCents = cents(row.paid);
    const state = monthState(scheduleMonth(row, trackedFrom), paidCents, row.paidOn, today);
    const owedCents = state === 'waived' ? 0 : Math.max(0, cents(row.amountDue) - paidCents);
    const late = daysLate(row, state, today);
    return {
      id: row.id,
      period: row.dueOn.slice(0, 7),
      dueOn: row.dueOn,
      graceDays: row.graceDays,
      amountDue: row.amountDue,
      paid: centsToMoney(paidCents),
      owed: centsToMoney(owedCents),
      state,
      daysLate: late,
      interest: centsToMoney(state === 'overdue' ? lateInterestCents(owedCents, interestRate, late) : 0),
      paidOn: row.paidOn,
      pagare: { number: row.seq, of: months.length, state: pagareState(state) },
      waivedReason: row.waivedReason,
      confirmation: confirmationOf(confirmationByMonth.get(row.id)),
    };
  });
}

export function ledgerOf(
  policyId: number,
  scheduled: boolean,
  rows: RentMonth[],
  payments: PaymentRow[],
  allocations: Array<{ paymentId: number; monthId: number; amount: string }>,
  version: number,
  lateInterestMonthlyRate: string | null = null,
): RentLedger {
  const periodOf = new Map(rows.map((row) => [row.id, row.period]));
  const dueCents = rows.reduce((sum, row) => sum + (row.state === 'waived' ? 0 : cents(row.amountDue)), 0);
  const allocatedCents = allocations.reduce((sum, allocation) => sum + cents(allocation.amount), 0);
  const standingCents = payments.reduce((sum, payment) => sum + (payment.reversal ? 0 : cents(payment.amount)), 0);
  const overdue = rows.filter((row) => row.state === 'overdue');
  return {
    policyId,
    scheduled,
    rows,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      receivedOn: payment.receivedOn,
      method: payment.method,
      reference: payment.reference,
      recordedBy: payment.recordedBy,
      recordedAt: payment.recordedAt.toISOString(),
      appliedTo: allocations
        .filter((allocation) => allocation.paymentId === payment.id)
        .map((allocation) => ({ period: periodOf.get(allocation.monthId) ?? '', amount: allocation.amount })),
      reversal: payment.reversal && { reason: payment.reversal.reason, by: payment.reversal.by, at: payment.reversal.at.toISOString() },
      receipt: payment.receipt,
    })),
    totals: {
      due: centsToMoney(dueCents),
      paid: centsToMoney(allocatedCents),
      owed: centsToMoney(Math.max(0, dueCents - allocatedCents)),
      credit: centsToMoney(Math.max(0, standingCents - allocatedCents)),
    },
    arrears: {
      months: overdue.length,
      amount: centsToMoney(overdue.reduce((sum, row) => sum + cents(row.owed), 0)),
      daysLate: overdue.reduce((most, row) => Math.max(most, row.daysLate), 0),
      interest: centsToMoney(overdue.reduce((sum, row) => sum + cents(row.interest), 0)),
    },
    lateInterestMonthlyRate,
    version,
  };
}
