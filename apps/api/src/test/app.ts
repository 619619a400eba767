import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { CreateBranchRequest, Role } from '@portal/domain';
import { loadConfig, type AppConfig } from '../config';
import { buildApp } from '../app';
import { SecretBox } from '../lib/secret-box';
import { addresses, branches, users } from '../db/schema/index';
import { createTestDatabase, type TestDatabase } from './database';
import { DEFAULT_PASSWORD, fixturePasswordHash } from './fixtures';

export { ADMIN } from './fixtures';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
/** The tests' SECRETS_KEY: what they find sealed in the database opens with it. */
export const TEST_SECRET_BOX = new SecretBox('test-secrets-key-that-is-long-enough-for-aes-256');

export interface TestContext {
  app: FastifyInstance;
  testDb: TestDatabase;
  config: AppConfig;
  /** Log lines the app wrote, to prove secrets never reach them. */
  logs: string[];
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Test apps run no job workers unless the test is about jobs (it sets JOBS=on and starts the queue).
    JOBS: 'off',
    ...overrides,
  });
}

/** A migrated, seeded database (3 branches, one admin) and the app on top of it. */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const testDb = await createTestDatabase({ seeded: true });
  const config = testConfig(overrides);
  const { app, logs } = await buildTestApp(config, testDb);
  return {
    app,
    testDb,
    config,
    logs,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** Another app instance on the same database: for state that must be shared between instances. */
export async function buildTestApp(config: AppConfig, testDb: TestDatabase) {
  const logs: string[] = [];
  const app = await buildApp(config, {
    database: testDb.database,
    jwtSecret: new TextEncoder().encode(JWT_SECRET),
    secretBox: TEST_SECRET_BOX,
    logStream: { write: (line: string) => void logs.push(line) },
    // Workers of tests that start the queue pick a queued run up within half a second.
    jobPollingIntervalSeconds: 0.5,
  });
  await app.ready();
  return { app, logs };
}

export function json<T = any>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export async function login(app: FastifyInstance, email: string, password: string, ip = '10.0.0.1') {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`login failed ${response.statusCode}: ${response.body}`);
  return json<{ token: string; refreshToken: string; user: { id: number } }>(response);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

// Factories: rows written straight to the database, so a test states only what it is about.

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

/** Branch codes given so far by insertBranch (T1, T2…: the seed's are letters only). */
let branchCodes = 0;

export async function insertBranch(
  ctx: TestContext,
  overrides: Partial<{ name: string; status: 'active' | 'inactive'; code: string; expiryNoticeDays: number }> = {},
) {
  const db = ctx.testDb.database.db;
  const [address] = await db
    .insert(addresses)
    .values({ street: 'Calle Prueba', exteriorNumber: '1', colony: 'Centro', municipality: 'Cuauhtémoc', state: 'Ciudad de México', zipCode: '06000' })
    .returning({ id: addresses.id });
  const [row] = await db
    .insert(branches)
    .values({
      name: overrides.name ?? `Sucursal ${next()}`,
      code: overrides.code ?? `T${(++branchCodes).toString(36).toUpperCase()}`,
      expiryNoticeDays: overrides.expiryNoticeDays ?? 30,
      phone: '5555555555',
      email: 'sucursal@test.mx',
      addressId: address!.id,
      status: overrides.status ?? 'active',
    })
    .returning({ id: branches.id });
  return row!.id;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  branchId: number;
  role: Role;
}

export async function insertUser(
  ctx: TestContext,
  overrides: Partial<{ role: Role; branchId: number; status: 'active' | 'inactive'; email: string; password: string }> = {},
): Promise<TestUser> {
  const db = ctx.testDb.database.db;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const email = overrides.email ?? `usuario-${next()}@test.mx`;
  const branchId = overrides.branchId ?? 1;
  const role = overrides.role ?? 'agent';
  const [row] = await db
    .insert(users)
    .values({ email, firstName: 'Ana', lastName: 'Pérez', role, phone: '5511111111', mobile: '5522222222', branchId, status: overrides.status ?? 'active', passwordHash: await fixturePasswordHash(password) })
    .returning({ id: users.id });
  return { id: row!.id, email, password, branchId, role };
}

/** Signs in a new user of the given role: its id and access token. */
export async function signInAs(ctx: TestContext, role: Role, branchId = 1): Promise<{ id: number; token: string }> {
  const user = await insertUser(ctx, { role, branchId });
  return { id: user.id, token: (await login(ctx.app, user.email, user.password)).token };
}

/** Signs in a new user of the given role and returns its access token. */
export async function tokenFor(ctx: TestContext, role: Role, branchId = 1) {
  return (await signInAs(ctx, role, branchId)).token;
}

export function validBranchBody(overrides: Partial<CreateBranchRequest> = {}): CreateBranchRequest {
  return {
    name: `Sucursal Coyoacán ${next()}`,
    address: { street: 'Av. Universidad', exteriorNumber: '1000', interiorNumber: '', colony: 'Santa Cruz Atoyac', municipality: 'Benito Juárez', state: 'Ciudad de México', zipCode: '03310' },
    phone: '55 5604 0000',
    email: 'coyoacan@test.mx',
    manager: null,
    ...overrides,
  };
}

/** Copies made so far by copyRow: the next suffix to use. */
let copiesMade = 0;

/**
 * Writes `copies` copies of one row of `table` straight in SQL (the column list read from the
 * catalogue), each with `uniqueColumn` given a suffix never used before (`-1`, `-2`…) when the table has a unique text column:
 * for tests that need more rows than creating them one by one through the API allows.
 */
export async function copyRow(ctx: TestContext, table: string, id: number, copies: number, uniqueColumn?: string) {
  const db = ctx.testDb.database.db;
  const columns = (await db.execute(
    sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
  )) as unknown as { rows: Array<{ name: string }> };
  const names = columns.rows.map((row) => row.name);
  const list = names.map((name) => `"${name}"`).join(', ');
  const values = names.map((name) => (name === uniqueColumn ? `"${name}" || '-' || (copy + ${copiesMade})` : `"${name}"`)).join(', ');
  copiesMade += copies;
  await db.execute(sql.raw(`insert into "${table}" (${list}) select ${values} from "${table}", generate_series(1, ${copies}) as copy where id = ${Number(id)}`));
}
