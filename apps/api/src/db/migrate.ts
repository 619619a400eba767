import fs from 'node:fs';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';
import { apiRoot } from '../api-root';

const migrationsFolder = path.join(apiRoot, 'drizzle');

/** Applies the committed SQL migrations that this database has not seen yet. */
export async function runMigrations(database: Database): Promise<void> {
  try {
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
