import { parseArgs } from 'node:util';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { femaleFirstNames, surnames } from '../apps/api/src/demo/demo-data';
import { describeRefusals, httpClient, runPool, summarize, type Client, type Summary } from './load-client';
import { sampleLocks } from './lock-sampler';
import { machineLine, writeBenchResult } from './bench-result';
import { prepareDatabase, signIn, startApp, waitForNextMinute } from './write-bench-setup';

/**
 * `npm run bench:creates [-- --count 600] [--concurrency 50] [--pool N] [--locks] [--cpu-prof DIR] [--json FILE]`
 * (issue 30): new policies of one branch through `POST /api/policy` of the real app (its own
 * process) on a scratch PostgreSQL database, as the bench's agent: `count` one at a time, then
 * `count` with `concurrency` in flight. Rates, p50/p99, what was refused and why, and the ratio
 * of the two rates: creates that queue behind each other show a ratio near 1.
 * `--locks` samples pg_locks during the burst (what the backends wait on).
 */

const WARMUP = 20;

interface Figures {
  sequential: Summary;
  concurrent: Summary;
  locks?: string;
}

/** A valid form body, the tenant's name varying as real ones do. */
function body(index: number) {
  const name = `${femaleFirstNames[index % femaleFirstNames.length]} ${surnames[index % surnames.length]} ${surnames[(index * 7) % surnames.length]}`;
  return examplePolicyInput({ tenants: [exampleTenant(name)] });
}

function create(client: Client, index: number) {
  return client.request('POST /api/policy', 'POST', '/api/policy', body(index));
}

async function run(options: { count: number; concurrency: number; pool?: number; locks: boolean; cpuProf?: string; serverUrl: string; log: (line: string) => void }): Promise<Figures> {
  const { log } = options;
  const database = await prepareDatabase(options.serverUrl, 0, log);
  const app = await startApp(database.url, options.pool, options.cpuProf);
  const client = httpClient(app.base, await signIn(app.base), options.concurrency);
  try {
    const warm = await runPool(WARMUP, 1, (index) => create(client, index));
    if (summarize(warm.outcomes, warm.seconds).refused > 0) throw new Error(`warm-up refused: ${JSON.stringify(warm.outcomes.find((o) => o.status !== 201))}`);
    const one = await runPool(options.count, 1, (index) => create(client, WARMUP + index));
    const sequential = summarize(one.outcomes, one.seconds);
    log(`one at a time: ${describe(sequential)}`);
    await waitForNextMinute(log);
    const sampler = options.locks ? await sampleLocks(database.url) : undefined;
    const burst = await runPool(options.count, options.concurrency, (index) => create(client, WARMUP + options.count + index));
    const locks = await sampler?.stop();
    const concurrent = summarize(burst.outcomes, burst.seconds);
    log(`${options.concurrency} at a time: ${describe(concurrent)}`);
    if (locks) log(locks);
    return { sequential, concurrent, locks };
  } finally {
    client.close();
    await app.stop();
    await database.drop();
  }
}

function describe(s: Summary): string {
  return `${s.requests} in ${(s.requests / s.perSecond).toFixed(1)} s: ${s.perSecond.toFixed(1)}/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, refused: ${describeRefusals(s.refusals)}`;
}

function section(figures: Figures, count: number, concurrency: number): string {
  const { sequential: one, concurrent: many } = figures;
  const ratio = many.perSecond / one.perSecond;
  return [
    `${count} new policies of one branch through \`POST /api/policy\` (PostgreSQL, the app in its own process), one at a time and then ${concurrency} at a time (\`npm run bench:creates\`); ${machineLine()}.`,
    '',
    '| creates | per second | p50 | p99 | refused |',
    '|---|---:|---:|---:|---|',
    `| one at a time | ${one.perSecond.toFixed(1)} | ${one.p50.toFixed(1)} ms | ${one.p99.toFixed(1)} ms | ${describeRefusals(one.refusals)} |`,
    `| ${concurrency} at a time | ${many.perSecond.toFixed(1)} | ${many.p50.toFixed(1)} ms | ${many.p99.toFixed(1)} ms | ${describeRefusals(many.refusals)} |`,
    '',
    `${concurrency} at a time ÷ one at a time: **${ratio.toFixed(2)}×** (target ≥ 3×, 0 refused).`,
  ].join('\n');
}

const usage = 'Usage: npm run bench:creates -- [--count N] [--concurrency N] [--pool N] [--locks] [--cpu-prof DIR] [--json FILE]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '600' },
      concurrency: { type: 'string', default: '50' },
      pool: { type: 'string' },
      locks: { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const [count, concurrency] = [Number(values.count), Number(values.concurrency)];
  const pool = values.pool === undefined ? undefined : Number(values.pool);
  if (![count, concurrency, pool ?? 1].every((n) => Number.isInteger(n) && n > 0) || count > 1000 - WARMUP) {
    process.stderr.write(`${usage}\n(count at most ${1000 - WARMUP}: a minute has 1,000 folios)\n`);
    return 2;
  }
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const figures = await run({ count, concurrency, pool, locks: values.locks, cpuProf: values['cpu-prof'], serverUrl, log });
  const markdown = section(figures, count, concurrency);
  if (values.json) {
    const { sequential: one, concurrent: many } = figures;
    await writeBenchResult(values.json, { section: markdown, figures: {
      sequentialPerSecond: one.perSecond,
      sequentialMsEach: 1000 / one.perSecond,
      sequentialP50Ms: one.p50,
      concurrentPerSecond: many.perSecond,
      concurrentP50Ms: many.p50,
      concurrentP99Ms: many.p99,
      concurrentRefused: many.refused,
      ratio: many.perSecond / one.perSecond,
    } });
  }
  process.stdout.write(`\n${markdown}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:creates failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
