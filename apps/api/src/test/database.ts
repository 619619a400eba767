import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createScratchDatabase } from '../db/scratch-database';
import { seedTestDatabase } from './fixtures';
import { openTemplateCopy } from './templates';

export interface TestDatabase {
  database: Database;
  /** A URL other processes can open (PostgreSQL only): for tests that start a second app. */
  url: string | undefined;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** With the seed (3 branches, ADMIN in branch 1), as createTestContext wants it. Default: empty. */
  seeded?: boolean;
}

/**
 * A fresh, migrated database of its own for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped afterwards). Copied from the
 * templates the api project's globalSetup prepared once per run (templates.ts); without them
 * (a project with no such globalSetup) it is migrated, and seeded, here.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const templates = inject('databaseTemplates');
  if (templates) return openTemplateCopy(templates, options.seeded ? 'seeded' : 'empty');

  const serverUrl = process.env.TEST_DATABASE_URL;
  let testDb: TestDatabase;
  if (!serverUrl) {
    const database = await openDatabase({});
    testDb = { database, url: undefined, drop: () => database.close() };
  } else {
    testDb = await createScratchDatabase(serverUrl, 'portal_test');
  }
  await runMigrations(testDb.database);
  if (options.seeded) await seedTestDatabase(testDb.database.db);
  return testDb;
}
