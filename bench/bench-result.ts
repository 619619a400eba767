import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * What one benchmark leaves for `npm run bench` (bench/report.ts): its section of
 * docs/PERFORMANCE.md, in markdown, and the figures the summary and `npm run bench:check` compare.
 * Every bench script takes `--json <file>` and writes this there; without it, it prints its tables.
 */
export interface BenchResult {
  /** Markdown for docs/PERFORMANCE.md, starting at a `###` heading or at text (the report adds the `##`). */
  section: string;
  /** Named figures (seconds, MB, ratios…), e.g. `{ pgStartSeconds: 0.8 }`. */
  figures: Record<string, number>;
}

export interface StoredBenchResult extends BenchResult {
  name: string;
  measuredAt: string;
  machine: string;
}

/** The machine a figure was measured on, one line: cores, CPU model, memory, Node. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node ${process.version}`;
}

/** Writes a bench's result where `--json` said (a no-op without the option). */
export async function writeBenchResult(file: string | undefined, result: BenchResult): Promise<void> {
  if (!file) return;
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
}
