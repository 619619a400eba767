import { sql, type Subquery } from 'drizzle-orm';
import { searchTotalCap } from '@portal/domain';
import type { Executor } from './client';

/** The total of a paged search: exact up to the cap, then the cap and a flag (issue 13). */
export interface CappedTotal {
  total: number;
  totalIsCapped: boolean;
}

/** How many rows `limitedTo` may read: one past the cap, to know whether there are more. */
export const cappedCountLimit = searchTotalCap + 1;

/**
 * Counts the rows of `matching` — a subquery of the matching rows already limited to
 * `cappedCountLimit` — so the count stops reading after 1,001 rows however many match.
 */
export async function cappedCount(db: Executor, matching: Subquery): Promise<CappedTotal> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  const count = row?.count ?? 0;
  return count > searchTotalCap ? { total: searchTotalCap, totalIsCapped: true } : { total: count, totalIsCapped: false };
}
