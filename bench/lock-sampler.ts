import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';

/**
 * `--locks` of the write benches: samples pg_locks and pg_stat_activity every 20 ms during a burst,
 * from a connection of its own, and tells what the app's backends were waiting on — the lock
 * (type, relation or row, mode) and, for row and transaction locks, the table the holder had
 * written. How the queue of creates was found (docs/perf-notes/writes.md).
 */

export interface LockSampler {
  stop(): Promise<string>;
}

const sampleSql = `
  SELECT coalesce(a.wait_event_type, '-') || ':' || coalesce(a.wait_event, '-') AS wait,
    coalesce(l.locktype, '') AS locktype, coalesce(l.mode, '') AS mode, coalesce(c.relname, '') AS relation,
    left(regexp_replace(a.query, '\\s+', ' ', 'g'), 90) AS query
  FROM pg_stat_activity a
  LEFT JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted
  LEFT JOIN pg_class c ON c.oid = l.relation
  WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.state = 'active' AND a.backend_type = 'client backend'`;

export async function sampleLocks(databaseUrl: string): Promise<LockSampler> {
  const database = await openDatabase({ databaseUrl, poolMax: 1 });
  const seen = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = (await database.db.execute(sql.raw(sampleSql))) as unknown as { rows: Array<{ wait: string; locktype: string; mode: string; relation: string; query: string }> };
      samples++;
      for (const row of rows) {
        const key = `${row.wait} ${row.locktype} ${row.mode} ${row.relation} | ${row.query}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await database.close();
      const lines = [...seen.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
      return [`${samples} samples of the active backends (average per sample · wait · lock · statement):`, ...lines.map(([key, count]) => `  ${(count / samples).toFixed(2)}  ${key}`)].join('\n');
    },
  };
}
