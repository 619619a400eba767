import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { newDatabaseTemplate } from './pglite-template';
import { earlyPgliteWasm } from './pglite-wasm';
import * as schema from './schema/index';

type Schema = typeof schema;
/** The one database type the code sees, whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Db | Tx;

/**
 * Runs independent reads side by side on a pool, and one after another inside a transaction: a
 * transaction is one connection, which answers one query at a time anyway (node-postgres warns
 * that queuing them is deprecated, and pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(db: Executor, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Serialises start-up work (migrations, seed) across app instances sharing one database. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on `channel`. `onState(true)` once listening (and after every
   * reconnection: notifications sent meanwhile are lost, so the listener must assume anything
   * changed); `onState(false)` when the connection is lost. Resolves to the unsubscribe function.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** How the job queue (pg-boss, jobs/) reaches this same database. */
  jobConnection: JobConnection;
  /** The PostgreSQL pool's connections now (for /metrics); null on PGlite, which has none. */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open. */
  total: number;
  /** Open and free. */
  idle: number;
  /** Queries waiting for a connection: above 0 for long means DATABASE_POOL_MAX is too small. */
  waiting: number;
}

/**
 * On PostgreSQL the queue opens a small pool of its own from the URL (its polling must not wait
 * behind the app's requests); PGlite has one engine, so the queue sends its SQL through it.
 */
export type JobConnection = { connectionString: string } | { executeSql: SqlRunner };
type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

interface NotificationHandlers {
  onNotify(payload: string): void;
  onState(listening: boolean): void;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PostgreSQL connections kept at most (10 when not given). */
  poolMax?: number | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** The copy of an empty database a new pgliteDir starts from (pglite-template.ts; tests name another). */
  pgliteTemplate?: string | undefined;
}

const STARTUP_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolMax) : openPglite(options.pgliteDir, options.pgliteTemplate);
}

/**
 * PostgreSQL settings for PGlite's one backend, after PGlite's own. shared_buffers: PostgreSQL's
 * default 128 MB is allocated and cleared inside WebAssembly at every start, a third of a start's
 * CPU on PGlite (issue 30); 32 MB keeps a small office's whole database cached (pages beyond it
 * come from the OS's file cache: a query loop over a 70 MB database was ≈ 8 % slower) and ≈ 100 MB
 * less resident memory.
 */
const pgliteSettings = ['-c', 'shared_buffers=32MB'];

async function openPglite(dir: string | undefined, templateFile?: string): Promise<Database> {
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  // Read only when PGlite is the database: a start on PostgreSQL does not load it (issue 30).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const template = dir && (await newDatabaseTemplate(dir, templateFile));
  const pgliteWasmModule = await earlyPgliteWasm();
  const options = { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...pgliteSettings], ...(pgliteWasmModule ? { pgliteWasmModule } : {}) };
  if (dir && template) {
    try {
      return pgliteDatabase(await PGlite.create(dir, { ...options, loadDataDir: template }));
    } catch {
      // A copy this PGlite cannot open (made by another version): the directory was new, so it
      // goes, and initdb makes it as it would have without the copy.
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  return pgliteDatabase(await PGlite.create(dir ?? 'memory://', options));
}

/** The Database of an open PGlite (also the tests' copies of a template). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so there is no one else to wait for.
    withStartupLock: (work) => work(),
    // One engine in this process: notifications arrive after the statement that sent them.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onState(true);
      return async () => {
        handlers.onState(false);
        await unlisten().catch(() => {});
      };
    },
    jobConnection: { executeSql: pgliteSqlRunner(client) },
    poolUse: () => null,
    close: () => client.close(),
  };
}

/** A text pg-boss wraps in its own BEGIN; … COMMIT; (plans.locked in pg-boss). */
const explicitTransaction = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * pg-boss sends its schema's migrations as several statements in one text without values, which
 * only PGlite's `exec` accepts; everything else goes through `query` with its parameters.
 *
 * PGlite is one session shared with the app: a text that opens its own transaction and fails
 * half-way (pg-boss fails some on purpose, e.g. "already on this version") would leave that session
 * in an aborted transaction and every later query of the app failing. So such a text runs inside
 * PGlite's transaction(), which rolls back on error before anyone else may use the session.
 */
function pgliteSqlRunner(client: PGlite): SqlRunner {
  return async (text, values) => {
    if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
    const body = explicitTransaction.exec(text)?.[1];
    const results = body === undefined ? await client.exec(text) : await client.transaction((tx) => tx.exec(body));
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

async function openPostgres(url: string, poolMax = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 10_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async withStartupLock(work) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    jobConnection: { connectionString: url },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

const RECONNECT_MS = 1000;

/**
 * A dedicated connection (not one of the pool's) LISTENing on `channel`, reconnected a second
 * after it drops for as long as the subscription lasts.
 */
async function listenPostgres(url: string, channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    next.on('notification', (message) => handlers.onNotify(message.payload ?? ''));
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      handlers.onState(false);
      next.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    handlers.onState(true);
  };

  // Not listening yet is not fatal: until it is, the listener knows nothing is announced (onState).
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(timer);
    handlers.onState(false);
    await client?.end().catch(() => {});
  };
}

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The name of a prepared statement for `text` (drizzle's `.prepare(name)`): node-postgres parses a
 * named statement once per connection and refuses the same name with another text, so the name
 * is derived from the text itself. PGlite ignores it.
 */
export function statementName(prefix: string, text: string): string {
  return `${prefix}_${crypto.createHash('sha1').update(text).digest('base64url')}`;
}

/** What executeNamed reaches inside drizzle: the same two members its own `execute` uses. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
}

/**
 * `db.execute(query)` as a named prepared statement (statementName): for a long statement whose
 * text depends only on its shape — a new policy's CTE chain, one text per count of tenants,
 * references, guarantors and vehicles — PostgreSQL parses and analyses it once per connection
 * instead of on every execution (issue 30). drizzle's `execute` takes no name; this does what it
 * does with one.
 */
export async function executeNamed<T>(db: Executor, prefix: string, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  return rowsOf<T>(await session.prepareQuery(built, undefined, statementName(prefix, built.sql), false).execute());
}
