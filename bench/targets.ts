import type { StoredBenchResult } from './bench-result';

/**
 * The figures with a target (issue 30's table and the earlier issues' that still hold), as the
 * summary of docs/PERFORMANCE.md. A row reads one or more named figures of the benches' results
 * (bench/results/*.json); a missing figure is 'not measured', never a guess.
 */
interface TargetRow {
  label: string;
  target: string;
  /** The bench whose result holds the figures. */
  bench: string;
  /** The measured value as text, or undefined when a figure is missing. */
  show(figures: Record<string, number>): string | undefined;
  met(figures: Record<string, number>): boolean;
}

const has = (figures: Record<string, number>, ...keys: string[]) => keys.every((key) => Number.isFinite(figures[key]));
const fixed = (value: number | undefined, digits: number) => (value ?? Number.NaN).toFixed(digits);

function row(label: string, target: string, bench: string, keys: string[], text: (f: Record<string, number>) => string, met: (f: Record<string, number>) => boolean): TargetRow {
  return { label, target, bench, show: (f) => (has(f, ...keys) ? text(f) : undefined), met: (f) => has(f, ...keys) && met(f) };
}

const targetRows: TargetRow[] = [
  row('`npm test` wall', '≤ 90 s', 'tests', ['testWallSeconds'], (f) => `${fixed(f.testWallSeconds, 1)} s (${f.tests} tests)`, (f) => f.testWallSeconds! <= 90),
  row('start until `/api/health`, PostgreSQL, existing data', '≤ 1.0 s', 'startup', ['pgStartSeconds'], (f) => `${fixed(f.pgStartSeconds, 2)} s`, (f) => f.pgStartSeconds! <= 1.0),
  row('same, PGlite, existing data', '≤ 1.5 s', 'startup', ['pgliteStartSeconds'], (f) => `${fixed(f.pgliteStartSeconds, 2)} s`, (f) => f.pgliteStartSeconds! <= 1.5),
  row('same, PGlite, new database', '≤ 5 s', 'startup', ['pgliteNewSeconds'], (f) => `${fixed(f.pgliteNewSeconds, 2)} s`, (f) => f.pgliteNewSeconds! <= 5),
  row('idle RSS, PostgreSQL', '≤ 130 MB', 'startup', ['pgIdleRssMb'], (f) => `${fixed(f.pgIdleRssMb, 0)} MB`, (f) => f.pgIdleRssMb! <= 130),
];

export function summaryTable(figures: Record<string, number>, results: Map<string, StoredBenchResult>): string {
  const lines = ['| figure | target | measured | met | when |', '|---|---:|---:|---|---|'];
  for (const target of targetRows) {
    const shown = target.show(figures);
    const when = results.get(target.bench)?.measuredAt.slice(0, 10) ?? '—';
    lines.push(`| ${target.label} | ${target.target} | ${shown ?? 'not measured'} | ${shown === undefined ? '—' : target.met(figures) ? 'yes' : '**no**'} | ${when} |`);
  }
  return lines.join('\n');
}
