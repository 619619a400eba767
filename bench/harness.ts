import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { foldForSearch } from '@portal/domain';
import { buildApp } from '../apps/api/src/app';
import { SecretBox } from '../apps/api/src/lib/secret-box';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database, type Db } from '../apps/api/src/db/client';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { containsPattern, prefixPattern } from '../apps/api/src/db/sql-search';
import { users } from '../apps/api/src/db/schema/index';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { startServer, stopServer } from '../apps/api/src/test/server-process';
import { generatePolicies, type GenerateResult } from './generate-policies';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * One benchmark run on one engine: a fresh database (PGlite in a temporary directory, or a
 * throwaway database on a PostgreSQL server), `count` generated policies in Sucursal Polanco,
 * VACUUM ANALYZE, then the real app on 127.0.0.1 measured through HTTP (fetch, keep-alive, one
 * request at a time) as an agent of that branch.
 */

export type Engine = 'pglite' | 'postgres';

export interface BenchOptions {
  engine: Engine;
  count: number;
  /** Measured requests per query, after `warmup` unmeasured ones. */
  requests: number;
  warmup: number;
  /** PostgreSQL server on which a throwaway database is created (and dropped). */
  serverUrl: string;
  /** Print EXPLAIN ANALYZE of each search's page and count queries. */
  explain?: boolean;
  /** Keep the database (and print where it is) instead of dropping it. */
  keep?: boolean;
  log?: (line: string) => void;
}

interface QueryResult {
  name: string;
  path: string;
  /** The search's `total` (rows matched); undefined for the dashboard. */
  total: number | undefined;
  p50: number;
  p95: number;
  /** The target p95 in milliseconds (PostgreSQL); none for an informational query. */
  target: number | undefined;
}

/** The spec's full list of the branch (GET /api/policy/{branchId}), read as a client streams it. */
interface FullListResult {
  seconds: number;
  /** The JSON's size, and what travelled (Brotli, asked for as a browser does). */
  bytes: number;
  wireBytes: number;
  encoding: string;
  policies: number;
  /** The server process's peak RSS while serving it, above its RSS just before (PGlite: with the database). */
  rssGrowthMb: number;
}

export interface EngineResult {
  engine: Engine;
  generated: GenerateResult;
  /** policies table with its indexes, in MB. */
  policiesMb: number;
  queries: QueryResult[];
  fullList: FullListResult;
}

export const SEARCH_TARGET_MS = 50;
export const DASHBOARD_TARGET_MS = 20;

const BENCH_PASSWORD = 'Bench-Password-1';
const JWT_SECRET = crypto.randomBytes(48).toString('base64url');

/**
 * The five typical searches of the list screen and the dashboard, with their targets; then a
 * two-letter search, shown for information: too short for a trigram, it is counted by a scan.
 */
export function benchQueries(
  branchId: number,
): Array<{ name: string; path: string; target: number | undefined; search?: { q: string; status?: string } }> {
  const search = (name: string, q: string, options: { status?: string; informational?: boolean } = {}) => ({
    name,
    path: `/api/policy/search?${new URLSearchParams({ q, ...(options.status ? { status: options.status } : {}) })}`,
    target: options.informational ? undefined : SEARCH_TARGET_MS,
    search: { q, ...(options.status ? { status: options.status } : {}) },
  });
  return [
    search("tenant name 'garc'", 'garc'),
    search("folio 'INV-1511'", 'INV-1511'),
    search("colony 'roma'", 'roma'),
    search('status=active', '', { status: 'active' }),
    search('no filter', ''),
    { name: 'dashboard', path: `/api/policy/dashboard/${branchId}`, target: DASHBOARD_TARGET_MS },
    search("two letters 'ga' (info)", 'ga', { informational: true }),
  ];
}

interface Target {
  database: Database;
  describe: string;
  /** How another process opens the same database: DATABASE_URL, or DATA_DIR (PGlite, once closed here). */
  serverEnv: Record<string, string>;
  cleanup(): Promise<void>;
}

async function openTarget(options: BenchOptions): Promise<Target> {
  if (options.engine === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    const opened = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    // Closed early when the production server takes the data directory over; closing twice is fine.
    let closing: Promise<void> | undefined;
    const database: Database = { ...opened, close: () => (closing ??= opened.close()) };
    return {
      database,
      describe: `PGlite in ${dir}`,
      serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
      async cleanup() {
        await database.close();
        if (!options.keep) await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(options.serverUrl, 'portal_bench');
  return {
    database: scratch.database,
    describe: `PostgreSQL database ${scratch.url}`,
    serverEnv: { DATABASE_URL: scratch.url! },
    cleanup: () => (options.keep ? scratch.database.close() : scratch.drop()),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function runBench(options: BenchOptions): Promise<EngineResult> {
  const log = options.log ?? (() => {});
  const target = await openTarget(options);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-app-'));
  try {
    const { db } = target.database;
    await runMigrations(target.database);
    await seedIfEmpty(db, { email: 'admin@bench.local', password: BENCH_PASSWORD });
    const branchId = 1; // Sucursal Polanco
    const email = 'agente@bench.local';
    const [agent] = await db
      .insert(users)
      .values({ email, firstName: 'Agente', lastName: 'Benchmark', role: 'agent', branchId, passwordHash: await hashPassword(BENCH_PASSWORD) })
      .returning({ id: users.id });

    log(`${options.engine}: generating ${options.count} policies (${target.describe})…`);
    const generated = await generatePolicies(db, { branchId, userId: agent!.id, count: options.count });
    await db.execute(sql`VACUUM ANALYZE`);
    const [size] = rowsOf<{ bytes: string | number }>(await db.execute(sql`SELECT pg_total_relation_size('policies') AS bytes`));
    const policiesMb = Number(size!.bytes) / 1024 / 1024;
    log(`${options.engine}: ${generated.policies} policies, ${generated.tenants} tenants, ${generated.guarantors} guarantors in ${generated.seconds.toFixed(1)} s; policies table ${policiesMb.toFixed(0)} MB`);

    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // Every request reads the database: the figures are the queries' own. Repeated searches
      // answered from the cache are bench:throughput's concern.
      SEARCH_CACHE_SECONDS: '0',
    });
    // Request logs are written (as in production) but thrown away.
    app = await buildApp(config, { database: target.database, jwtSecret: new TextEncoder().encode(JWT_SECRET), secretBox: new SecretBox('bench-secrets-key-'.repeat(3)), logStream: { write: () => {} } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // Sign-in is rate limited: once.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };

    const queries: QueryResult[] = [];
    for (const query of benchQueries(branchId)) {
      if (options.explain && query.search) await explain(db, branchId, query.search, log);
      let total: number | undefined;
      const timings: number[] = [];
      for (let index = 0; index < options.warmup + options.requests; index++) {
        const started = performance.now();
        const response = await fetch(`${base}${query.path}`, { headers });
        const body = (await response.json()) as { total?: number };
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`${query.path}: ${response.status} ${JSON.stringify(body)}`);
        total = body.total;
        if (index >= options.warmup) timings.push(elapsed);
      }
      const result = { name: query.name, path: query.path, total, p50: percentile(timings, 50), p95: percentile(timings, 95), target: query.target };
      log(`${options.engine}: ${result.name.padEnd(22)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms${total === undefined ? '' : `  (${total} matches)`}`);
      queries.push(result);
    }
    // The full list is measured on the production server in a process of its own, so its memory
    // is the server's alone (this process also holds the client and, on PGlite, the database).
    await app.close();
    app = undefined;
    if (options.engine === 'pglite') await target.database.close();
    const fullList = await measureFullList({ ...target.serverEnv, JWT_SECRET }, email, branchId);
    log(
      `${options.engine}: full list ${fullList.policies} policies, ${(fullList.bytes / 1024 / 1024).toFixed(0)} MiB ` +
        `(${(fullList.wireBytes / 1024 / 1024).toFixed(1)} MiB ${fullList.encoding} on the wire) in ${fullList.seconds.toFixed(1)} s, ` +
        `RSS +${fullList.rssGrowthMb.toFixed(0)} MB`,
    );
    if (options.keep) log(`${options.engine}: kept ${target.describe}`);
    return { engine: options.engine, generated, policiesMb, queries, fullList };
  } finally {
    await app?.close();
    await target.cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts the production server (`apps/api/dist/main.mjs`, as `npm start` runs it) on the bench's
 * database, reads the branch's full list as a streaming client would (counting bytes, keeping
 * none) and reads the server's peak RSS from /proc (VmHWM) against its RSS just before.
 */
async function measureFullList(env: Record<string, string>, email: string, branchId: number): Promise<FullListResult> {
  // The production server as `npm start` runs it (the test helpers start it the same way).
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-needed.mjs'), 'api'], { stdio: 'inherit' });
  // On PostgreSQL the server still wants a data directory (uploaded files): a throwaway one.
  const { DATA_DIR: pgliteDir, ...rest } = env;
  const dataDir = pgliteDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-server-')));
  const server = await startServer(dataDir, rest);
  const pid = server.child.pid!;
  try {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS: the peak read after is this request's.
    await fs.writeFile(`/proc/${pid}/clear_refs`, '5');
    const rssBefore = await memoryOf(pid, 'VmRSS');
    const started = performance.now();
    const response = await getStream(`${server.baseUrl}/api/policy/${branchId}`, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' });
    if (response.statusCode !== 200) throw new Error(`full list: ${response.statusCode}`);
    const encoding = String(response.headers['content-encoding'] ?? 'identity');
    let wireBytes = 0;
    response.on('data', (chunk: Buffer) => (wireBytes += chunk.byteLength));
    const decoded = encoding === 'br' ? response.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
    let bytes = 0;
    let policies = 0;
    let tail = Buffer.alloc(0);
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      // Each policy object has one "investigationId" key; `tail` carries a key cut by a chunk
      // boundary, and what lay wholly inside it was counted with the chunk before. Counted on the
      // bytes, without making strings: the client shares the machine's two cores with the server.
      const joined = Buffer.concat([tail, chunk]);
      policies += countKeys(joined) - countKeys(tail);
      tail = joined.subarray(-20);
    }
    const seconds = (performance.now() - started) / 1000;
    const rssPeak = await memoryOf(pid, 'VmHWM');
    return { seconds, bytes, wireBytes, encoding, policies, rssGrowthMb: (rssPeak - rssBefore) / 1024 };
  } finally {
    await stopServer(server.child);
    if (!pgliteDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** A GET whose body is read as it streams (fetch would decode it out of sight: the wire size is wanted). */
function getStream(url: string, headers: Record<string, string>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(url, { headers }, resolve).on('error', reject));
}

/** A line of /proc/<pid>/status, in KiB (VmRSS: now; VmHWM: the peak since the process began). */
async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
}


const policyKey = Buffer.from('"investigationId"');

function countKeys(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(policyKey); at !== -1; at = bytes.indexOf(policyKey, at + policyKey.length)) count++;
  return count;
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * EXPLAIN ANALYZE of the two statements a search runs (see searchPolicies and
 * repository.findSummaryPage/countPolicies/countFromStatusCounts), written out here with the same
 * conditions.
 */
async function explain(db: Db, branchId: number, search: { q: string; status?: string }, log: (line: string) => void) {
  const needle = foldForSearch(search.q.trim());
  const where = [
    `branch_id = ${branchId}`,
    ...(search.status ? [`status = ${literal(search.status)}`] : []),
    // As the repository's textMatch: a folio's start is a prefix of investigation_id, anything else a substring of search_text.
    ...(needle ? [/^inv-/.test(needle) ? `investigation_id LIKE ${literal(prefixPattern(needle.toUpperCase()))}` : `search_text LIKE ${literal(containsPattern(needle))}`] : []),
  ].join(' AND ');
  const statements = {
    page: `SELECT id, investigation_id, policy_number, status, policy_type, branch_id, tenant_names, guarantor_names,
        (SELECT g.id FROM guarantors g WHERE g.policy_id = policies.id ORDER BY g.position LIMIT 1) AS first_guarantor_id, owner_name, street,
        exterior_number, colony, municipality, delivery_date, created_at, updated_at
      FROM policies WHERE ${where} ORDER BY policies.created_at DESC, policies.id DESC LIMIT 26`,
    // Without a text the service sums the status counters (decision 004) instead of counting.
    count: needle
      ? `SELECT count(*)::int FROM policies WHERE ${where}`
      : `SELECT coalesce(sum(total), 0)::int FROM policy_status_counts WHERE branch_id = ${branchId}${search.status ? ` AND status = ${literal(search.status)}` : ''}`,
  };
  for (const [kind, statement] of Object.entries(statements)) {
    const plan = rowsOf<Record<string, string>>(await db.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`)));
    log(`\n-- ${kind} q=${JSON.stringify(search.q)}${search.status ? ` status=${search.status}` : ''}\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

/** The results as one markdown table, an engine per pair of columns. */
export function markdownTable(results: EngineResult[]): string {
  const label = (engine: Engine) => (engine === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const header = ['query', 'matches', ...results.flatMap((r) => [`${label(r.engine)} p50`, `${label(r.engine)} p95`]), 'target p95 (PostgreSQL)'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, index) => (index < 2 ? '---' : '---:')).join('|')}|`];
  const first = results[0]?.queries ?? [];
  first.forEach((query, index) => {
    const cells = results.flatMap((r) => {
      const q = r.queries[index]!;
      return [`${q.p50.toFixed(1)} ms`, `${q.p95.toFixed(1)} ms`];
    });
    const totals = [...new Set(results.map((r) => r.queries[index]!.total))].filter((total) => total !== undefined);
    lines.push(`| ${query.name} | ${totals.join(' / ') || '—'} | ${cells.join(' | ')} | ${query.target === undefined ? '—' : `≤ ${query.target} ms`} |`);
  });
  lines.push('', '| full list `GET /api/policy/{branchId}` | policies | JSON MiB | on the wire | seconds | server RSS growth (MiB) |', '|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const f = r.fullList;
    lines.push(
      `| ${label(r.engine)} | ${f.policies} | ${(f.bytes / 1024 / 1024).toFixed(0)} | ${(f.wireBytes / 1024 / 1024).toFixed(1)} MiB (${f.encoding}) | ${f.seconds.toFixed(1)} | +${f.rssGrowthMb.toFixed(0)} MB |`,
    );
  }
  return lines.join('\n');
}
