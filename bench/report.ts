import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineLine, type BenchResult, type StoredBenchResult } from './bench-result';
import { benches, readResults, resultsDir, type Bench } from './results-store';
import { summaryTable } from './targets';

/**
 * `npm run bench [-- --only startup,throughput] [--compose]` (issue 30): runs every benchmark,
 * keeps each one's result in bench/results/<name>.json (committed: the figures `bench:check`
 * compares against), and writes docs/PERFORMANCE.md afresh from them — a summary of every target
 * and each bench's section. Nothing old is kept in the file: its history is git's.
 *
 * `--only` reruns some benches and recomposes the file with the others' stored results;
 * `--compose` only recomposes.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const performanceFile = path.join(repoRoot, 'docs/PERFORMANCE.md');

/** Runs one bench; false when it needs something not given (its stored result then stays). */
function runBench(bench: Bench): boolean {
  const needed = bench.needs ? process.env[bench.needs.env] : undefined;
  if (bench.needs && !needed) {
    process.stderr.write(`\n=== bench ${bench.name}: skipped, set ${bench.needs.env} (kept its stored result)\n`);
    return false;
  }
  const args = [...bench.args, ...(bench.needs ? [bench.needs.flag, needed!] : [])];
  process.stderr.write(`\n=== bench ${bench.name}: ${bench.script} ${args.join(' ')}\n`);
  const file = path.join(resultsDir, `${bench.name}.raw.json`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', bench.script, ...args, '--json', file], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`${bench.script} failed (exit ${run.status ?? run.signal})`);
  return true;
}

/** Turns a bench's raw `--json` output into its stored result (with when and where). */
async function storeResult(bench: Bench): Promise<void> {
  const raw = path.join(resultsDir, `${bench.name}.raw.json`);
  const result = JSON.parse(await fs.readFile(raw, 'utf8')) as BenchResult;
  const stored: StoredBenchResult = { name: bench.name, measuredAt: new Date().toISOString(), machine: machineLine(), ...result };
  await fs.writeFile(path.join(resultsDir, `${bench.name}.json`), `${JSON.stringify(stored, null, 2)}\n`);
  await fs.rm(raw);
}

function compose(results: Map<string, StoredBenchResult>): string {
  const parts = [
    '# Performance',
    '',
    '_Written by `npm run bench` (bench/report.ts) from the results in `bench/results/`: do not edit by hand — rerun the bench. ' +
      'Earlier figures and the reasoning behind past changes are in git history and in docs/decisions._',
    '',
    '## Targets',
    '',
    summaryTable(results, repoRoot),
  ];
  for (const bench of benches) {
    const result = results.get(bench.name);
    parts.push('', `## ${bench.title}`, '');
    parts.push(result ? `_Measured ${result.measuredAt.slice(0, 16).replace('T', ' ')} UTC on ${result.machine} — \`node --import tsx ${bench.script}\`._\n\n${result.section.trim()}` : '_Not measured yet._');
    if (bench.notes) parts.push('', `What the profile showed and what changed: [${path.basename(bench.notes)}](${path.relative('docs', bench.notes)}).`);
  }
  return `${parts.join('\n')}\n`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, compose: { type: 'boolean', default: false } } });
  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !benches.some((bench) => bench.name === name)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(`Unknown bench: ${unknown.join(', ')}. Known: ${benches.map((bench) => bench.name).join(', ')}\n`);
    return 2;
  }
  await fs.mkdir(resultsDir, { recursive: true });
  if (!values.compose) {
    for (const bench of benches.filter((b) => !only || only.includes(b.name))) {
      if (runBench(bench)) await storeResult(bench);
    }
  }
  await fs.writeFile(performanceFile, compose(await readResults()));
  process.stderr.write(`\nWrote ${path.relative(repoRoot, performanceFile)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
