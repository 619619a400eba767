import { businessTimeZone } from '../policies/folio';

/**
 * Conditional writes (issue 28, decision 023): every editable record carries a version that the
 * database raises on each write. It travels as a strong ETag, `"v12"`, and comes back in
 * `If-Match`; a save whose version is no longer current is refused with a 412.
 */

/** The ETag of a record's version: strong and quoted, `"v12"`. */
export function versionETag(version: number): string {
  return `"v${version}"`;
}

/** What an `If-Match` header asks for: any current record (`*`), or one of these versions. */
export type IfMatch = { kind: 'any' } | { kind: 'versions'; versions: number[] };

/** One entity-tag: `"…"` or `W/"…"`, the quoted part in RFC 9110's etagc characters. */
const entityTag = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
const ourTag = /^v(0|[1-9]\d{0,9})$/;

/**
 * Parses `If-Match` as RFC 9110 (13.1.1) defines it: `*` or a comma-separated list of
 * entity-tags. A weak tag never matches (If-Match compares strongly) and a strong tag that is not
 * one of ours matches no version; both leave the list as it is. Returns null when the header is
 * not that grammar at all (the caller answers 400).
 */
export function parseIfMatch(header: string): IfMatch | null {
  const trimmed = header.trim();
  if (trimmed === '*') return { kind: 'any' };
  const members = trimmed.split(',').map((member) => member.trim()).filter((member) => member !== '');
  if (members.length === 0) return null;
  const versions: number[] = [];
  for (const member of members) {
    const match = entityTag.exec(member);
    if (!match) return null;
    const version = match[1] ? null : ourTag.exec(match[2]!);
    if (version) versions.push(Number(version[1]));
  }
  return { kind: 'versions', versions };
}

/** Whether a record at `current` may be written under `condition` (none: always, as before). */
export function versionMatches(condition: IfMatch | undefined, current: number): boolean {
  return !condition || condition.kind === 'any' || condition.versions.includes(current);
}

// Made on first use (a 412's message): the many pages that import this module never need them.
let formats: { clock: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;
const staleFormats = () =>
  (formats ??= {
    clock: new Intl.DateTimeFormat('es-MX', { timeZone: businessTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    day: new Intl.DateTimeFormat('es-MX', { timeZone: businessTimeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
  });

export const recordVersionMessages = {
  /** A malformed If-Match: the field is the header's name. */
  invalidIfMatch: 'El encabezado If-Match no es válido: envíe la etiqueta (ETag) que recibió al leer el registro.',
  /** Who last saved, when the row does not say (a job, or a save before versions existed). */
  someoneElse: 'Alguien más',
  reload: 'Recargar',
  reloadFailed: 'No se pudo recargar el registro. Intente nuevamente.',
} as const;

/**
 * The 412's message: who saved and when, Mexico City time on a 24-hour clock, with the date
 * when it was not today. 'María López guardó cambios a las 10:42. Recargue para verlos; lo que
 * usted escribió sigue aquí.'
 */
export function staleVersionMessage(savedBy: string | null, savedAt: Date, now: Date = new Date()): string {
  const who = savedBy?.trim() || recordVersionMessages.someoneElse;
  const { clock, day } = staleFormats();
  const sameDay = day.format(savedAt) === day.format(now);
  const when = sameDay ? `a las ${clock.format(savedAt)}` : `el ${day.format(savedAt)} a las ${clock.format(savedAt)}`;
  return `${who} guardó cambios ${when}. Recargue para verlos; lo que usted escribió sigue aquí.`;
}
