/** Names in the lists are joined by commas and cut at 50 characters plus '...' (spec section 9). */
export const nameDisplayLimit = 50;

export function joinNamesForDisplay(names: ReadonlyArray<string | null | undefined>, limit = nameDisplayLimit): string {
  const joined = names
    .map((name) => name?.trim())
    .filter(Boolean)
    .join(', ');
  return joined.length > limit ? `${joined.slice(0, limit)}...` : joined;
}
