import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { policySearchResultSchema, type Policy, type PolicySummary } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { bearer, buildTestApp, createTestContext, json, signInAs, testConfig, type TestContext } from '../../test/app';

/**
 * The search's rows are JSON written by PostgreSQL (summary-json.ts, issue 30). The API's answer
 * must stay what it was when the server built it: each row, byte for byte, is JSON.stringify of
 * the summary made here from the whole policy (same keys, same order, same escaping), with
 * texts that need escaping, several tenants and guarantors, none, and null dates.
 */

let ctx: TestContext;
/** SEARCH_CACHE_SECONDS=0: every answer read from the database. */
let app: FastifyInstance;
let agent: { id: number; token: string };
const created: Policy[] = [];

/** The list's row of a whole policy, keys in the order the API has always written them. */
function summaryOf(policy: Policy): PolicySummary {
  const { street, exteriorNumber, colony, municipality } = policy.property.address;
  return {
    id: policy.id,
    investigationId: policy.investigationId,
    policyNumber: policy.policyNumber,
    status: policy.status,
    policyType: policy.policyType,
    branchId: policy.branchId,
    tenantNames: policy.tenants.map((tenant) => tenant.name),
    guarantorNames: policy.guarantors.map((guarantor) => guarantor.name),
    firstGuarantorId: policy.guarantors[0]?.id ?? null,
    ownerName: policy.property.owner.name,
    deliveryDate: policy.property.rent.propertyDeliveryDate || null,
    contractStartDate: policy.property.rent.contractStartDate || null,
    endDate: policy.endDate,
    renewedToPolicyId: policy.renewedToPolicyId,
    propertyAddress: { street, exteriorNumber, colony, municipality },
    createdAt: policy.createdAt,
    updatedAt: policy.updatedAt,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  app = (await buildTestApp(testConfig({ SEARCH_CACHE_SECONDS: '0' }), ctx.testDb)).app;
  agent = await signInAs(ctx, 'agent', 1);
  const base = examplePolicyInput();
  const inputs = [
    base,
    examplePolicyInput({
      policyType: 'plus',
      tenants: [exampleTenant('Ana "La Güera" O\'Hara \\ Núñez'), exampleTenant('Zoë\tJosé 😀 Ñandú')],
      guarantors: [exampleGuarantor('Jesús Ángel <Peña> & Hijos'), exampleGuarantor('Segundo Aval')],
      termMonths: 12,
      property: {
        ...base.property,
        owner: { ...base.property.owner, name: 'Dueña / "Propietaria" Ü' },
        address: { ...base.property.address, street: 'Av. "Insurgentes" Sur \\ 1', colony: 'Del Valle' },
      },
    }),
    examplePolicyInput({
      property: { ...base.property, rent: { ...base.property.rent, propertyDeliveryDate: '', contractStartDate: '' } },
    }),
  ];
  for (const input of inputs) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent.token), payload: input });
    if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
    created.push(json<Policy>(response));
  }
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function searchText(query: string): Promise<string> {
  const response = await app.inject({ url: `/api/policy/search${query}`, headers: bearer(agent.token) });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The answer's text with its rows replaced by what JSON.stringify writes of the expected summaries. */
function expectRows(body: string, expected: Policy[]) {
  const parsed = policySearchResultSchema.parse(JSON.parse(body));
  const rest = body.slice(body.indexOf('],"nextCursor":') + 1);
  expect(body).toBe(`{"items":${JSON.stringify(expected.map(summaryOf))}${rest}`);
  expect(rest).toBe(`,"nextCursor":${JSON.stringify(parsed.nextCursor)},"total":${parsed.total},"totalIsCapped":${parsed.totalIsCapped}}`);
  return parsed;
}

describe('the search rows PostgreSQL writes', () => {
  it('are, byte for byte, the JSON of the summary of each whole policy, newest first', async () => {
    const newestFirst = [...created].reverse();
    const result = expectRows(await searchText(''), newestFirst);
    expect(result).toMatchObject({ nextCursor: null, total: 3, totalIsCapped: false });
    // A date left blank is null, a policy without guarantors has no first one.
    expect(result.items[0]).toMatchObject({ deliveryDate: null, contractStartDate: null, firstGuarantorId: null });
    expect(result.items[1]!.firstGuarantorId).toBe(created[1]!.guarantors[0]!.id);
  });

  it('keep the same text in every order, filter and page', async () => {
    expectRows(await searchText('?sort=oldest'), created);
    expectRows(await searchText('?status=created&sort=status'), [...created].reverse());
    expectRows(await searchText(`?q=${encodeURIComponent('güera')}`), [created[1]!]);
    const first = expectRows(await searchText('?limit=2'), [created[2]!, created[1]!]);
    expect(first.nextCursor).not.toBeNull();
    const second = expectRows(await searchText(`?limit=2&cursor=${first.nextCursor}`), [created[0]!]);
    expect(second).toMatchObject({ nextCursor: null, total: 3 });
    // Nothing left after the cursor: no rows, the total counted apart.
    const oldestTwo = expectRows(await searchText('?sort=oldest&limit=2'), [created[0]!, created[1]!]);
    const past = expectRows(await searchText(`?sort=oldest&limit=2&q=${encodeURIComponent('güera')}&cursor=${oldestTwo.nextCursor}`), []);
    expect(past).toMatchObject({ nextCursor: null, total: 1, totalIsCapped: false });
  });
});
