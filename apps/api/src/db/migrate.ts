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
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
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
