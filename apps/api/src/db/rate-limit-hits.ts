import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';
import { rateLimitHits } from './schema/index';

/*
 * The public pages' rate-limit counters (issue 19): the SQL behind db/postgres-rate-limit-store.ts.
 */

/** Roughly one call in this many also deletes rows whose window ended over a minute ago. */
const sweepOneIn = 200;

/**
 * Counts one call in `key`'s current window and answers the count and the window's milliseconds
 * left. One statement, so concurrent calls (on any instance) each get their own count; the
 * database's clock is everyone's clock.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [row] = rowsOf<{ hits: number; ttl: number }>(
    await db.execute(sql`
      insert into ${rateLimitHits} as r (key, hits, expires_at) values (${key}, 1, now() + ${window})
      on conflict (key) do update set
        hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
        expires_at = case when r.expires_at <= now() then now() + ${window} else r.expires_at end
      returning r.hits, greatest(0, ceil(extract(epoch from (r.expires_at - now())) * 1000))::float8 as ttl`),
  );
  if (Math.random() * sweepOneIn < 1) await sweepEndedWindows(db);
  return { current: Number(row!.hits), ttl: Number(row!.ttl) };
}

/** Deletes the rows whose window ended over a minute ago (a caller seen once would stay for ever). */
export async function sweepEndedWindows(db: Db): Promise<void> {
  await db.execute(sql`delete from ${rateLimitHits} where expires_at < now() - interval '1 minute'`);
}
