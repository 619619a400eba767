import { sql, type SQL } from 'drizzle-orm';

/** `%text%` for LIKE, with the text's own %, _ and \ matched literally. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Lower case without Spanish accents, in SQL: the same folding as foldForSearch in the domain, so
 * a folded search text matches 'Íñigo' as 'inigo'.
 */
export function foldSql(value: SQL): SQL {
  return sql`translate(lower(${value}), 'áéíóúüñàèìòù', 'aeiouunaeiou')`;
}
