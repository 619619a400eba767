import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { emptyDashboardStats, type Policy, type PolicyFormValues, type PolicySearchResult } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, insertBranch, insertUser, json, login, type TestContext } from '../../test/app';

// policy_status_counts (decision 004) must equal count(*) of policies after every kind of write,
// since the dashboard and the list's total without a search text read it.

let ctx: TestContext;
let adminToken: string;
let branchA: number;
let branchB: number;
let agentA: string;
let managerA: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  branchA = await insertBranch(ctx);
  branchB = await insertBranch(ctx);
  const agent = await insertUser(ctx, { role: 'agent', branchId: branchA });
  agentA = (await login(ctx.app, agent.email, agent.password)).token;
  const manager = await insertUser(ctx, { role: 'manager', branchId: branchA });
  managerA = (await login(ctx.app, manager.email, manager.password)).token;
});
afterAll(() => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function create(token: string, body: PolicyFormValues): Promise<Policy> {
  const response = await post('/api/policy', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<Policy>(response);
}

async function rows<T>(query: string): Promise<T[]> {
  return (await ctx.testDb.database.db.execute(sql.raw(query)) as unknown as { rows: T[] }).rows;
}

/** The counters, and count(*) of policies, as 'branch/status' → n (zeros left out). */
async function countersAndTruth() {
  // A count is the sum of its slots (one per connection, migration 0033).
  const counters = await rows<{ key: string; n: number }>(
    `select branch_id || '/' || status as key, sum(total)::int as n from policy_status_counts group by 1 having sum(total) <> 0 order by 1`,
  );
  const truth = await rows<{ key: string; n: number }>(`select branch_id || '/' || status as key, count(*)::int as n from policies group by 1 order by 1`);
  return { counters: Object.fromEntries(counters.map((r) => [r.key, r.n])), truth: Object.fromEntries(truth.map((r) => [r.key, r.n])) };
}

async function expectExact() {
  const { counters, truth } = await countersAndTruth();
  expect(counters).toEqual(truth);
}

describe('policy_status_counts', () => {
  it('follows creations, menu transitions, form saves, an admin moving a policy, bulk updates and deletes', async () => {
    // Created in another status than 'Creada': a jump, a manager's (decision 010).
    const a1 = await create(managerA, examplePolicyInput({ status: 'investigation_approved' }));
    const a2 = await create(agentA, examplePolicyInput({ status: 'created' }));
    await create(adminToken, examplePolicyInput({ status: 'active', branchId: branchB }));
    await expectExact();

    for (const status of ['contracts', 'signature', 'active'] as const) {
      expect((await post(`/api/policy/update/${a1.id}`, agentA, { status })).statusCode).toBe(200);
    }
    // A refused transition changes nothing.
    expect((await post(`/api/policy/update/${a2.id}`, agentA, { status: 'active' })).statusCode).toBe(409);
    await expectExact();

    // A form save without a status change, then one with (and a Plus guarantor), then the admin moves it.
    const body = examplePolicyInput({ status: 'created', specialnote: 'Llamar antes de las 10' });
    expect((await post(`/api/policy/update/${a2.id}`, agentA, body)).statusCode).toBe(200);
    // Created → investigation is a status jump: a manager's (an agent's would be refused).
    expect((await post(`/api/policy/update/${a2.id}`, managerA, { ...body, status: 'investigation', policyType: 'plus', guarantors: [exampleGuarantor('Lucía Núñez')] })).statusCode).toBe(200);
    await expectExact();
    expect((await post(`/api/policy/update/${a2.id}`, adminToken, { ...body, status: 'cancelled', branchId: branchB })).statusCode).toBe(200);
    await expectExact();

    // Writes outside the service: several rows in one statement, and deletes.
    await rows(`update policies set status = 'expired' where branch_id in (${branchA}, ${branchB}) and status = 'active'`);
    await expectExact();
    await rows(`update policies set updated_at = now()`);
    await rows(`delete from policies where id = ${a1.id}`);
    await expectExact();
    const { counters } = await countersAndTruth();
    expect(counters).toMatchObject({ [`${branchB}/expired`]: 1, [`${branchB}/cancelled`]: 1 });
    expect(counters[`${branchA}/expired`]).toBeUndefined();
  });

  it('gives the dashboard and the list totals without a text, equal to counting', async () => {
    for (const status of ['created', 'created', 'signature'] as const) await create(status === 'created' ? agentA : managerA, examplePolicyInput({ status }));
    const [truth] = await rows<Record<string, number>>(
      `select count(*) filter (where status = 'created')::int as created, count(*) filter (where status = 'signature')::int as signature, count(*)::int as total from policies where branch_id = ${branchA}`,
    );
    const dashboard = json(await get(`/api/policy/dashboard/${branchA}`, agentA));
    expect(dashboard).toEqual({ ...emptyDashboardStats, created: truth!.created, signature: truth!.signature, investigation: 0 });
    const search = async (query: string, token = agentA) => json<PolicySearchResult>(await get(`/api/policy/search?${query}`, token)).total;
    expect(await search('')).toBe(truth!.total);
    expect(await search('status=created')).toBe(truth!.created);
    expect(await search('status=expiring')).toBe(0);
    const [all] = await rows<{ n: number }>(`select count(*)::int as n from policies`);
    expect(await search('', adminToken)).toBe(all!.n);
    expect(await search(`branchId=${branchB}`, adminToken)).toBe(2);
  });
});
