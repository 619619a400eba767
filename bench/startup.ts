import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database';
import { startServer, stopServer } from '../apps/api/src/test/server-process';

/**
 * `npm run bench:startup [-- --runs 3]` (issue 13): the production server (`apps/api/dist/main.mjs`,
 * what `npm start` runs once its build is current) from spawn until `/api/health` answers, and its
 * resident memory two seconds later, idle:
 *
 * - PostgreSQL, existing data (a scratch database on BENCH_DATABASE_URL's server, migrated and
 *   seeded by a first start that is not counted);
 * - PGlite, existing data (likewise, in a temporary directory);
 * - PGlite, a new database each time (initdb, migrations, the first admin's argon2 hash).
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const ADMIN = { ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: 'Bench-Password-1', JWT_SECRET: 'x'.repeat(48) };

interface StartResult {
  seconds: number;
  idleRssMb: number;
}

/** Spawns the server, waits for its health check, reads its RSS after two idle seconds, stops it. */
async function startOnce(dataDir: string, env: Record<string, string>): Promise<StartResult> {
  const started = performance.now();
  const server = await startServer(dataDir, { ...ADMIN, ...env });
  try {
    const health = await fetch(`${server.baseUrl}/api/health`);
    if (!health.ok) throw new Error(`/api/health: ${health.status}`);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const status = await fs.readFile(`/proc/${server.child.pid}/status`, 'utf8');
    const idleRssMb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN) / 1024;
    return { seconds, idleRssMb };
  } finally {
    await stopServer(server.child);
  }
}

async function measure(name: string, runs: number, prepare: () => Promise<{ dataDir: string; env: Record<string, string> }>, fresh: boolean) {
  let setup = await prepare();
  if (!fresh) await startOnce(setup.dataDir, setup.env); // creates the data; not counted
  const results: StartResult[] = [];
  for (let run = 0; run < runs; run++) {
    if (fresh && run > 0) setup = await prepare();
    results.push(await startOnce(setup.dataDir, setup.env));
  }
  process.stderr.write(`${name}: ${results.map((r) => `${r.seconds.toFixed(2)} s`).join(', ')}; idle RSS ${results.map((r) => r.idleRssMb.toFixed(0)).join(', ')} MB\n`);
  return { name, results };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write('Usage: npm run bench:startup -- [--runs N]\n');
    return 2;
  }
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-needed.mjs'), 'api'], { stdio: 'inherit' });
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-startup-'));
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', 'portal_bench');
  try {
    let fresh = 0;
    const rows = [
      await measure('PostgreSQL, existing data', runs, async () => ({ dataDir: path.join(work, 'pg-files'), env: { DATABASE_URL: scratch.url! } }), false),
      await measure('PGlite, existing data', runs, async () => ({ dataDir: path.join(work, 'pglite'), env: {} }), false),
      await measure('PGlite, new database', runs, async () => ({ dataDir: path.join(work, `new-${fresh++}`), env: {} }), true),
    ];
    const lines = ['| start until /api/health answers | runs (s) | median | idle RSS (MB) |', '|---|---|---:|---:|'];
    for (const row of rows) {
      const seconds = row.results.map((r) => r.seconds).sort((a, b) => a - b);
      lines.push(
        `| ${row.name} | ${row.results.map((r) => r.seconds.toFixed(2)).join(', ')} | ${seconds[Math.floor(seconds.length / 2)]!.toFixed(2)} s | ` +
          `${row.results.map((r) => r.idleRssMb.toFixed(0)).join(', ')} |`,
      );
    }
    process.stdout.write(`\nNode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}.\n\n${lines.join('\n')}\n`);
    return 0;
  } finally {
    await scratch.drop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
