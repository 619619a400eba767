import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database';
import { startServer, stopServer } from '../apps/api/src/test/server-process';

/**
 * `npm run bench:startup [-- --runs 3] [--baseline <other checkout>/apps/api] [--json <file>]`
 * (issues 13, 30): the production server (`apps/api/dist/main.mjs`, what `npm start` runs once its
 * build is current) from spawn until `/api/health` answers, the CPU it used until then, and its
 * resident memory two seconds later, idle:
 *
 * - PostgreSQL, existing data (a scratch database on BENCH_DATABASE_URL's server, migrated and
 *   seeded by a first start that is not counted);
 * - PGlite, existing data (likewise, in a temporary directory);
 * - PGlite, a new database each time (initdb, migrations, the first admin's argon2 hash).
 *
 * `--baseline` runs another checkout's build (its dist/ built beforehand) alternately with this
 * one, each run of one beside a run of the other, and prints the ratios: on a shared machine only
 * figures taken side by side compare. `--json` writes the section for docs/PERFORMANCE.md and the
 * medians, for `npm run bench`.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const ADMIN = { ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: 'Bench-Password-1', JWT_SECRET: 'x'.repeat(48) };

interface StartResult {
  seconds: number;
  /** User + system CPU of the server process until /api/health answered (all its threads). */
  cpuSeconds: number;
  idleRssMb: number;
}

interface Build {
  label: string;
  apiDir?: string;
}

/** utime + stime of a process, from /proc (clock ticks: 100 a second on Linux). */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Spawns the server, waits for its health check, reads its RSS after two idle seconds, stops it. */
async function startOnce(build: Build, dataDir: string, env: Record<string, string>): Promise<StartResult> {
  const started = performance.now();
  // A new PGlite database on a busy 2-core machine can take longer than the tests' 30 s.
  const server = await startServer(dataDir, { ...ADMIN, ...env }, { apiDir: build.apiDir, timeoutMs: 180_000 });
  try {
    const health = await fetch(`${server.baseUrl}/api/health`);
    if (!health.ok) throw new Error(`/api/health: ${health.status}`);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = await cpuSecondsOf(server.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const status = await fs.readFile(`/proc/${server.child.pid}/status`, 'utf8');
    const idleRssMb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN) / 1024;
    return { seconds, cpuSeconds, idleRssMb };
  } finally {
    await stopServer(server.child);
  }
}

interface Scenario {
  key: 'pg' | 'pglite' | 'pgliteNew';
  name: string;
  fresh: boolean;
  /** Where one build's run keeps its data: the same place each time unless `fresh`. */
  setup(build: number, run: number): { dataDir: string; env: Record<string, string> };
}

interface Row {
  scenario: Scenario;
  /** Per build (this one first, then the baseline if any), the runs. */
  results: StartResult[][];
  /** Per build, the start that created the data of a scenario on existing data (not counted in it). */
  creating: StartResult[];
}

/**
 * `firstRuns`: per build, a start already made that counts as this scenario's first run — PGlite's
 * new-database row takes the start that created the data of the existing-data row, which is a
 * start on a new database (issue 30: one start fewer in `bench:check`'s single run).
 */
async function measure(scenario: Scenario, builds: Build[], runs: number, firstRuns?: StartResult[]): Promise<Row> {
  const results: StartResult[][] = builds.map((_, index) => (firstRuns?.[index] ? [firstRuns[index]] : []));
  const creating: StartResult[] = [];
  if (!scenario.fresh) {
    for (const [index, build] of builds.entries()) {
      const { dataDir, env } = scenario.setup(index, 0);
      creating.push(await startOnce(build, dataDir, env)); // creates the data; not counted here
    }
  }
  for (let run = firstRuns ? 1 : 0; run < runs; run++) {
    // Alternated, the baseline first on even runs: neither build always gets the quieter moment.
    const order = run % 2 === 0 ? [...builds.keys()].reverse() : [...builds.keys()];
    for (const index of order) {
      const { dataDir, env } = scenario.setup(index, run);
      results[index]!.push(await startOnce(builds[index]!, dataDir, env));
    }
  }
  for (const [index, build] of builds.entries()) {
    const list = results[index]!;
    process.stderr.write(
      `${scenario.name} (${build.label}): ${list.map((r) => `${r.seconds.toFixed(2)} s`).join(', ')}; ` +
        `CPU ${list.map((r) => r.cpuSeconds.toFixed(2)).join(', ')} s; idle RSS ${list.map((r) => r.idleRssMb.toFixed(0)).join(', ')} MB\n`,
    );
  }
  return { scenario, results, creating };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const medianOf = (results: StartResult[], field: keyof StartResult) => median(results.map((result) => result[field]));
const range = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

function table(rows: Row[], builds: Build[]): string {
  const lines = ['| start until /api/health answers | build | runs (s) | median | CPU until then (median) | idle RSS (MB) |', '|---|---|---|---:|---:|---:|'];
  for (const row of rows) {
    for (const [index, build] of builds.entries()) {
      const results = row.results[index]!;
      lines.push(
        `| ${row.scenario.name} | ${build.label} | ${results.map((r) => r.seconds.toFixed(2)).join(', ')} | ${medianOf(results, 'seconds').toFixed(2)} s | ` +
          `${medianOf(results, 'cpuSeconds').toFixed(2)} s | ${range(results.map((r) => r.idleRssMb), 0)} |`,
      );
    }
  }
  if (builds.length > 1) {
    lines.push('', '| ratio this build ÷ baseline (medians) | start | CPU | idle RSS |', '|---|---:|---:|---:|');
    for (const row of rows) {
      const [current, baseline] = row.results as [StartResult[], StartResult[]];
      const ratio = (field: keyof StartResult) => (medianOf(current, field) / medianOf(baseline, field)).toFixed(2);
      lines.push(`| ${row.scenario.name} | ${ratio('seconds')}× | ${ratio('cpuSeconds')}× | ${ratio('idleRssMb')}× |`);
    }
  }
  return lines.join('\n');
}

function section(rows: Row[], builds: Build[], runs: number): string {
  const machine = `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end`;
  const how = builds.length > 1 ? `${runs} starts of each build per row, alternated` : `${runs} starts per row`;
  return `## Start and idle memory (\`npm run bench:startup\`)\n\n${machine}; ${how}.\n\n${table(rows, builds)}\n`;
}

function figures(rows: Row[]): Record<string, number> {
  const result: Record<string, number> = {};
  for (const row of rows) {
    const current = row.results[0]!;
    // pgStartSeconds, pgliteStartSeconds, pgliteNewSeconds (a new database is not a restart).
    const startKey = row.scenario.key === 'pgliteNew' ? 'pgliteNewSeconds' : `${row.scenario.key}StartSeconds`;
    result[startKey] = Number(medianOf(current, 'seconds').toFixed(3));
    result[`${row.scenario.key}CpuSeconds`] = Number(medianOf(current, 'cpuSeconds').toFixed(3));
    result[`${row.scenario.key}IdleRssMb`] = Number(medianOf(current, 'idleRssMb').toFixed(1));
  }
  return result;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, baseline: { type: 'string' }, json: { type: 'string' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write('Usage: npm run bench:startup -- [--runs N] [--baseline <checkout>/apps/api] [--json <file>]\n');
    return 2;
  }
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-needed.mjs'), 'api'], { stdio: 'inherit' });
  const builds: Build[] = [{ label: 'this' }];
  if (values.baseline) {
    const apiDir = path.resolve(values.baseline);
    await fs.access(path.join(apiDir, 'dist/main.mjs')).catch(() => {
      throw new Error(`${apiDir}/dist/main.mjs does not exist: build that checkout first (node scripts/build-api.mjs)`);
    });
    builds.push({ label: 'baseline', apiDir });
  }
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-startup-'));
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', 'portal_bench');
  try {
    const scenarios: Scenario[] = [
      { key: 'pg', name: 'PostgreSQL, existing data', fresh: false, setup: (build) => ({ dataDir: path.join(work, `pg-files-${build}`), env: { DATABASE_URL: scratch.url } }) },
      { key: 'pglite', name: 'PGlite, existing data', fresh: false, setup: (build) => ({ dataDir: path.join(work, `pglite-${build}`), env: {} }) },
      { key: 'pgliteNew', name: 'PGlite, new database', fresh: true, setup: (build, run) => ({ dataDir: path.join(work, `new-${build}-${run}`), env: {} }) },
    ];
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const firstRuns = scenario.key === 'pgliteNew' ? rows.find((row) => row.scenario.key === 'pglite')?.creating : undefined;
      rows.push(await measure(scenario, builds, runs, firstRuns));
    }
    const text = section(rows, builds, runs);
    process.stdout.write(`\n${text}`);
    if (values.json) await fs.writeFile(values.json, `${JSON.stringify({ section: text, figures: figures(rows) }, null, 2)}\n`);
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
