import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, pgliteDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withServerClient } from '../db/scratch-database';
import { seedTestDatabase } from './fixtures';

/**
 * Migrating a new database takes seconds (PGlite: ≈ 3 s, mostly CPU) and seeding it hashes an
 * argon2 password; every API test file used to pay both. Instead the api project's globalSetup
 * (global-setup.ts) prepares two templates once per run — migrated, and migrated + seeded with
 * ADMIN — and each test file opens a copy of one:
 * - PGlite: the data directory dumped to a tarball (`dumpDataDir`), loaded with `loadDataDir`;
 * - PostgreSQL (TEST_DATABASE_URL): two template databases, copied with CREATE DATABASE … TEMPLATE.
 */
export type TemplateKind = 'empty' | 'seeded';

export type DatabaseTemplates =
  | { kind: 'pglite'; files: Record<TemplateKind, string> }
  | { kind: 'postgres'; serverUrl: string; names: Record<TemplateKind, string> };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where createTestDatabase() copies its databases from (set by global-setup.ts). */
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

export interface PreparedTemplates {
  templates: DatabaseTemplates;
  dispose(): Promise<void>;
}

export async function prepareTemplates(serverUrl: string | undefined): Promise<PreparedTemplates> {
  return serverUrl ? preparePostgresTemplates(serverUrl) : preparePgliteTemplates();
}

async function preparePgliteTemplates(): Promise<PreparedTemplates> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-templates-'));
  const files = { empty: path.join(dir, 'empty.tar'), seeded: path.join(dir, 'seeded.tar') };
  const database = await openDatabase({});
  try {
    await runMigrations(database);
    await slimForCopies(database);
    await dumpPglite(database, files.empty);
    await seedTestDatabase(database.db);
    await dumpPglite(database, files.seeded);
  } finally {
    await database.close();
  }
  return { templates: { kind: 'pglite', files }, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
}

/**
 * Every API test file loads a copy of the template, and loading it was most of a file's setup
 * (issue 30: ≈ 2 s of CPU under load, 2.7× less after this). Two things cost it: PostgreSQL's
 * default 128 MB of shared buffers, set up at every start of the engine, and the two template
 * databases (template0, template1: 16 of the 43 MB to unpack), which only CREATE DATABASE reads
 * and no test runs on PGlite. A test database is small: 8 MB of buffers hold it.
 */
async function slimForCopies(database: Database) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec(`ALTER SYSTEM SET shared_buffers = '8MB'`);
  await client.exec(`ALTER SYSTEM SET max_connections = 5`);
  await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await client.exec('DROP DATABASE template0');
  await client.exec('DROP DATABASE template1');
}

async function dumpPglite(database: Database, file: string) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: gzip saves disk nobody needs and costs every test file a gunzip.
  const tarball = await client.dumpDataDir('none');
  await fs.writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}

async function preparePostgresTemplates(serverUrl: string): Promise<PreparedTemplates> {
  const prefix = `portal_template_${crypto.randomBytes(4).toString('hex')}`;
  const names = { empty: `${prefix}_empty`, seeded: `${prefix}_seeded` };
  const drop = () =>
    withServerClient(serverUrl, async (client) => {
      for (const name of Object.values(names)) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  try {
    await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${names.empty}"`));
    await withDatabase(databaseUrl(serverUrl, names.empty), runMigrations);
    // Every connection to the source is closed by now: CREATE DATABASE … TEMPLATE requires it.
    await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${names.seeded}" TEMPLATE "${names.empty}"`));
    await withDatabase(databaseUrl(serverUrl, names.seeded), (database) => seedTestDatabase(database.db));
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { templates: { kind: 'postgres', serverUrl, names }, dispose: drop };
}

/** A copy of a template for one test file. */
export async function openTemplateCopy(templates: DatabaseTemplates, kind: TemplateKind): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  if (templates.kind === 'pglite') {
    const loadDataDir = new Blob([await fs.readFile(templates.files[kind])]);
    const client = await PGlite.create({ loadDataDir, extensions: { pg_trgm } });
    const database = pgliteDatabase(client);
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  await withServerClient(templates.serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templates.names[kind]}"`));
  const url = databaseUrl(templates.serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await withServerClient(templates.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withDatabase<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

