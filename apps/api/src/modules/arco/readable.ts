import { arcoExportTexts, businessTimeZone, formatMoney, formatPhone } from '@portal/domain';

/*
 * The ARCO export's values as the person it describes reads them (the PDF): dates in Mexico City
 * time and Spanish months, money with its sign, yes/no. The JSON keeps ISO 8601 (decision 019).
 */

const dayFormat = new Intl.DateTimeFormat('es-MX', { timeZone: businessTimeZone, day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('es-MX', { timeZone: businessTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
// A calendar date ('2026-12-03') is no instant: it is read at noon UTC so no zone moves its day.
const calendarDay = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

// Leads keep E.164 (issue 20): '+528117364925' reads '81 1736 4925'.
const phoneKeys = new Set(['phone', 'mobile', 'phonewhats']);

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** '27 nov 2026' (the day in Mexico City). */
export function mexicoCityDay(at: Date): string {
  return dayFormat.format(at);
}

/** '27 nov 2026, 03:23, hora de la Ciudad de México'. */
export function mexicoCityDateTime(at: Date): string {
  return `${dayFormat.format(at)}, ${timeFormat.format(at)}, hora de la Ciudad de México`;
}

/** '3 dic 2026' for '2026-12-03'. */
function calendarDate(isoDay: string): string {
  return calendarDay.format(new Date(`${isoDay}T12:00:00Z`));
}

function readableText(text: string): string {
  if (isoInstant.test(text)) return mexicoCityDateTime(new Date(text));
  if (isoDate.test(text)) return calendarDate(text);
  // A text of several lines (the lead's notes) reads as one line in the PDF.
  return text.replace(/\s*\n\s*/g, ' · ');
}

/** A value of the export as the PDF shows it; '' for an empty one (the PDF leaves it out). */
export function readableValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? arcoExportTexts.yes : arcoExportTexts.no;
  if (typeof value === 'number') return key === 'monthlyIncome' ? formatMoney(value) : String(value);
  if (value instanceof Date) return mexicoCityDateTime(value);
  if (Array.isArray(value)) return value.map((item) => readableValue(key, item)).filter(Boolean).join(', ');
  if (phoneKeys.has(key)) return formatPhone(String(value));
  return readableText(String(value).trim());
}
