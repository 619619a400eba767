import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client';

export interface ScratchDatabase {
  database: Database;
  /** Its URL, for other processes or a look with psql. */
  url: string;
  /** Closes it and drops it from the server. */
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (tests, benchmarks), named
 * `{prefix}_{random}`; the caller migrates it and drops it when done.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await withServerClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** One connection to the server (its maintenance database), for statements a pool must not run: CREATE/DROP DATABASE. */
export async function withServerClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
