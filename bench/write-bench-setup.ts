import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../apps/api/src/db/migrate';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { users } from '../apps/api/src/db/schema/index';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { forkBenchServer, type BenchServer } from './bench-server';
import { generatePolicies } from './generate-policies';

/**
 * What the write benches (`bench/creates.ts`, `bench/mixed.ts`) share: a scratch PostgreSQL
 * database (migrated, seeded, an agent of Sucursal Polanco, `count` generated policies), the real
 * app in a process of its own (`bench/throughput-server.ts`, as bench:throughput starts it) and
 * the agent's sign-in.
 */

const PASSWORD = 'Bench-Password-1';
const EMAIL = 'agente@bench.local';

export interface BenchDatabase {
  url: string;
  /** The agent's user id (branch 1). */
  agentId: number;
  drop(): Promise<void>;
}

export async function prepareDatabase(serverUrl: string, count: number, log: (line: string) => void): Promise<BenchDatabase> {
  const scratch = await createScratchDatabase(serverUrl, 'portal_bench');
  try {
    const { db } = scratch.database;
    await runMigrations(scratch.database);
    await seedIfEmpty(db, { email: 'admin@bench.local', password: PASSWORD });
    const [agent] = await db
      .insert(users)
      .values({ email: EMAIL, firstName: 'Agente', lastName: 'Benchmark', role: 'agent', branchId: 1, passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    if (count > 0) {
      log(`generating ${count} policies…`);
      const generated = await generatePolicies(db, { branchId: 1, userId: agent!.id, count });
      log(`${generated.policies} policies in ${generated.seconds.toFixed(1)} s`);
    }
    await db.execute(sql`VACUUM ANALYZE`);
    return { url: scratch.url, agentId: agent!.id, drop: () => scratch.drop() };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * The real app on `databaseUrl`, its pool `poolMax` connections (the app's default when
 * undefined), writing a CPU profile into `cpuProfDir` when given (written when it stops).
 */
export function startApp(databaseUrl: string, poolMax: number | undefined, cpuProfDir?: string): Promise<BenchServer> {
  return forkBenchServer(
    'app',
    {
      THROUGHPUT_DATABASE_URL: databaseUrl,
      THROUGHPUT_JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
      ...(poolMax ? { THROUGHPUT_POOL_MAX: String(poolMax) } : {}),
    },
    cpuProfDir,
  );
}

/** The bench agent's token, from a real sign-in. */
export async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * Waits for the next minute to begin. The investigation folio (spec) is
 * `INV-{ddMMyyyy}-{HHmm}-{3 digits}`: at most 1,000 new policies a minute in the whole system, so
 * two phases of 600 creates must not share a minute, or the second would be refused by the spec's
 * format rather than by anything the bench measures. Mexico City's offset is whole hours: its
 * minutes start with UTC's.
 */
export async function waitForNextMinute(log: (line: string) => void): Promise<void> {
  const wait = 60_000 - (Date.now() % 60_000) + 50;
  log(`waiting ${(wait / 1000).toFixed(0)} s for a minute with all 1,000 folios free…`);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

