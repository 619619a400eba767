import { sql } from 'drizzle-orm';
import type { JobName, JobRun, JobRunState } from '@portal/domain';
import { rowsOf, type Executor } from '../../db/client';

// pg-boss's own tables (schema `pgboss`, made and migrated by pg-boss, not by our migrations):
// `job` holds runs queued, active and recently finished; `archive` the older finished ones.

interface RunRow {
  id: string;
  name: JobName;
  state: JobRunState;
  retry_count: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: unknown;
}

/** Whether pg-boss has created its schema here yet (no instance with JOBS=on has started). */
export async function jobTablesExist(db: Executor): Promise<boolean> {
  const [row] = rowsOf<{ exists: boolean }>(await db.execute(sql`select to_regclass('pgboss.archive') is not null as "exists"`));
  return row?.exists === true;
}

const runColumns = sql.raw('id::text, name, state::text, retry_count, created_on, started_on, completed_on, output');

/**
 * The latest `perJob` runs of each of `names`, newest first, from both tables: a job run every
 * minute must not push the daily ones out of sight.
 */
export async function recentRuns(db: Executor, names: readonly JobName[], perJob: number): Promise<JobRun[]> {
  const list = sql.join(names.map((name) => sql`${name}`), sql`, `);
  const result = await db.execute(sql`
    select ${runColumns} from (
      select *, row_number() over (partition by name order by created_on desc) as position from (
        (select ${runColumns} from pgboss.job where name in (${list}))
        union all
        (select ${runColumns} from pgboss.archive where name in (${list}))
      ) as runs
    ) as ranked
    where position <= ${perJob}
    order by created_on desc`);
  return rowsOf<RunRow>(result).map(toRun);
}

/** Each job's last run in `state` ('completed' or 'failed'). */
export async function lastRunsIn(db: Executor, names: readonly JobName[], state: 'completed' | 'failed'): Promise<Map<JobName, JobRun>> {
  const list = sql.join(names.map((name) => sql`${name}`), sql`, `);
  const result = await db.execute(sql`
    select distinct on (name) * from (
      (select ${runColumns} from pgboss.job where name in (${list}) and state = ${state})
      union all
      (select ${runColumns} from pgboss.archive where name in (${list}) and state = ${state})
    ) as runs
    order by name, completed_on desc nulls last, created_on desc`);
  return new Map(rowsOf<RunRow>(result).map((row) => [row.name, toRun(row)]));
}

/** Runs not finished yet (queued, active, waiting to retry), by job. */
export async function pendingCounts(db: Executor, names: readonly JobName[]): Promise<Map<JobName, number>> {
  const list = sql.join(names.map((name) => sql`${name}`), sql`, `);
  const result = await db.execute(sql`
    select name, count(*)::int as count from pgboss.job
    where name in (${list}) and state in ('created', 'retry', 'active') group by name`);
  return new Map(rowsOf<{ name: JobName; count: number }>(result).map((row) => [row.name, Number(row.count)]));
}

function toRun(row: RunRow): JobRun {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    // retry_count counts the retries; an admin reads attempts.
    attempts: Number(row.retry_count) + (row.state === 'created' ? 0 : 1),
    createdAt: iso(row.created_on),
    startedAt: row.started_on ? iso(row.started_on) : null,
    completedAt: row.completed_on ? iso(row.completed_on) : null,
    message: outputMessage(row.state, row.output),
  };
}

/** pg-boss's columns are `timestamp with time zone`; PGlite and node-postgres both give Dates, strings when raw. */
function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A completed run keeps what the job returned ({ summary }); a failed one the error pg-boss serialised ({ message }). */
function outputMessage(state: JobRunState, output: unknown): string {
  if (!output || typeof output !== 'object') return '';
  const record = output as Record<string, unknown>;
  const text = state === 'failed' ? record.message : record.summary;
  return typeof text === 'string' ? text.slice(0, 500) : '';
}

/** Runs in pg-boss's job table by queue and state (created, retry, active, failed): the queue's depth and recent failures. */
export async function countsByState(db: Executor): Promise<Array<{ name: string; state: string; count: number }>> {
  const result = await db.execute(sql`
    select name, state::text as state, count(*)::int as count from pgboss.job
    where state in ('created', 'retry', 'active', 'failed') group by name, state`);
  return rowsOf<{ name: string; state: string; count: number }>(result).map((row) => ({ ...row, count: Number(row.count) }));
}
