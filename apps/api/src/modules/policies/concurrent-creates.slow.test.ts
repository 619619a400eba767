import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Policy } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';

// Slow by nature (issue 30): bursts of 50 concurrent creates of whole policies, each a transaction
// of a dozen statements; on PGlite they run one after another through its single engine. On the
// PostgreSQL pass (TEST_DATABASE_URL) they run at once on the app's pool, which is the point:
// creates of one branch must neither queue on one counter row nor refuse one another's folio.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

async function rows<T>(query: string): Promise<T[]> {
  return ((await ctx.testDb.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

function createMany(token: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: examplePolicyInput({ tenants: [exampleTenant(`Inquilina Número ${index}`)] }) }),
    ),
  );
}

describe('concurrent creates of one branch', () => {
  it('gives 50 creates at once 50 distinct folios, refusing none, and keeps the status counters exact', async () => {
    const { token } = await signInAs(ctx, 'agent', 1);
    const responses = await createMany(token, 50);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const folios = responses.map((response) => json<Policy>(response).investigationId);
    expect(new Set(folios).size).toBe(50);

    const [counted] = await rows<{ counters: number; policies: number }>(
      `select (select sum(total)::int from policy_status_counts where branch_id = 1 and status = 'created') as counters,
              (select count(*)::int from policies where branch_id = 1 and status = 'created') as policies`,
    );
    expect(counted!.counters).toBe(counted!.policies);
    expect(counted!.policies).toBeGreaterThanOrEqual(50);
  });

  it('with 10 numbers of the minute free, gives exactly those 10 to 50 creates at once and refuses the other 40 saying why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T15:30:20Z'));
    const { token } = await signInAs(ctx, 'agent', 1);
    const [first] = await createMany(token, 1);
    const template = json<Policy>(first!);
    // Every number of the minute but ten (900…909) taken, by copies of the first policy.
    const columns = (await rows<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'policies' and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
    )).map((row) => row.name);
    const values = columns.map((name) => (name === 'investigation_id' ? `'INV-24112026-0930-' || lpad(n::text, 3, '0')` : `"${name}"`));
    const taken = Number(template.investigationId.slice(-3));
    await rows(
      `insert into policies (${columns.map((name) => `"${name}"`).join(', ')}) select ${values.join(', ')} from policies, generate_series(0, 999) as n ` +
        `where id = ${template.id} and n not between 900 and 909 and n <> ${taken}`,
    );

    const responses = await createMany(token, 50);
    const created = responses.filter((response) => response.statusCode === 201).map((response) => json<Policy>(response).investigationId);
    const free = Array.from({ length: 10 }, (_, index) => `INV-24112026-0930-${900 + index}`).filter((folio) => folio !== template.investigationId);
    expect(created.sort()).toEqual(free);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(50 - free.length);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toMatch(/^Ya están asignados los 1,000 folios de investigación de este minuto/);
    }
  });
});
