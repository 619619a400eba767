import os from 'node:os';
import { parseArgs } from 'node:util';
import { writeBenchResult } from './bench-result';
import { DASHBOARD_TARGET_MS, markdownTable, runBench, SEARCH_TARGET_MS, type Engine, type EngineResult } from './harness';

/**
 * `npm run bench:policies [-- --engine pglite|postgres|both] [--count 100000] [--requests 200]
 * [--warmup 20] [--explain] [--keep] [--json FILE]`: generates the policies, serves them with the real app and
 * prints p50/p95 of the list search and the dashboard as a markdown table. PostgreSQL is the
 * server at BENCH_DATABASE_URL (a throwaway database is created there and dropped).
 */
const usage = `Usage: npm run bench:policies -- [--engine pglite|postgres|both] [--count N] [--requests N] [--warmup N] [--explain] [--keep]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      count: { type: 'string', default: '100000' },
      requests: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      explain: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : values.engine === 'pglite' || values.engine === 'postgres' ? [values.engine] : [];
  const count = Number(values.count);
  const requests = Number(values.requests);
  const warmup = Number(values.warmup);
  if (engines.length === 0 || ![count, requests].every((n) => Number.isInteger(n) && n > 0) || !(Number.isInteger(warmup) && warmup >= 0)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

  const results: EngineResult[] = [];
  for (const engine of engines) {
    results.push(
      await runBench({ engine, count, requests, warmup, serverUrl, explain: values.explain, keep: values.keep, log: (line) => process.stderr.write(`${line}\n`) }),
    );
  }

  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  process.stdout.write(
    `\n${count.toLocaleString('en-US')} policies in one branch; ${requests} sequential requests per query after ${warmup} warm-up ones; ` +
      `Node ${process.version}, ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB.\n\n${markdownTable(results)}\n`,
  );
  const postgres = results.find((result) => result.engine === 'postgres');
  await writeBenchResult(values.json, {
    section: `${count.toLocaleString('en-US')} policies in one branch; ${requests} sequential requests per query after ${warmup} warm-up ones; p50 / p95 in ms.\n\n${markdownTable(results)}`,
    figures: Object.fromEntries(
      results.flatMap((result) => [
        ...result.queries.map((query) => [`${result.engine}_${query.name.replace(/\W+/g, '_')}_p95_ms`, query.p95]),
        [`${result.engine}_full_list_seconds`, result.fullList.seconds],
        [`${result.engine}_full_list_rss_growth_mb`, result.fullList.rssGrowthMb],
      ]),
    ),
  });
  const missed = postgres?.queries.filter((query) => query.target !== undefined && query.p95 > query.target) ?? [];
  if (missed.length > 0) {
    process.stdout.write(`\nMissed on PostgreSQL (search ≤ ${SEARCH_TARGET_MS} ms, dashboard ≤ ${DASHBOARD_TARGET_MS} ms): ${missed.map((q) => q.name).join(', ')}\n`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const cause = error instanceof Error && error.cause ? `\nCaused by: ${String(error.cause)}` : '';
    process.stderr.write(`bench:policies failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`);
    process.exit(1);
  },
);
