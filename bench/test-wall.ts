import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBenchResult } from './bench-result';

/**
 * `npm run bench:tests [-- --json FILE]` (issue 30): the wall time of `npm test` — what a developer
 * waits for — and vitest's own split of it (import, setup, tests, environment), read from its
 * summary. Runs the same command as `npm test`, with the same workers.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const stripColours = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

interface TestRun {
  seconds: number;
  files: number;
  tests: number;
  /** vitest's 'Duration' breakdown, in seconds: import, setup, tests, environment… */
  split: Record<string, number>;
  exitCode: number;
}

function runNpmTest(): Promise<TestRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('npm', ['test', '--silent', '--', '--reporter=dot'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const text = stripColours(output);
      const count = (label: string) => Number(text.match(new RegExp(`${label}\\s+(\\d+) passed`))?.[1] ?? Number.NaN);
      const duration = text.match(/Duration\s+[\d.]+m?s \(([^)]*)\)/)?.[1] ?? '';
      const split: Record<string, number> = {};
      for (const part of duration.split(',')) {
        const match = part.trim().match(/^(\w+) ([\d.]+)(m?s)$/);
        if (match) split[match[1]!] = Number(match[2]) / (match[3] === 'ms' ? 1000 : 1);
      }
      resolve({ seconds, files: count('Test Files'), tests: count('Tests'), split, exitCode: code ?? 1 });
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'string' } } });
  const run = await runNpmTest();
  if (run.exitCode !== 0) {
    process.stderr.write(`bench:tests: npm test failed (exit ${run.exitCode}); a failing suite's time is not a figure\n`);
    return 1;
  }
  const splitText = Object.entries(run.split)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`)
    .join(', ');
  const section =
    `\`npm test\` (domain, API on PGlite, web; not the \`*.slow.test.ts\` suites): **${run.seconds.toFixed(1)} s** wall for ` +
    `${run.files} files and ${run.tests.toLocaleString('en-US')} tests. vitest's own split, summed over its workers: ${splitText}.`;
  process.stdout.write(`${section}\n`);
  await writeBenchResult(values.json, { section, figures: { testWallSeconds: run.seconds, testFiles: run.files, tests: run.tests } });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:tests failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
