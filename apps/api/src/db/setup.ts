import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from './client';
import { runMigrations } from './migrate';
import { seedIfEmpty, type SeedResult } from './seed';

/** Opens the configured database, brings its schema up to date and seeds a fresh one. */
export async function prepareDatabase(config: AppConfig): Promise<{ database: Database; seed: SeedResult }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    const seed = await database.withStartupLock(async () => {
      await runMigrations(database);
      return seedIfEmpty(database.db, { email: config.adminEmail, password: config.adminPassword });
    });
    return { database, seed };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
