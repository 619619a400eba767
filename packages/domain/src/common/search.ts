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
