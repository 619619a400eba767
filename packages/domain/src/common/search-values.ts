// Search helpers without zod: what every list screen uses (the total's schema is in search.ts).
/**
 * How far a paged list counts its matches exactly. Past it the total says "more than 1,000"
 * (`totalIsCapped`): counting 110,000 matches of a short search costs the server more than the
 * page itself, and nobody reads the exact figure of a result they will narrow anyway.
 */
export const searchTotalCap = 1000;

/** 'más de 1,000 pólizas' / '1 póliza' / '25 pólizas': how a list names its total. */
export function totalText(result: { total: number; totalIsCapped: boolean }, one: string, many: string): string {
  const count = new Intl.NumberFormat('es-MX').format(result.total);
  if (result.totalIsCapped) return `más de ${count} ${many}`;
  return result.total === 1 ? `1 ${one}` : `${count} ${many}`;
}

/**
 * Case- and accent-insensitive text folding for list searches, so that 'Jose' finds 'José'.
 */
export function foldForSearch(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** True when the query is blank or is a substring of any of the given fields. */
export function matchesSearch(query: string, fields: Array<string | null | undefined>): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  return fields.some((field) => foldForSearch(field).includes(needle));
}
