import { adminRoles, hasRole } from '../auth/permissions';
import type { Role } from '../auth/role-values';

/** The business's clock: folios and "today" are Mexico City time wherever the server runs. */
export const businessTimeZone = 'America/Mexico_City';

const businessDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Mexico City calendar date of an instant, `yyyy-MM-dd` ("today" by default), wherever the code runs. */
export function businessDate(at: Date = new Date()): string {
  return businessDayFormat.format(at);
}

// Made on first use: a browser page that never writes a folio does not pay for it.
let folioClockFormat: Intl.DateTimeFormat | undefined;
const folioClock = () =>
  (folioClockFormat ??= new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}));

/**
 * Investigation folio `INV-{ddMMyyyy}-{HHmm}-{3 digits}` (spec section 9), in Mexico City time.
 * `random` is 0–999; the caller draws it, so the format is testable.
 */
export function formatInvestigationFolio(at: Date, random: number): string {
  const suffix = String(Math.trunc(random) % 1000).padStart(3, '0');
  return `${investigationFolioMinute(at)}${suffix}`;
}

/** The last minute asked for and its prefix: a create asks twice, and formatToParts is slow. */
let lastMinute: { epochMinute: number; prefix: string } | undefined;

/** What every folio of the instant's minute starts with: `INV-{ddMMyyyy}-{HHmm}-`. */
export function investigationFolioMinute(at: Date): string {
  // Mexico City's offsets are whole hours, so its minutes are the epoch's minutes.
  const epochMinute = Math.floor(at.getTime() / 60_000);
  if (lastMinute?.epochMinute === epochMinute) return lastMinute.prefix;
  const parts = Object.fromEntries(folioClock().formatToParts(at).map((part) => [part.type, part.value]));
  const prefix = `INV-${parts.day}${parts.month}${parts.year}-${parts.hour}${parts.minute}-`;
  lastMinute = { epochMinute, prefix };
  return prefix;
}

/**
 * The three-digit numbers (0–999) of a minute's folios not in `taken`, ascending: a new policy
 * draws among them, so it is refused only when all 1,000 of the minute are taken.
 */
export function freeFolioNumbers(taken: Iterable<number>): number[] {
  const used = taken instanceof Set ? (taken as Set<number>) : new Set(taken);
  return Array.from({ length: 1000 }, (_, number) => number).filter((number) => !used.has(number));
}

export const investigationFolioPattern = /^INV-\d{8}-\d{4}-\d{3}$/;

/** The year of an instant in Mexico City (the policy number's year). */
export function businessYear(at: Date): number {
  return Number(businessDate(at).slice(0, 4));
}

/**
 * Folio de póliza `{branch code}-{year}-{NNNNN}` (`POL-2026-00042`): the branch's counter of that
 * year, zero-padded to five digits (a sixth digit appears past 99,999 rather than wrapping).
 */
export function formatPolicyNumber(branchCode: string, year: number, sequence: number): string {
  return `${branchCode}-${year}-${String(sequence).padStart(5, '0')}`;
}

/**
 * The folio de póliza is the server's (given at 'Contratos generados'): a client's is ignored,
 * except an admin's on a policy that has none yet — an old policy being imported keeps the
 * number it was issued with. The server checks it is not another policy's.
 */
export function canSetPolicyNumber(role: Role, stored: string): boolean {
  return hasRole(role, adminRoles) && stored === '';
}

/**
 * The folio a policy is named by wherever people read it (the signing page, the pack's file
 * names, its documents, the history, the bell): its folio de póliza once it has one, else its
 * investigation folio. One rule, so no screen or file names a policy differently (issue 29).
 */
export function policyDisplayFolio(policy: { policyNumber: string | null; investigationId: string }): string {
  return policy.policyNumber?.trim() || policy.investigationId;
}
