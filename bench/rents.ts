import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addDays, businessDate } from '@portal/domain';
import { rowsOf, type Db } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { arrearsReport, runRentArrears } from '../apps/api/src/modules/rents/index';
import { writeBenchResult } from './bench-result';

/**
 * `npm run bench:rents [-- --count 1000000] [--json FILE]` (issue 32): the daily 'rent-arrears' run
 * at `count` policies in force (12 months each) on PostgreSQL (BENCH_DATABASE_URL, a throwaway
 * database). An ordinary day (yesterday's run done, one policy in ten in arrears: the months that
 * fell late yesterday move) is the target, under 60 s; a month without any run (the queue down for 30
 * days: a month's worth of unpaid months move at once) must meet it too. Between the two, with one policy
 * in ten in arrears, the aging report's first page (`arrearsReport`, the route's own service, so its SQL and the row building): p95 of
 * 50 calls after 5 warm-up ones, for an admin's every branch, one branch, and one bucket; target
 * under 200 ms.
 *
 * The policies are written directly (set-based, only the columns the run reads): their schedules
 * by the same `rent_schedule_rows` the activation trigger uses, starts spread over the last year.
 */

const TARGET_SECONDS = 60;

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

async function generate(db: Db, count: number, today: string): Promise<void> {
  await db.execute(sql`
    insert into policies (investigation_id, branch_id, status, start_date, term_months, end_date)
    select 'BENCH-' || g, 1 + g % 3, 'active', ${today}::date - (g % 365), 12, ${today}::date - (g % 365) + 364
    from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into rent_schedules (policy_id, tracked_from) select id, start_date from policies`);
  await db.execute(sql`
    insert into rent_months (policy_id, seq, due_on, grace_days, amount_due)
    select p.id, m.seq, m.due_on, m.grace_days, m.amount_due
    from policies p cross join lateral rent_schedule_rows(p.start_date, 12, 5, 18500) m`);
}

/**
 * As if yesterday's run had been done: one policy in ten is in arrears (its months late before
 * yesterday unpaid, En mora), the others paid every month on time.
 */
async function asOfYesterday(db: Db, today: string): Promise<void> {
  const yesterday = addDays(today, -1);
  await db.execute(sql`
    update rent_months set
      state = case when policy_id % 10 = 0 then 'overdue' else 'paid' end::rent_month_state,
      paid = case when policy_id % 10 = 0 then 0 else amount_due end,
      paid_on = case when policy_id % 10 = 0 then null else due_on end
    where due_on + grace_days < ${yesterday}::date`);
  // Months falling late yesterday: paid on time, but for one in ten of every policy's.
  await db.execute(sql`update rent_months set state = 'paid', paid = amount_due, paid_on = due_on where due_on + grace_days = ${yesterday}::date and id % 10 <> 0`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '1000000' }, json: { type: 'string' } } });
  const count = Number(values.count);
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(serverUrl, 'portal_bench_rents');
  try {
    const { db } = scratch.database;
    await runMigrations(scratch.database);
    await seedIfEmpty(db, { email: 'admin@bench.local', password: 'Bench-Password-1' });
    const today = businessDate();
    const now = new Date();
    const made = await timed(() => generate(db, count, today));
    const [months] = rowsOf<{ months: number }>(await db.execute(sql`select count(*)::int as months from rent_months`));
    process.stderr.write(`${count} policies, ${months!.months} months written in ${made.seconds.toFixed(1)} s\n`);

    await asOfYesterday(db, today);
    await db.execute(sql`select rent_arrears_refresh(array(select id from policies))`);
    await db.execute(sql`vacuum analyze`);
    const ordinary = await timed(() => runRentArrears(db, now));
    process.stderr.write(`ordinary day: ${ordinary.seconds.toFixed(2)} s, ${JSON.stringify(ordinary.value)}\n`);

    const admin = { id: 1, email: 'admin@bench.local', role: 'admin' as const, branchId: 1 };
    const pages = [
      { label: "an admin's every branch", query: { page: 1 } },
      { label: 'one branch', query: { page: 1, branchId: 2 } },
      { label: 'one branch, 61–90 días', query: { page: 1, branchId: 2, bucket: '61-90' as const } },
    ];
    const reportTimes: Array<{ label: string; p95: number; items: number; total: number }> = [];
    for (const { label, query } of pages) {
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof arrearsReport>> | undefined;
      for (let i = 0; i < 55; i++) {
        const call = await timed(() => arrearsReport(db, admin, query, now));
        if (i >= 5) times.push(call.seconds * 1000);
        last = call.value;
      }
      times.sort((a, b) => a - b);
      reportTimes.push({ label, p95: times[Math.ceil(times.length * 0.95) - 1]!, items: last!.items.length, total: last!.total.policies });
      process.stderr.write(`aging report, ${label}: p95 ${reportTimes.at(-1)!.p95.toFixed(1)} ms\n`);
    }

    // The queue down for 30 days: nothing that fell late since then was marked, nothing paid.
    await db.execute(sql`update rent_months set state = 'pending', paid = 0, paid_on = null where due_on + grace_days >= ${addDays(today, -31)}::date`);
    await db.execute(sql`vacuum analyze rent_months`);
    const outage = await timed(() => runRentArrears(db, now));
    process.stderr.write(`after 30 days without a run: ${outage.seconds.toFixed(2)} s, ${JSON.stringify(outage.value)}\n`);

    const verdict = (seconds: number) => (seconds < TARGET_SECONDS ? 'met' : '**not met**');
    const section =
      `The daily 'rent-arrears' run on PostgreSQL at ${count.toLocaleString('en-US')} policies in force, ${months!.months.toLocaleString('en-US')} months ` +
      `(target < ${TARGET_SECONDS} s):\n\n| run | months moved | seconds | target |\n|---|---:|---:|---|\n` +
      `| an ordinary day (yesterday's run done, 1 policy in 10 in arrears) | ${ordinary.value.overdueMonths.toLocaleString('en-US')} | ${ordinary.seconds.toFixed(2)} | ${verdict(ordinary.seconds)} |\n` +
      `| after 30 days without a run | ${outage.value.overdueMonths.toLocaleString('en-US')} | ${outage.seconds.toFixed(2)} | ${verdict(outage.seconds)} |` +
      `\n\nThe aging report's first page (50 rows; the service the route calls), p95 of 50 calls, target < 200 ms:\n\n| report | policies in arrears | p95 ms | target |\n|---|---:|---:|---|\n` +
      reportTimes.map((row) => `| ${row.label} | ${row.total.toLocaleString('en-US')} | ${row.p95.toFixed(1)} | ${row.p95 < 200 ? 'met' : '**not met**'} |`).join('\n');
    process.stdout.write(`${section}\n`);
    await writeBenchResult(values.json, { section, figures: { rentArrearsOrdinarySeconds: ordinary.seconds, rentArrearsOutageSeconds: outage.seconds, ...Object.fromEntries(reportTimes.map((row, index) => [`agingReportP95Ms_${index}`, row.p95])), policies: count } });
    return 0;
  } finally {
    await scratch.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:rents failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
