import { joinNamesForDisplay, type PolicySummary } from '@portal/domain';
import { formatDate } from '@/lib/dates';

type Address = PolicySummary['propertyAddress'];

/** Shown in a cell with nothing to show, so an empty cell never reads as a rendering glitch. */
export const emptyCell = '—';

function joinParts(parts: Array<string | undefined>): string {
  return parts.map((part) => part?.trim()).filter(Boolean).join(', ');
}

/** 'Av. Reforma 222, Juárez': street and exterior number, colony (the tracking screen). */
export function shortAddress(address: Address): string {
  return joinParts([`${address.street} ${address.exteriorNumber}`, address.colony]);
}

/** Street and exterior number, colony, municipality (the policy list). */
export function fullAddress(address: Address): string {
  return joinParts([`${address.street} ${address.exteriorNumber}`, address.colony, address.municipality]);
}

/** Comma-joined and cut at 50 characters plus '...' (spec section 5). */
export function displayNames(names: string[]): string {
  return joinNamesForDisplay(names) || emptyCell;
}

/**
 * 'dd MMM yyyy' in Spanish. A delivery date is a calendar date ('yyyy-MM-dd'): date-fns' parseISO
 * reads it as local midnight, so west of UTC it does not slip to the day before (new Date would).
 */
export function displayDate(value: string | null): string {
  return formatDate(value) || emptyCell;
}

/**
 * Vigencia: '15 ene 2026 – 14 ene 2027', the contract start to the term's last day; only the end
 * or only the start when the other is missing, the empty cell when neither is known.
 */
export function displayTerm(start: string | null, end: string | null): string {
  const term = formatTermParts(start, end);
  return term ? `${term.start} – ${term.end}` : emptyCell;
}

/** The two ends of Vigencia in Spanish, or null when neither is known. */
export function formatTermParts(start: string | null, end: string | null): { start: string; end: string } | null {
  if (!start && !end) return null;
  return { start: formatDate(start) || emptyCell, end: formatDate(end) || emptyCell };
}
