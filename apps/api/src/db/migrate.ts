import fs from 'node:fs';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from './client';
import { apiRoot } from '../api-root';

const migrationsFolder = path.join(apiRoot, 'drizzle');

/** Applies the committed SQL migrations that this database has not seen yet. */
export async function runMigrations(database: Database): Promise<void> {
  try {
    if (await migrationsApplied(database.db)) return;
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder });
    }
  } catch (error) {
    throw migrationFailure(error);
  }
}

/**
 * Whether drizzle would find nothing to apply — it applies the migrations newer than the newest
 * `created_at` in its table — read with two SELECTs. drizzle's migrator itself starts with CREATE
 * SCHEMA / CREATE TABLE IF NOT EXISTS, which PGlite takes ≈ 0.15 s of CPU to decide are no-ops
 * at every start (issue 30), then reads and hashes every migration file.
 */
async function migrationsApplied(db: Executor): Promise<boolean> {
  const applied = await latestAppliedMigration(db);
  return applied !== null && applied >= latestMigration().createdAt;
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

/**
 * drizzle reports a failed statement as 'Failed query: <the whole migration>', the database's own
 * words only in `cause`, which the start-up message does not print. A migration that stops on
 * purpose (0024 lists duplicated folios) says what to fix there: that text, and its hint, first.
 */
export function migrationFailure(error: unknown): unknown {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error)) return error;
  const hint = (cause as { hint?: unknown }).hint;
  const advice = typeof hint === 'string' && hint ? `\n${hint}` : '';
  return new Error(`Falló una migración de la base de datos: ${cause.message}${advice}`, { cause: error });
}

/**
 * The newest committed migration: its tag and the `when` of drizzle's journal, which drizzle
 * writes as `created_at` in drizzle.__drizzle_migrations when it applies it.
 */
export function latestMigration(): { tag: string; createdAt: number } {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('drizzle/meta/_journal.json lists no migration');
  return { tag: last.tag, createdAt: last.when };
}
