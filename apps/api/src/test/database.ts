import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createScratchDatabase } from '../db/scratch-database';

export interface TestDatabase {
  database: Database;
  /** A URL other processes can open (PostgreSQL only): for tests that start a second app. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, url: undefined, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl, 'portal_test');
  await runMigrations(scratch.database);
  return scratch;
}
