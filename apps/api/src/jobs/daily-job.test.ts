import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, businessDate, type Policy, type PolicyFormValues, type PolicyStatus } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { rowsOf } from '../db/client';
import { ADMIN, bearer, buildTestApp, createTestContext, json, login, testConfig, type TestContext } from '../test/app';

/*
 * The daily lifecycle as the queue runs it: two app instances on one database (PGlite in
 * `npm test`, PostgreSQL with TEST_DATABASE_URL) both start, and the day's run happens once.
 * The job uses the real clock, so the policies are dated relative to today in Mexico City.
 */
let ctx: TestContext;
let adminToken: string;
const instances: FastifyInstance[] = [];
const soon = { timeout: 20_000, interval: 100 };

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await ctx.close();
});

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.testDb.database.db.execute(statement));

async function createPolicy(status: PolicyStatus, contractStartDate: string): Promise<number> {
  const base = examplePolicyInput();
  const body: PolicyFormValues = { ...base, status, property: { ...base.property, rent: { ...base.property.rent, contractStartDate } } };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(adminToken), payload: body });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return json<Policy>(response).id;
}

async function statusOf(id: number): Promise<PolicyStatus> {
  return json<Policy>(await ctx.app.inject({ url: `/api/policy/unique/${id}`, headers: bearer(adminToken) })).status;
}

const lifecycleRuns = () =>
  query<{ state: string; n: number }>(sql`
    select state, count(*)::int as n from (
      select state::text from pgboss.job where name = 'policy-lifecycle'
      union all select state::text from pgboss.archive where name = 'policy-lifecycle'
    ) as runs group by state`);
const completedRuns = async () => (await lifecycleRuns()).find((row) => row.state === 'completed')?.n ?? 0;
const allRuns = async () => (await lifecycleRuns()).reduce((sum, row) => sum + row.n, 0);
const systemEvents = (policyId: number) =>
  query<{ n: number }>(sql`select count(*)::int as n from policy_events where policy_id = ${policyId} and by_system`).then((rows) => rows[0]!.n);
const expiryNotices = (policyId: number) =>
  query<{ n: number }>(sql`select count(*)::int as n from notifications where policy_id = ${policyId} and kind = 'policy_expiring'`).then((rows) => rows[0]!.n);

describe('the daily lifecycle job', () => {
  it('runs once when two instances start together, and a second run changes and tells nothing more', async () => {
    const today = businessDate();
    const ended = await createPolicy('active', '2020-01-01');
    // Ends in exactly 60 days (set in SQL: the API derives the end from the start and the term).
    const endsIn60Days = await createPolicy('active', today);
    await ctx.testDb.database.db.execute(sql`update policies set end_date = ${addDays(today, 60)}::date where id = ${endsIn60Days}`);

    for (let i = 0; i < 2; i++) instances.push((await buildTestApp(testConfig({ JOBS: 'on' }), ctx.testDb)).app);
    await Promise.all(instances.map((app) => app.jobQueue.start()));

    await expect.poll(() => statusOf(ended), soon).toBe('expired');
    await expect.poll(completedRuns, soon).toBe(1);
    // Both instances poll every half second: time enough for a second copy to have run, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await allRuns()).toBe(1);
    expect(await systemEvents(ended)).toBe(1);
    const notices = await expiryNotices(endsIn60Days);
    expect(notices).toBeGreaterThan(0);
    expect(await statusOf(endsIn60Days)).toBe('active');

    // An admin's 'Ejecutar ahora' the same day: a second run, nothing moved or told twice.
    const [first] = instances;
    const adminOnFirst = (await login(first!, ADMIN.email, ADMIN.password)).token;
    const response = await first!.inject({ method: 'POST', url: '/api/admin/jobs/policy-lifecycle/run', headers: bearer(adminOnFirst) });
    expect(response.statusCode, response.body).toBe(202);
    await expect.poll(completedRuns, soon).toBe(2);
    expect(await systemEvents(ended)).toBe(1);
    expect(await expiryNotices(endsIn60Days)).toBe(notices);
  });
});
