import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** '05 mar 2026 14:30' — Spanish month names, 24-hour clock. Empty for a missing or bad date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd MMM yyyy HH:mm', { locale: es }) : '';
}

/** '05 mar 2026' */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd MMM yyyy', { locale: es }) : '';
}

/** The current year, for the footer's copyright line. */
export function currentYear(now = new Date()): number {
  return now.getFullYear();
}

/** '1 de diciembre de 2026': a calendar date as a person writes it (the expediente's summary). */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, "d 'de' MMMM 'de' yyyy", { locale: es }) : '';
}
