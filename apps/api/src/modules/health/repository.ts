import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The `created_at` of the newest migration drizzle applied here (the journal's `when`), or null
 * when none was (drizzle's table does not exist yet).
 */
export async function latestAppliedMigration(db: Executor): Promise<number | null> {
  const [exists] = rowsOf<{ exists: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`));
  if (!exists?.exists) return null;
  const [row] = rowsOf<{ at: string | number | null }>(await db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`));
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
