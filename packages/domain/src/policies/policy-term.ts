/*
 * A policy's term: it starts on the rent's contract start date and runs `termMonths` whole
 * months. Dates are calendar days `yyyy-MM-dd` (no time, no zone), computed in UTC arithmetic so
 * the result never depends on where the code runs.
 */

export const defaultTermMonths = 12;
export const minTermMonths = 1;
export const maxTermMonths = 60;

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): { year: number; month: number; date: number } {
  const match = isoDay.exec(day);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

function formatDay(utc: Date): string {
  return utc.toISOString().slice(0, 10);
}

/** Days in a month (`month` 1–12, may overflow into later years). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The last day of a term of `termMonths` months starting on `start`: the day before the same day
 * `termMonths` later (2026-01-15 + 12 → 2027-01-14). When that day does not exist in the target
 * month (start 31 January, one month), the term ends on that month's last day (28 or 29
 * February): the next term then starts on the 1st of the following month, so consecutive terms
 * never overlap and none is shorter than its months. Null when there is no start date.
 */
export function policyEndDate(start: string | null, termMonths: number): string | null {
  if (!start) return null;
  const { year, month, date } = parseDay(start);
  const targetMonth = month + termMonths;
  const lastDay = daysInMonth(year, targetMonth);
  if (date > lastDay) return formatDay(new Date(Date.UTC(year, targetMonth - 1, lastDay)));
  return formatDay(new Date(Date.UTC(year, targetMonth - 1, date - 1)));
}

/** The calendar day after `day` (a renewal starts the day after the old term ends). */
export function dayAfter(day: string): string {
  return addDays(day, 1);
}

/** `day` moved by `days` calendar days (negative goes back). */
export function addDays(day: string, days: number): string {
  const { year, month, date } = parseDay(day);
  return formatDay(new Date(Date.UTC(year, month - 1, date + days)));
}
