import { addDays } from '../policies/policy-term';

/** `day` plus `months` calendar months, on the month's last day when the day does not exist (31 Jan + 1 → 28/29 Feb). */
export function addMonthsClamped(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
}

/**
 * The due dates of a term's pagarés (issue 16): one per month, each the contract start's day of
 * that month plus the grace period (start 2026-12-01, 5 days' grace → 2026-12-06, 2027-01-06…).
 */
export function promissoryNoteDueDates(contractStart: string, termMonths: number, graceDays: number): string[] {
  return Array.from({ length: termMonths }, (_, month) => addDays(addMonthsClamped(contractStart, month), graceDays));
}
