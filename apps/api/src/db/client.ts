import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

type Schema = typeof schema;
/** The one database type the code sees, whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Serialises start-up work (migrations, seed) across app instances sharing one database. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PostgreSQL connections kept at most (10 when not given). */
  poolMax?: number | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
}

const STARTUP_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolMax) : openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so there is no one else to wait for.
    withStartupLock: (work) => work(),
    close: () => client.close(),
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
    close: () => pool.end(),
  };
}
