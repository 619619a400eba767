import type { AppConfig } from '../config';
import type { Database } from './client';
import { lockDataDirectory } from './pglite-lock';
import type { SeedResult } from './seed';
import { prepareDatabase } from './setup';

/** A command that cannot run now; its message is for the person who ran it. */
export class CommandError extends Error {}

/**
 * For the npm commands beside the server (seed:demo, files:sweep): the database the server would
 * use, migrated and seeded as at start-up, open for `work` and closed after. The embedded PGlite
 * takes one process at a time, so with a server running the command stops with a hint.
 */
export async function withCommandDatabase<T>(
  config: AppConfig,
  command: string,
  work: (database: Database, seed: SeedResult) => Promise<T>,
): Promise<T> {
  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = lockDataDirectory(config.dataDir);
    } catch (error) {
      throw new CommandError(
        `${error instanceof Error ? error.message : String(error)}\n` +
          `La base de datos embebida (PGlite) solo admite un proceso a la vez: detenga el servidor (Ctrl-C en npm start) y vuelva a ejecutar npm run ${command}.`,
      );
    }
  }
  try {
    const { database, seed } = await prepareDatabase(config);
    try {
      return await work(database, seed);
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}
