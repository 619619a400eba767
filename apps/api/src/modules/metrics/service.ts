import { Gauge, type Registry } from 'prom-client';
import type { Database, Db, PoolUse } from '../../db/client';
import { outboxBacklog } from '../email/index';
import { queueDepths } from '../jobs/index';

interface ScrapeSources {
  db: Db;
  dbKind: Database['kind'];
  poolUse(): PoolUse | null;
  log: { warn(object: object, message: string): void };
}

/**
 * Gauges read when Prometheus scrapes, not kept up to date in between: the pool's counts (free)
 * and two grouped counts in the database (the outbox and pg-boss's job table, both indexed by
 * status). A read that fails leaves its gauge empty for that scrape rather than failing it.
 */
export function addScrapeGauges(registry: Registry, sources: ScrapeSources): void {
  const registers = [registry];
  new Gauge({ name: 'portal_database_info', help: 'The database this instance uses (kind: pglite or postgres)', labelNames: ['kind'], registers }).set(
    { kind: sources.dbKind },
    1,
  );

  new Gauge({
    name: 'portal_database_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting = queries waiting for one); absent on PGlite',
    labelNames: ['state'],
    registers,
    collect() {
      this.reset();
      const use = sources.poolUse();
      if (!use) return;
      for (const [state, count] of Object.entries(use)) this.set({ state }, count);
    },
  });

  new Gauge({
    name: 'portal_jobs',
    help: "Jobs in pg-boss's job table by queue and state (created and retry: waiting; active: running; failed: failed recently)",
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      const depths = await queueDepths(sources.db).catch((error: unknown) => warn(sources, error, 'jobs'));
      for (const row of depths ?? []) this.set({ queue: row.name, state: row.state }, row.count);
    },
  });

  new Gauge({
    name: 'portal_email_outbox',
    help: 'E-mails in the outbox by status (queued: not sent yet; failed: given up)',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      const backlog = await outboxBacklog(sources.db).catch((error: unknown) => warn(sources, error, 'outbox'));
      if (!backlog) return;
      this.set({ status: 'queued' }, backlog.queued);
      this.set({ status: 'failed' }, backlog.failed);
    },
  });
}

function warn(sources: ScrapeSources, error: unknown, what: string): undefined {
  sources.log.warn({ err: error, metric: what }, 'metrics: could not read');
  return undefined;
}
