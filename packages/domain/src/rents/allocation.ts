import { addDays } from '../policies/policy-term';
import type { RentMonthState } from './rent-values';

/*
 * How payments meet the schedule (issue 32, decision 026). Every payment that stands (not
 * reversed) is applied, in the order it was received, to the oldest months still owed; a month
 * partly covered stays partly covered; what is left over after the last month is a credit. The
 * allocation is recomputed whole from the payments after every change, so a reversal moves the
 * later payments back onto the months it had covered — never an edit in place.
 */

export interface ScheduleMonth {
  id: number;
  dueOn: string;
  graceDays: number;
  amountDueCents: number;
  waived: boolean;
  /** Due before its schedule was kept here (a policy in force before the portal kept rents): never En mora by itself. */
  untracked?: boolean;
}

export interface StandingPayment {
  id: number;
  amountCents: number;
  receivedOn: string;
}

export interface AllocatedMonth {
  id: number;
  paidCents: number;
  /** The day the month became fully paid (the receipt date of the payment that completed it). */
  paidOn: string | null;
  state: RentMonthState;
}

export interface Allocation {
  paymentId: number;
  monthId: number;
  amountCents: number;
}

/** The last day a month may be paid without being late: its due date plus the grace days. */
export function lastDayOnTime(month: { dueOn: string; graceDays: number }): string {
  return addDays(month.dueOn, month.graceDays);
}

/** A month's state from what covers it and the day (`today`, Mexico City, `yyyy-MM-dd`). */
export function monthState(month: ScheduleMonth, paidCents: number, paidOn: string | null, today: string): RentMonthState {
  if (month.waived) return 'waived';
  const deadline = lastDayOnTime(month);
  if (paidCents >= month.amountDueCents) return paidOn !== null && paidOn > deadline ? 'paid_late' : 'paid';
  if (today > deadline && !month.untracked) return 'overdue';
  return paidCents > 0 ? 'partial' : 'pending';
}

/** Applies `payments` to `months` (both in order: months by due date, payments by receipt date then id). */
export function allocatePayments(months: readonly ScheduleMonth[], payments: readonly StandingPayment[], today: string) {
  const owed = months.map((month) => ({ month, paid: 0, paidOn: null as string | null }));
  const allocations: Allocation[] = [];
  let creditCents = 0;
  let next = 0;
  for (const payment of payments) {
    let left = payment.amountCents;
    while (left > 0 && next < owed.length) {
      const entry = owed[next]!;
      const due = entry.month.waived ? 0 : entry.month.amountDueCents - entry.paid;
      if (due <= 0) {
        next += 1;
        continue;
      }
      const applied = Math.min(due, left);
      entry.paid += applied;
      left -= applied;
      allocations.push({ paymentId: payment.id, monthId: entry.month.id, amountCents: applied });
      if (entry.paid >= entry.month.amountDueCents) entry.paidOn = payment.receivedOn;
    }
    creditCents += left;
  }
  const allocated: AllocatedMonth[] = owed.map(({ month, paid, paidOn }) => ({
    id: month.id,
    paidCents: paid,
    paidOn,
    state: monthState(month, paid, paidOn, today),
  }));
  return { months: allocated, allocations, creditCents };
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
