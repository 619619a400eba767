import { addDays, addMonths, addWeeks, endOfMonth, endOfWeek, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { businessDate, calendarHours } from '@portal/domain';

/**
 * The calendar's date arithmetic. Days travel as 'yyyy-MM-dd' strings (what the API stores and
 * asks for: Mexico City calendar dates); they become local-midnight Dates only to count with
 * date-fns, and back, so the browser's own time zone never moves an appointment to another day.
 */

export const calendarModes = ['day', 'week', 'month'] as const;
export type CalendarMode = (typeof calendarModes)[number];
export const calendarModeLabels: Record<CalendarMode, string> = { day: 'Día', week: 'Semana', month: 'Mes' };

/** Spec: the week starts on Monday. */
const weekOptions = { weekStartsOn: 1 } as const;
const dayFormat = 'yyyy-MM-dd';

/** A 'yyyy-MM-dd' day as local midnight, or null when it is not a real date. */
export function parseDay(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, dayFormat, new Date(2000, 0, 1));
  return isValid(date) && format(date, dayFormat) === value ? date : null;
}

function toDay(date: Date): string {
  return format(date, dayFormat);
}

function asDate(day: string): Date {
  return parseDay(day) ?? new Date(Number.NaN);
}

/** Today in Mexico City ('yyyy-MM-dd'), whatever the browser's time zone. */
export function todayInBusinessZone(now: Date = new Date()): string {
  return businessDate(now);
}

/** The day one period before (-1) or after (+1): a day, a week or a month away. */
export function shiftPeriod(mode: CalendarMode, day: string, step: 1 | -1): string {
  const date = asDate(day);
  if (mode === 'day') return toDay(addDays(date, step));
  if (mode === 'week') return toDay(addWeeks(date, step));
  return toDay(addMonths(date, step));
}

/** Monday to Sunday of the day's week. */
export function weekDays(day: string): string[] {
  const monday = startOfWeek(asDate(day), weekOptions);
  return Array.from({ length: 7 }, (_, index) => toDay(addDays(monday, index)));
}

/** The month's grid: whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export function monthWeeks(day: string): string[][] {
  const date = asDate(day);
  const first = startOfWeek(startOfMonth(date), weekOptions);
  const last = endOfWeek(endOfMonth(date), weekOptions);
  const weeks: string[][] = [];
  for (let monday = first; monday <= last; monday = addWeeks(monday, 1)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => toDay(addDays(monday, index))));
  }
  return weeks;
}

/** The days a view shows, which are the days the calendar asks the API for. */
export function visibleRange(mode: CalendarMode, day: string): { from: string; to: string } {
  if (mode === 'day') return { from: day, to: day };
  if (mode === 'week') {
    const days = weekDays(day);
    return { from: days[0]!, to: days[6]! };
  }
  const weeks = monthWeeks(day);
  return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! };
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** 'jueves, 3 de diciembre de 2026' */
export function longDate(day: string): string {
  const date = parseDay(day);
  return date ? format(date, "EEEE, d 'de' MMMM 'de' yyyy", { locale: es }) : day;
}

/** 'jue 3 dic': a week column's heading. */
export function shortWeekday(day: string): string {
  return format(asDate(day), 'EEE', { locale: es });
}

export function weekdayName(day: string): string {
  return format(asDate(day), 'EEEE', { locale: es });
}

export function dayOfMonth(day: string): number {
  return asDate(day).getDate();
}

/**
 * The period in words: 'lunes, 23 de noviembre de 2026', 'semana del 23 al 29 de noviembre de
 * 2026' (or 'del 30 de noviembre al 6 de diciembre de 2026' across months), 'noviembre de 2026'.
 */
export function periodTitle(mode: CalendarMode, day: string): string {
  if (mode === 'day') return longDate(day);
  const date = asDate(day);
  if (mode === 'month') return format(date, "MMMM 'de' yyyy", { locale: es });
  const days = weekDays(day);
  const start = asDate(days[0]!);
  const end = asDate(days[6]!);
  const fmt = (value: Date, pattern: string) => format(value, pattern, { locale: es });
  if (start.getFullYear() !== end.getFullYear()) {
    return `semana del ${fmt(start, "d 'de' MMMM 'de' yyyy")} al ${fmt(end, "d 'de' MMMM 'de' yyyy")}`;
  }
  if (start.getMonth() !== end.getMonth()) {
    return `semana del ${fmt(start, "d 'de' MMMM")} al ${fmt(end, "d 'de' MMMM 'de' yyyy")}`;
  }
  return `semana del ${fmt(start, 'd')} al ${fmt(end, "d 'de' MMMM 'de' yyyy")}`;
}

/** Spec: the week grid's rows, 8 to 18 (11 rows). */
export const calendarHourRows: number[] = Array.from({ length: calendarHours.last - calendarHours.first + 1 }, (_, index) => calendarHours.first + index);

/**
 * The row an appointment goes in: its start hour. One that starts before 8 or after 18 goes in
 * the first or the last row (its time, on the button, says when it really is) rather than vanish.
 */
export function hourRow(startTime: string): number {
  const hour = Number.parseInt(startTime.slice(0, 2), 10);
  if (!Number.isFinite(hour)) return calendarHours.first;
  return Math.min(calendarHours.last, Math.max(calendarHours.first, hour));
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
