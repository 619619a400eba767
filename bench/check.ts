import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchResult } from './bench-result';
import { readResults } from './results-store';

/**
 * `npm run bench:check [-- --test-seconds S]` (issue 30): measures the quick figures again — the
 * wall of `npm test`, start-up and idle memory, /login's JavaScript — and compares each with the
 * committed one (bench/results/*.json, written by `npm run bench`) as a ratio, naming those that
 * slid by more than 25 %. A report, not a test: it exits 0 whatever it finds, because one noisy
 * run on a shared machine is not a verdict (a slide it names is then measured quietly with
 * `npm run bench`). `--test-seconds` passes a wall already measured (`.ci/run` times its own
 * `npm test` instead of running it twice).
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const SLIDE = 1.25;

/** Figures where bigger is worse, with the bench that measures them and how to show them. */
const quickFigures: Array<{ key: string; bench: string; label: string; unit: string }> = [
  { key: 'testWallSeconds', bench: 'tests', label: '`npm test` wall', unit: 's' },
  { key: 'pgStartSeconds', bench: 'startup', label: 'start, PostgreSQL', unit: 's' },
  { key: 'pgliteStartSeconds', bench: 'startup', label: 'start, PGlite', unit: 's' },
  { key: 'pgliteNewSeconds', bench: 'startup', label: 'start, new PGlite database', unit: 's' },
  { key: 'pgIdleRssMb', bench: 'startup', label: 'idle RSS, PostgreSQL', unit: 'MB' },
  { key: 'loginJsGzipKb', bench: 'login-js', label: '/login JavaScript (gzip)', unit: 'KB' },
];

const quickBenches: Record<string, { script: string; args: string[] }> = {
  tests: { script: 'bench/test-wall.ts', args: [] },
  startup: { script: 'bench/startup.ts', args: ['--runs', '1'] },
  'login-js': { script: 'bench/login-js.ts', args: [] },
};

async function measure(bench: string, work: string): Promise<Record<string, number>> {
  const { script, args } = quickBenches[bench]!;
  const file = path.join(work, `${bench}.json`);
  process.stderr.write(`\n=== ${script} ${args.join(' ')}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args, '--json', file], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) {
    process.stderr.write(`${script} failed (exit ${run.status ?? run.signal}): its figures are left out\n`);
    return {};
  }
  return (JSON.parse(await fs.readFile(file, 'utf8')) as BenchResult).figures;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'test-seconds': { type: 'string' } } });
  const committed = await readResults();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-check-'));
  const now: Record<string, number> = {};
  try {
    const given = Number(values['test-seconds']);
    if (Number.isFinite(given) && given > 0) now.testWallSeconds = given;
    for (const bench of Object.keys(quickBenches)) {
      if (bench === 'tests' && now.testWallSeconds !== undefined) continue;
      Object.assign(now, await measure(bench, work));
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }

  const lines = ['| figure | committed | now | now ÷ committed | |', '|---|---:|---:|---:|---|'];
  const slid: string[] = [];
  for (const figure of quickFigures) {
    const before = committed.get(figure.bench)?.figures[figure.key];
    const after = now[figure.key];
    const ratio = before !== undefined && after !== undefined ? after / before : undefined;
    if (ratio !== undefined && ratio > SLIDE) slid.push(figure.label);
    const show = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(figure.unit === 's' ? 2 : 1)} ${figure.unit}`);
    lines.push(`| ${figure.label} | ${show(before)} | ${show(after)} | ${ratio === undefined ? '—' : `${ratio.toFixed(2)}×`} | ${ratio !== undefined && ratio > SLIDE ? 'SLID' : ''} |`);
  }
  process.stdout.write(`\nQuick figures against the committed ones (bench/results/), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}:\n\n${lines.join('\n')}\n\n`);
  process.stdout.write(
    slid.length === 0
      ? 'None slid by more than 25 %.\n'
      : `Slid by more than 25 %: ${slid.join(', ')}. On a busy machine this can be noise: measure quietly with \`npm run bench\` before calling it a regression.\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:check failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(0); // a report: never fails the run that calls it
  },
);
