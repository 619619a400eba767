import fs from 'node:fs';
import path from 'node:path';
import type { StoredBenchResult } from './bench-result';

/**
 * The figures with a target (issue 30's table and the earlier issues' that still hold), as the
 * summary of docs/PERFORMANCE.md. A row reads named figures of one bench's result
 * (bench/results/<bench>.json); a missing figure is 'not measured', never a guess.
 */
type Figures = Record<string, number>;

interface TargetRow {
  label: string;
  /** What issue 30 measured on this machine kind on 2026-11-27, quiet, before its work. */
  before: string;
  target: string;
  /** The bench whose result holds the figures. */
  bench: string;
  keys: string[];
  show(figures: Figures): string;
  met(figures: Figures): boolean;
}

const value = (figures: Figures, key: string) => figures[key] ?? Number.NaN;
const fixed = (figures: Figures, key: string, digits: number) => value(figures, key).toFixed(digits);

const targetRows: TargetRow[] = [
  {
    label: '`npm test` wall',
    before: '360 s (1,191 tests)',
    target: '≤ 90 s',
    bench: 'tests',
    keys: ['testWallSeconds', 'tests'],
    show: (f) => `${fixed(f, 'testWallSeconds', 1)} s (${value(f, 'tests')} tests)`,
    met: (f) => value(f, 'testWallSeconds') <= 90,
  },
  { label: 'start until `/api/health`, PostgreSQL, existing data',
    before: '1.79–2.33 s', target: '≤ 1.0 s', bench: 'startup', keys: ['pgStartSeconds'], show: (f) => `${fixed(f, 'pgStartSeconds', 2)} s`, met: (f) => value(f, 'pgStartSeconds') <= 1 },
  { label: 'same, PGlite, existing data',
    before: '2.87–3.19 s', target: '≤ 1.5 s', bench: 'startup', keys: ['pgliteStartSeconds'], show: (f) => `${fixed(f, 'pgliteStartSeconds', 2)} s`, met: (f) => value(f, 'pgliteStartSeconds') <= 1.5 },
  { label: 'same, PGlite, new database',
    before: '6.68–8.17 s', target: '≤ 5 s', bench: 'startup', keys: ['pgliteNewSeconds'], show: (f) => `${fixed(f, 'pgliteNewSeconds', 2)} s`, met: (f) => value(f, 'pgliteNewSeconds') <= 5 },
  { label: 'idle RSS, PostgreSQL',
    before: '169–171 MB', target: '≤ 130 MB', bench: 'startup', keys: ['pgIdleRssMb'], show: (f) => `${fixed(f, 'pgIdleRssMb', 0)} MB`, met: (f) => value(f, 'pgIdleRssMb') <= 130 },
  {
    label: '100 connections, 50-row search, cache off, ÷ bare Fastify (PostgreSQL)',
    before: '0.048×, p99 1,452 ms',
    target: '≥ 0.15×, p99 ≤ 500 ms',
    bench: 'throughput',
    keys: ['pg_cache_off_concurrent_ratio', 'pg_cache_off_concurrent_p99_ms'],
    show: (f) => `${fixed(f, 'pg_cache_off_concurrent_ratio', 3)}×, p99 ${fixed(f, 'pg_cache_off_concurrent_p99_ms', 0)} ms`,
    met: (f) => value(f, 'pg_cache_off_concurrent_ratio') >= 0.15 && value(f, 'pg_cache_off_concurrent_p99_ms') <= 500,
  },
  {
    label: 'one search at a time, cache off, ÷ the same SQL sent bare (PostgreSQL)',
    before: '4.9×',
    target: '≤ 2.5×',
    bench: 'throughput',
    keys: ['pg_one_at_a_time_cache_off_sql_ratio'],
    show: (f) => `${fixed(f, 'pg_one_at_a_time_cache_off_sql_ratio', 2)}×`,
    met: (f) => value(f, 'pg_one_at_a_time_cache_off_sql_ratio') <= 2.5,
  },
  {
    label: '600 new policies, 50 at a time, one branch, ÷ one at a time (PostgreSQL)',
    before: '≈ 1× (68–78/s both ways), 0–7 refused',
    target: '≥ 3×, 0 refused',
    bench: 'creates',
    keys: ['ratio', 'concurrentRefused'],
    show: (f) => `${fixed(f, 'ratio', 2)}× (${fixed(f, 'concurrentPerSecond', 0)} vs ${fixed(f, 'sequentialPerSecond', 0)}/s), ${value(f, 'concurrentRefused')} refused`,
    met: (f) => value(f, 'ratio') >= 3 && value(f, 'concurrentRefused') === 0,
  },
  {
    label: 'mixed load, 100 clients without pause (PostgreSQL)',
    before: 'p99 1.5–1.7 s, 230–271 req/s, 38 folio 409s in 20 s',
    target: 'p99 ≤ 500 ms, 0 errors',
    bench: 'mixed',
    keys: ['p99Ms', 'notOk'],
    show: (f) => `p99 ${fixed(f, 'p99Ms', 0)} ms, ${fixed(f, 'requestsPerSecond', 0)} req/s, ${value(f, 'notOk')} errors`,
    met: (f) => value(f, 'p99Ms') <= 500 && value(f, 'notOk') === 0,
  },
  {
    label: "a tenant's seven 12 MP photos through the link page, 4G preset",
    before: '430 s (side by side)',
    target: '≥ 5× faster',
    bench: 'photos',
    keys: ['photosSpeedup', 'photosAfterSeconds', 'photosBeforeSeconds'],
    show: (f) => `${fixed(f, 'photosSpeedup', 1)}× (${fixed(f, 'photosBeforeSeconds', 0)} → ${fixed(f, 'photosAfterSeconds', 0)} s)`,
    met: (f) => value(f, 'photosSpeedup') >= 5,
  },
  { label: 'JavaScript for `/login`',
    before: '125.7 KB (issue 13)', target: '≤ 130 KB gzip', bench: 'login-js', keys: ['loginJsGzipKb'], show: (f) => `${fixed(f, 'loginJsGzipKb', 1)} KB`, met: (f) => value(f, 'loginJsGzipKb') <= 130 },
];

/** `.ci/run` leaves its own wall time in .ci/last-run.json (not committed): shown when present. */
function ciRow(repoRoot: string): string {
  const file = path.join(repoRoot, '.ci/last-run.json');
  if (!fs.existsSync(file)) return '| `.ci/run` wall | 25 min | ≤ 15 min | not measured here (run `.ci/run`, then `npm run bench -- --compose`) | — | — |';
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as { finishedAt: string; seconds: number };
  const minutes = `${Math.floor(run.seconds / 60)} min ${String(run.seconds % 60).padStart(2, '0')} s`;
  return `| \`.ci/run\` wall | 25 min | ≤ 15 min | ${minutes} | ${run.seconds <= 900 ? 'yes' : '**no**'} | ${run.finishedAt.slice(0, 10)} |`;
}

export function summaryTable(results: Map<string, StoredBenchResult>, repoRoot: string): string {
  const lines = ['| figure | before (issue 30) | target | now | met | when |', '|---|---:|---:|---:|---|---|'];
  for (const row of targetRows) {
    const result = results.get(row.bench);
    const figures = result?.figures ?? {};
    const measured = row.keys.every((key) => Number.isFinite(figures[key]));
    lines.push(`| ${row.label} | ${row.before} | ${row.target} | ${measured ? row.show(figures) : 'not measured'} | ${measured ? (row.met(figures) ? 'yes' : '**no**') : '—'} | ${result?.measuredAt.slice(0, 10) ?? '—'} |`);
    if (row.bench === 'tests') lines.push(ciRow(repoRoot));
  }
  return lines.join('\n');
}
