import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { apiRoot } from '../api-root';
import { openDatabase, pgliteDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withServerClient } from '../db/scratch-database';
import { seedTestDatabase } from './fixtures';
import { returnEngine, takeEngine } from './pglite-pool';

/**
 * Migrating a new database takes seconds (PGlite: ≈ 3 s, mostly CPU) and seeding it hashes an
 * argon2 password; every API test file used to pay both. Instead the api project's globalSetup
 * (global-setup.ts) prepares two templates once per run — migrated, and migrated + seeded with
 * ADMIN — and each test file opens a copy of one:
 * - PGlite: the data directory dumped to a tarball (`dumpDataDir`), loaded with `loadDataDir`;
 *   the tarballs are kept for the next run while their inputs do not change (templateInputsHash);
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
  const key = await templateInputsHash();
  const dir = path.join(templateCacheDir, key);
  const files = { empty: path.join(dir, 'empty.tar'), seeded: path.join(dir, 'seeded.tar') };
  const templates: DatabaseTemplates = { kind: 'pglite', files };
  // The templates are kept between runs (they are no test's subject, only its starting point).
  const keep = { templates, dispose: async () => {} };
  if ((await exists(files.empty)) && (await exists(files.seeded))) return keep;

  const database = await openDatabase({});
  try {
    await runMigrations(database);
    await slimForCopies(database);
    const tarballs = { empty: await dumpPglite(database) } as Record<TemplateKind, Buffer>;
    await seedTestDatabase(database.db);
    tarballs.seeded = await dumpPglite(database);
    // Older keys' templates go; these are written under a name of their own and renamed into
    // place, so a run that starts meanwhile sees both or neither.
    await fs.mkdir(templateCacheDir, { recursive: true });
    for (const entry of await fs.readdir(templateCacheDir)) if (!entry.startsWith(key)) await fs.rm(path.join(templateCacheDir, entry), { recursive: true, force: true });
    const partial = `${dir}.${process.pid}.partial`;
    await fs.mkdir(partial, { recursive: true });
    for (const kind of ['empty', 'seeded'] as const) await fs.writeFile(path.join(partial, `${kind}.tar`), tarballs[kind]);
    await fs.rename(partial, dir).catch(async (error: unknown) => {
      // Another run put the same templates there first: use them.
      await fs.rm(partial, { recursive: true, force: true });
      if (!((await exists(files.empty)) && (await exists(files.seeded)))) throw error;
    });
  } finally {
    await database.close();
  }
  return keep;
}

/**
 * Issue 30: migrating and seeding the templates took ≈ 6 s of CPU at the start of every run, with
 * both workers waiting. They are kept in node_modules/.cache under a hash of everything that makes
 * them — the migrations, the database code, the seed and the fixtures' hashes, the domain's enums,
 * the versions of PGlite and drizzle — so a change to any of these makes new ones.
 */
const templateCacheDir = path.join(apiRoot, '../../node_modules/.cache/portal-test-templates');

const templateInputs = ['apps/api/drizzle', 'apps/api/src/db', 'apps/api/src/lib/passwords.ts', 'apps/api/src/test/fixtures.ts', 'apps/api/src/test/templates.ts', 'packages/domain/src'];
const templatePackages = ['@electric-sql/pglite', 'drizzle-orm', '@node-rs/argon2'];

async function templateInputsHash(): Promise<string> {
  const root = path.join(apiRoot, '../..');
  const hash = crypto.createHash('sha256');
  const files: string[] = [];
  for (const input of templateInputs) {
    const full = path.join(root, input);
    if ((await fs.stat(full)).isFile()) files.push(full);
    else for (const entry of await fs.readdir(full, { recursive: true, withFileTypes: true })) if (entry.isFile()) files.push(path.join(entry.parentPath, entry.name));
  }
  for (const name of templatePackages) files.push(path.join(root, 'node_modules', name, 'package.json'));
  for (const file of files.sort()) hash.update(`${path.relative(root, file)}\0`).update(await fs.readFile(file)).update('\0');
  return hash.digest('hex').slice(0, 32);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
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

async function dumpPglite(database: Database): Promise<Buffer> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: gzip saves disk nobody needs and costs every test file a gunzip.
  const tarball = await client.dumpDataDir('none');
  return Buffer.from(await tarball.arrayBuffer());
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
    const file = templates.files[kind];
    const client = await takeEngine(file, () => fs.readFile(file));
    // A Database of its own (module caches keyed by it start empty); the engine goes back to
    // the worker's pool (pglite-pool.ts) instead of closing.
    const database = pgliteDatabase(client);
    return { database, url: undefined, drop: () => returnEngine(file, client) };
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

