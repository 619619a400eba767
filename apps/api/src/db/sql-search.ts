import { sql, type SQL } from 'drizzle-orm';

/** `%text%` for LIKE, with the text's own %, _ and \ matched literally. */
export function containsPattern(needle: string): string {
  return `%${escapeLike(needle)}%`;
}

/** `text%` for LIKE (a prefix, which a btree with pattern ops can look up), literal otherwise. */
export function prefixPattern(needle: string): string {
  return `${escapeLike(needle)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Lower case without Spanish accents, in SQL: the same folding as foldForSearch in the domain, so
 * a folded search text matches 'Íñigo' as 'inigo'.
 */
export function foldSql(value: SQL): SQL {
  return sql`translate(lower(${value}), 'áéíóúüñàèìòù', 'aeiouunaeiou')`;
}
