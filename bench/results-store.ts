import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredBenchResult } from './bench-result';

/** Where each bench's last result is kept (committed): what docs/PERFORMANCE.md and `bench:check` read. */
export const resultsDir = path.join(import.meta.dirname, 'results');

export interface Bench {
  name: string;
  title: string;
  script: string;
  args: string[];
  /** The hand-written story of this figure (what the profile showed, what changed), linked from the section. */
  notes?: string;
  /** A bench that needs something prepared: it runs only when this variable names it (its value is passed after `flag`). */
  needs?: { env: string; flag: string };
}

/** In the order of the file. Each script takes `--json <file>` (bench/bench-result.ts). */
export const benches: Bench[] = [
  { name: 'tests', title: 'Test suite', script: 'bench/test-wall.ts', args: [], notes: 'docs/performance/tests.md' },
  { name: 'startup', title: 'Start-up and idle memory', script: 'bench/startup.ts', args: ['--runs', '3'], notes: 'docs/performance/startup.md' },
  { name: 'login-js', title: 'JavaScript for /login', script: 'bench/login-js.ts', args: [] },
  { name: 'throughput', title: 'Searches under load', script: 'bench/throughput.ts', args: ['--engine', 'postgres'], notes: 'docs/performance/search.md' },
  { name: 'creates', title: 'New policies at once', script: 'bench/creates.ts', args: [], notes: 'docs/performance/writes.md' },
  { name: 'mixed', title: 'Mixed load', script: 'bench/mixed.ts', args: [], notes: 'docs/performance/writes.md' },
  {
    name: 'photos',
    title: "A tenant's seven photos on 4G",
    script: 'bench/photos.ts',
    args: [],
    notes: 'docs/performance/photos.md',
    // The web build from before the photos were shrunk (docs/performance/photos.md says how to make one).
    needs: { env: 'BENCH_PHOTOS_BEFORE_DIST', flag: '--before-dist' },
  },
  { name: 'policies', title: 'Searches at 100,000 policies', script: 'bench/policies.ts', args: [] },
  { name: 'rents', title: 'The daily arrears run at 1,000,000 policies', script: 'bench/rents.ts', args: [], notes: 'docs/performance/rents.md' },
];

export async function readResults(): Promise<Map<string, StoredBenchResult>> {
  const results = new Map<string, StoredBenchResult>();
  for (const bench of benches) {
    try {
      results.set(bench.name, JSON.parse(await fs.readFile(path.join(resultsDir, `${bench.name}.json`), 'utf8')) as StoredBenchResult);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return results;
}

