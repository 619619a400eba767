import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { users } from '../apps/api/src/db/schema/index';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { generatePolicies } from './generate-policies';
import { writeBenchResult } from './bench-result';
import { forkBenchServer, type BenchServer } from './bench-server';
import { percentile } from './harness';

/**
 * `npm run bench:throughput [-- --engine pglite|postgres|both] [--count 20000] [--connections 100]
 * [--duration 10] [--cpu-prof DIR] [--json FILE]` (issues 13 and 30): the authenticated 50-row search
 * `GET /api/policy/search?limit=50` under `connections` concurrent keep-alive clients (autocannon,
 * in this process), against the real app in a process of its own, and against a bare Fastify in
 * another process serving the same body from memory: req/s, p50/p99, errors, timeouts and the ratio.
 * The app as deployed (its search cache on: one search repeated, the pages staff share), then the
 * app with SEARCH_CACHE_SECONDS=0 (every search reads the database): the same search, then
 * `VARIED` — staff searching for different things (statuses, orders, an agent, texts), each
 * connection going through the list in turn.
 *
 * Then, one request at a time, the app's p50 for `status=active` and for no filter, with and
 * without the cache, against the p50 of the same page and count statements sent straight to the
 * database ("bare SQL") and of the bare server (the HTTP round trip alone).
 *
 * `--json FILE` writes `{ section, figures }`: the markdown printed here and the figures by name
 * (`figureKeys`), for docs/PERFORMANCE.md.
 */

type Engine = 'pglite' | 'postgres';

const PASSWORD = 'Bench-Password-1';
const EMAIL = 'agente@bench.local';
const SEARCH = '/api/policy/search?limit=50';
const ACTIVE = '/api/policy/search?status=active';
const NO_FILTER = '/api/policy/search';
/**
 * Different 50-row searches, cache off: the first page of each status the list shows most, the
 * other orders, one agent's policies, and texts (a surname, a colony, a folio's start). A text's
 * total is counted (up to the cap) through the trigram index, so these cost the database more
 * than a status page does; the row is reported beside the identical search, not instead of it.
 */
const VARIED = [
  'status=active',
  'status=expired',
  'status=investigation',
  'sort=oldest',
  'sort=status',
  'status=active&sort=oldest',
  'agent=2',
  'q=garc',
  'q=roma',
  'q=INV-1',
  'status=expiring',
  'status=created',
].map((query) => `/api/policy/search?limit=50&${query}`);

interface Prepared {
  /** Environment of the app's process: where its database is. */
  env: Record<string, string>;
  /** The bare-SQL timings, measured while the database was open here. */
  sqlP50: Record<string, number>;
  /** The bench agent's user id (the VARIED agent filter). */
  agentId: number;
  cleanup(): Promise<void>;
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Migrated, seeded, an agent of branch 1 and `count` policies in that branch, VACUUM ANALYZEd. */
async function prepare(engine: Engine, count: number, serverUrl: string, log: (line: string) => void): Promise<Prepared> {
  let database: Database;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-throughput-'));
    const pgliteDir = path.join(dir, 'db');
    database = await openDatabase({ pgliteDir });
    env = { THROUGHPUT_PGLITE_DIR: pgliteDir };
    cleanup = () => fs.rm(dir, { recursive: true, force: true });
  } else {
    const scratch = await createScratchDatabase(serverUrl, 'portal_bench');
    database = scratch.database;
    env = { THROUGHPUT_DATABASE_URL: scratch.url };
    cleanup = () => scratch.drop();
  }
  try {
    const { db } = database;
    await runMigrations(database);
    await seedIfEmpty(db, { email: 'admin@bench.local', password: PASSWORD });
    const [agent] = await db
      .insert(users)
      .values({ email: EMAIL, firstName: 'Agente', lastName: 'Benchmark', role: 'agent', branchId: 1, passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    log(`${engine}: generating ${count} policies…`);
    const generated = await generatePolicies(db, { branchId: 1, userId: agent!.id, count });
    await db.execute(sql`VACUUM ANALYZE`);
    log(`${engine}: ${generated.policies} policies in ${generated.seconds.toFixed(1)} s`);
    const sqlP50 = { 'status=active': await timeBareSql(db, 'active'), 'no filter': await timeBareSql(db, undefined) };
    return { env, sqlP50, agentId: agent!.id, cleanup };
  } catch (error) {
    if (engine === 'postgres') await cleanup();
    throw error;
  } finally {
    // The app's process opens the PGlite directory next (the pool is closed by drop()).
    if (engine === 'pglite') await database.close();
  }
}

/**
 * p50 of the statements a search sends (page of 51 with the first guarantor, total from the
 * status counters), one after the other, straight through the driver: what the app adds is the
 * rest of the request's time.
 */
async function timeBareSql(db: Db, status: string | undefined): Promise<number> {
  const where = `branch_id = 1${status ? ` AND status = '${status}'` : ''}`;
  const page = sql.raw(`SELECT id, investigation_id, policy_number, status, policy_type, branch_id, tenant_names, guarantor_names,
      (SELECT g.id FROM guarantors g WHERE g.policy_id = policies.id ORDER BY g.position LIMIT 1) AS first_guarantor_id, owner_name, street,
      exterior_number, colony, municipality, delivery_date, created_at, updated_at
    FROM policies WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 51`);
  const total = sql.raw(`SELECT coalesce(sum(total), 0)::int FROM policy_status_counts WHERE ${where}`);
  const timings: number[] = [];
  for (let index = 0; index < 220; index++) {
    const started = performance.now();
    await db.execute(page);
    await db.execute(total);
    if (index >= 20) timings.push(performance.now() - started);
  }
  return percentile(timings, 50);
}

/** `paths` (of `base`) in turn on each connection, or `base` alone. */
async function load(base: string, headers: Record<string, string>, connections: number, duration: number, paths: string[] = []): Promise<LoadResult> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
  const result = await autocannon({ url: base, connections, duration, headers, timeout: 10, ...(requests.length > 0 ? { requests } : {}) });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * p50 of `url`, one request at a time over one keep-alive connection (node:http). Until
 * 2026-11-27 (issue 30) this used `fetch`, whose own work on the client (undici's WHATWG streams,
 * ≈ 1 ms a request on this machine) was counted as the app's: the bare server's round trip read
 * 1.19 ms. The client is not what is measured, so it is now as light as the load benches' one;
 * it still asks for compressed answers as fetch (and a browser) does.
 */
async function sequentialP50(url: string, headers: Record<string, string>): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`))));
      });
      request.on('error', reject);
    });
  const timings: number[] = [];
  try {
    for (let index = 0; index < 220; index++) {
      const started = performance.now();
      await get();
      if (index >= 20) timings.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return percentile(timings, 50);
}

interface EngineThroughput {
  engine: Engine;
  app: LoadResult;
  /** The app with SEARCH_CACHE_SECONDS=0. */
  uncached: LoadResult;
  /** The same, the VARIED searches. */
  varied: LoadResult;
  bare: LoadResult;
  /** One request at a time: the app with and without its cache, the bare server, the bare SQL. */
  sequential: Array<{ name: string; cachedP50: number; appP50: number; bareHttpP50: number; sqlP50: number }>;
}

async function runEngine(
  engine: Engine,
  options: { count: number; connections: number; duration: number; serverUrl: string; cpuProfDir?: string; log: (line: string) => void },
): Promise<EngineThroughput> {
  const { log } = options;
  const prepared = await prepare(engine, options.count, options.serverUrl, log);
  const jwtSecret = crypto.randomBytes(48).toString('base64url');
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-throughput-body-'));
  let app: BenchServer | undefined;
  let bare: BenchServer | undefined;
  try {
    app = await forkBenchServer('app', { ...prepared.env, THROUGHPUT_JWT_SECRET: jwtSecret }, options.cpuProfDir);
    const headers = await signIn(app.base);
    const sample = await fetch(`${app.base}${SEARCH}`, { headers });
    if (!sample.ok) throw new Error(`${SEARCH}: ${sample.status}`);
    const bodyFile = path.join(workDir, 'body.json');
    await fs.writeFile(bodyFile, Buffer.from(await sample.arrayBuffer()));
    bare = await forkBenchServer('bare', { THROUGHPUT_BODY_FILE: bodyFile });

    // Warm both (JIT, pools), then bare and app back to back.
    await load(`${bare.base}${SEARCH}`, headers, options.connections, 2);
    await load(`${app.base}${SEARCH}`, headers, options.connections, 2);
    const bareResult = await load(`${bare.base}${SEARCH}`, headers, options.connections, options.duration);
    log(`${engine}: bare  ${describe(bareResult)}`);
    const appResult = await load(`${app.base}${SEARCH}`, headers, options.connections, options.duration);
    log(`${engine}: app   ${describe(appResult)}  (${ratio(appResult, bareResult)} bare)`);
    const cachedP50 = { 'status=active': await sequentialP50(`${app.base}${ACTIVE}`, headers), 'no filter': await sequentialP50(`${app.base}${NO_FILTER}`, headers) };
    // The HTTP round trip alone (this client, a Fastify answering from memory): the floor of any app's time.
    const bareHttpP50 = await sequentialP50(`${bare.base}${SEARCH}`, headers);
    await app.stop();
    app = undefined;

    // The same app with its search cache off: every request reads the database (the path of a
    // search nobody made in the last seconds), under load and one at a time against bare SQL.
    app = await forkBenchServer('app', { ...prepared.env, THROUGHPUT_JWT_SECRET: jwtSecret, THROUGHPUT_SEARCH_CACHE_SECONDS: '0' }, options.cpuProfDir);
    await load(`${app.base}${SEARCH}`, headers, options.connections, 2);
    const uncachedResult = await load(`${app.base}${SEARCH}`, headers, options.connections, options.duration);
    log(`${engine}: app, no search cache   ${describe(uncachedResult)}  (${ratio(uncachedResult, bareResult)} bare)`);
    const variedPaths = VARIED.map((query) => (query.includes('agent=') ? query.replace(/agent=\d+/, `agent=${prepared.agentId}`) : query));
    await load(app.base, headers, options.connections, 2, variedPaths);
    const variedResult = await load(app.base, headers, options.connections, options.duration, variedPaths);
    log(`${engine}: app, no search cache, varied searches   ${describe(variedResult)}  (${ratio(variedResult, bareResult)} bare)`);
    const sequential = [];
    for (const [name, query] of [
      ['status=active', ACTIVE],
      ['no filter', NO_FILTER],
    ] as const) {
      const appP50 = await sequentialP50(`${app.base}${query}`, headers);
      const sqlP50 = prepared.sqlP50[name]!;
      const row = { name, cachedP50: cachedP50[name], appP50, bareHttpP50, sqlP50 };
      log(
        `${engine}: ${name.padEnd(14)} p50: app ${row.cachedP50.toFixed(2)} ms (${(row.cachedP50 / sqlP50).toFixed(1)}× SQL), no cache ${appP50.toFixed(2)} ms (${(appP50 / sqlP50).toFixed(1)}×), ` +
          `bare HTTP ${bareHttpP50.toFixed(2)} ms, bare SQL ${sqlP50.toFixed(2)} ms`,
      );
      sequential.push(row);
    }
    return { engine, app: appResult, uncached: uncachedResult, varied: variedResult, bare: bareResult, sequential };
  } finally {
    await bare?.stop();
    await app?.stop();
    await prepared.cleanup();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** The bench agent's bearer header, from a real sign-in. */
async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

function ratio(result: LoadResult, bare: LoadResult): string {
  return `${(result.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}×`;
}

function describe(r: LoadResult): string {
  return `${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`;
}

function markdown(results: EngineThroughput[], connections: number): string {
  const label = (engine: Engine) => (engine === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const lines = [
    `| ${connections} connections | bare req/s | app req/s | ratio | app p50 | app p99 | errors | timeouts | non-2xx |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const [name, app] of [
      ['', r.app],
      [', no search cache', r.uncached],
      [', no search cache, varied searches', r.varied],
    ] as const) {
      lines.push(
        `| ${label(r.engine)}${name} | ${r.bare.requestsPerSecond.toFixed(0)} | ${app.requestsPerSecond.toFixed(0)} | ${ratio(app, r.bare)} | ` +
          `${app.p50} ms | ${app.p99} ms | ${app.errors} | ${app.timeouts} | ${app.non2xx} |`,
      );
    }
  }
  lines.push(
    '',
    '| one at a time (p50) | app | app ÷ SQL | app, no search cache | no cache ÷ SQL | bare HTTP | bare SQL |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  for (const r of results) {
    for (const s of r.sequential) {
      lines.push(
        `| ${label(r.engine)} ${s.name} | ${ms(s.cachedP50)} | ${(s.cachedP50 / s.sqlP50).toFixed(1)}× | ${ms(s.appP50)} | ${(s.appP50 / s.sqlP50).toFixed(1)}× | ${ms(s.bareHttpP50)} | ${ms(s.sqlP50)} |`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * The figures by name, per engine (`pg_…`, `pglite_…`): requests a second against the bare
 * server's (`…_ratio`) and p99 for the cached search, the identical search without the cache
 * and the varied ones; one request at a time, the app without its cache ÷ the bare SQL (the
 * larger of `status=active` and no filter, and each).
 */
function figureKeys(results: EngineThroughput[]): Record<string, number> {
  const figures: Record<string, number> = {};
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  for (const r of results) {
    const prefix = r.engine === 'postgres' ? 'pg' : 'pglite';
    figures[`${prefix}_bare_rps`] = Math.round(r.bare.requestsPerSecond);
    for (const [name, result] of [
      ['cached', r.app],
      ['cache_off', r.uncached],
      ['cache_off_varied', r.varied],
    ] as const) {
      figures[`${prefix}_${name}_concurrent_rps`] = Math.round(result.requestsPerSecond);
      figures[`${prefix}_${name}_concurrent_ratio`] = round(result.requestsPerSecond / r.bare.requestsPerSecond, 3);
      figures[`${prefix}_${name}_concurrent_p99_ms`] = result.p99;
      figures[`${prefix}_${name}_concurrent_errors`] = result.errors + result.timeouts + result.non2xx;
    }
    const ratios = r.sequential.map((s) => s.appP50 / s.sqlP50);
    r.sequential.forEach((s, index) => (figures[`${prefix}_one_at_a_time_cache_off_sql_ratio_${s.name === 'no filter' ? 'no_filter' : 'active'}`] = round(ratios[index]!, 2)));
    figures[`${prefix}_one_at_a_time_cache_off_sql_ratio`] = round(Math.max(...ratios), 2);
  }
  return figures;
}

const usage = 'Usage: npm run bench:throughput -- [--engine pglite|postgres|both] [--count N] [--connections N] [--duration S] [--cpu-prof DIR] [--json FILE]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      count: { type: 'string', default: '20000' },
      connections: { type: 'string', default: '100' },
      duration: { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : values.engine === 'pglite' || values.engine === 'postgres' ? [values.engine] : [];
  const [count, connections, duration] = [values.count, values.connections, values.duration].map(Number) as [number, number, number];
  if (engines.length === 0 || ![count, connections, duration].every((n) => Number.isInteger(n) && n > 0)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const results: EngineThroughput[] = [];
  for (const engine of engines) {
    results.push(await runEngine(engine, { count, connections, duration, serverUrl, cpuProfDir: values['cpu-prof'], log }));
  }
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const section =
    `${count.toLocaleString('en-US')} policies; GET ${SEARCH} as an agent, ${connections} connections for ${duration} s; ` +
    `Node ${process.version}, ${os.cpus().length} × ${cpu}.\n\n${markdown(results, connections)}\n`;
  process.stdout.write(`\n${section}`);
  await writeBenchResult(values.json, { section, figures: figureKeys(results) });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:throughput failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
