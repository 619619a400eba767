import { sql, type SQL, type Subquery } from 'drizzle-orm';
import { searchTotalCap } from '@portal/domain';
import { rowsOf, type Executor } from './client';

/** The total of a paged search: exact up to the cap, then the cap and a flag (issue 13). */
export interface CappedTotal {
  total: number;
  totalIsCapped: boolean;
}

/** A select of the matching rows (any columns), not yet limited: the count limits it itself. */
interface MatchingRows {
  limit(limit: number): { as(alias: string): Subquery };
}

/**
 * The number of `matching` rows as a scalar SQL expression that reads at most one row past the
 * cap, however many match; for a total carried in the page's own statement.
 */
export function cappedCountSql(matching: MatchingRows): SQL<number> {
  return sql<number>`(select count(*)::int from ${matching.limit(searchTotalCap + 1).as('matching')})`;
}

/** A count read with `cappedCountSql`, as the response tells it. */
export function toCappedTotal(count: number): CappedTotal {
  return count > searchTotalCap ? { total: searchTotalCap, totalIsCapped: true } : { total: count, totalIsCapped: false };
}

/** Counts the `matching` rows up to the cap, in a statement of its own. */
export async function cappedCount(db: Executor, matching: MatchingRows): Promise<CappedTotal> {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select ${cappedCountSql(matching)} as count`));
  return toCappedTotal(Number(row?.count ?? 0));
}
