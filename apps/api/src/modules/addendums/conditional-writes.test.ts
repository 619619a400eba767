import { afterAll, beforeAll, describe, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Addendum, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { itRefusesStaleSaves, nameUser, saveHeaders } from '../../test/conditional-writes';

let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let santaFe: { id: number; token: string };
let addendum: Addendum;

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'agent', 1);
  pedro = await signInAs(ctx, 'manager', 1);
  santaFe = await signInAs(ctx, 'agent', 2);
  await nameUser(ctx, maria.id, 'María', 'López');
  const created = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(maria.token), payload: examplePolicyInput() });
  const policy = json<Policy>(created);
  await ctx.testDb.database.db.execute(sql`update policies set status = 'active' where id = ${policy.id}`);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/addendum',
    headers: bearer(maria.token),
    payload: { policyId: policy.id, description: 'Incremento de renta anual', amount: '1500.50', startDate: '2026-12-01', endDate: '2027-11-30' },
  });
  expect(response.statusCode, response.body).toBe(201);
  addendum = json<Addendum>(response);
});
afterAll(() => ctx.close());

describe('conditional writes of an addendum', () => {
  itRefusesStaleSaves<Addendum>(() => ({
    first: { token: maria.token, name: 'María López' },
    second: pedro.token,
    outsider: { token: santaFe.token, status: 404 },
    record: {
      read: (token) => ctx.app.inject({ url: `/api/addendum/item/${addendum.id}`, headers: bearer(token) }),
      unwrap: (body) => (body as Addendum[])[0]!,
      save: (token, record, text, ifMatch) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/addendum/${record.id}`,
          headers: saveHeaders(token, ifMatch),
          payload: { policyId: record.policyId, description: text, amount: String(record.amount), startDate: record.startDate, endDate: record.endDate, status: record.status },
        }),
      text: (record) => record.description,
    },
  }));
});
