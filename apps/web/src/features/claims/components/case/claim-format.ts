import { businessTimeZone, defaultClaimStageLabels, type ClaimDetail, type ClaimStage, type ClaimStatus } from '@portal/domain';

/*
 * How a case's pieces read on screen. A collection contact happened at an hour in Mexico City,
 * whatever the computer's clock says: its time is shown, and typed, in Mexico City.
 */

/** The stage's name: the server's (an admin may rename it) for the case's own stage, the default for the others. */
export function stageName(stage: ClaimStage, claim: Pick<ClaimDetail, 'stage' | 'stageLabel'>): string {
  return stage === claim.stage ? claim.stageLabel : defaultClaimStageLabels[stage];
}

export const statusTones: Record<ClaimStatus, 'neutral' | 'brand' | 'success' | 'danger'> = { draft: 'danger', open: 'brand', closed: 'neutral' };

let clockFormat: Intl.DateTimeFormat | undefined;
let partsFormat: Intl.DateTimeFormat | undefined;

/** '5 mar 2027, 14:30' on Mexico City's clock. */
export function formatMexicoDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  clockFormat ??= new Intl.DateTimeFormat('es-MX', { timeZone: businessTimeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return clockFormat.format(at);
}

/** Mexico City's wall clock at an instant, as the numbers Date.UTC takes. */
function wallClock(ms: number): number {
  partsFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** 'YYYY-MM-DDTHH:mm' of now in Mexico City: a datetime-local input's value and its max. */
export function mexicoCityNowLocal(now: Date = new Date()): string {
  return new Date(wallClock(now.getTime())).toISOString().slice(0, 16);
}

/**
 * A datetime-local value read as Mexico City's time → an ISO instant with its offset
 * ('2027-03-05T14:30' → '2027-03-05T14:30:00-06:00'); '' when it is no date and time.
 */
export function mexicoCityInstant(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return '';
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the instant itself (a second pass settles a time beside a change of offset).
  let offset = wallClock(asUtc) - asUtc;
  offset = wallClock(asUtc - offset) - (asUtc - offset);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local.trim()}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** '1 día' / '12 días'. */
export function daysText(days: number): string {
  return days === 1 ? '1 día' : `${days} días`;
}
