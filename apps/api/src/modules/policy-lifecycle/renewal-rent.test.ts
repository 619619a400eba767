import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { policyEventListSchema, renewalProposalSchema, renewalSchema, type Policy } from '@portal/domain';
import { branches } from '../../db/schema/index';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';

// The renewal's rent (issue 32): Polanco (branch 1) caps the yearly increase at 3.69 % (INPC 2025,
// INEGI); Santa Fe (branch 2) sets no cap. Rents of $18,500.

let ctx: TestContext;
let agent: string;
let approver: string;
let otherBranchAgent: string;

const activePolicy = (token: string) =>
  newPolicy(ctx, { token, overrides: { ...rentOverrides({ contractStartDate: '2025-12-01' }), status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` }, via: 'admin-jump' });

const proposal = (policy: Policy, token = agent) => ctx.app.inject({ url: `/api/policy/${policy.id}/renewal`, headers: bearer(token) });
const renew = (policy: Policy, payload?: object, token: string | null = agent) =>
  ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/renew`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  [agent, approver, otherBranchAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2)]);
  await ctx.testDb.database.db.update(branches).set({ maxRentIncreasePercent: 3.69, maxRentIncreaseSource: 'INPC 2025, INEGI' }).where(eq(branches.id, 1));
});
afterAll(() => ctx.close());

describe('GET /api/policy/{id}/renewal', () => {
  it("proposes the rent raised by the branch's cap, to the centavo, with the cap and its source", async () => {
    const response = await proposal(await activePolicy(agent));
    expect(response.statusCode, response.body).toBe(200);
    expect(renewalProposalSchema.strict().parse(json(response))).toEqual({ currentRent: '18500.00', proposedRent: '19182.65', maxIncreasePercent: 3.69, maxIncreaseSource: 'INPC 2025, INEGI' });
  });

  it('proposes the current rent where the branch sets no cap', async () => {
    const response = await proposal(await activePolicy(otherBranchAgent), otherBranchAgent);
    expect(json(response)).toEqual({ currentRent: '18500.00', proposedRent: '18500.00', maxIncreasePercent: null, maxIncreaseSource: '' });
  });

  it('answers 401 without a session, 403 to a role that cannot renew, 404 for another branch', async () => {
    const policy = await activePolicy(agent);
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/renewal` })).statusCode).toBe(401);
    expect((await proposal(policy, approver)).statusCode).toBe(403);
    expect((await proposal(policy, otherBranchAgent)).statusCode).toBe(404);
  });
});

describe('POST /api/policy/{id}/renew with the rent', () => {
  it('takes a rent above the cap with a warning, answered and kept in the history', async () => {
    const response = await renew(await activePolicy(agent), { rent: '20000' });
    expect(response.statusCode, response.body).toBe(201);
    const renewal = renewalSchema.parse(json(response));
    expect(renewal.property.rent.price).toBe(20000);
    expect(renewal.rentWarning).toBe('El aumento (8.11 %) supera el máximo de la sucursal (3.69 %, fuente: INPC 2025, INEGI).');
    const events = policyEventListSchema.parse(json(await ctx.app.inject({ url: `/api/policy/${renewal.id}/events`, headers: bearer(agent) })));
    expect(events.map((event) => event.note).join('\n')).toContain('Renta: $20,000.00 (antes $18,500.00). Aviso: El aumento (8.11 %) supera el máximo');
  });

  it('takes the proposed rent without a warning, and keeps the current rent when none is sent', async () => {
    const proposed = renewalSchema.parse(json(await renew(await activePolicy(agent), { rent: '19182.65' })));
    expect(proposed).toMatchObject({ rentWarning: null, property: { rent: { price: 19182.65 } } });
    const kept = await renew(await activePolicy(agent));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(renewalSchema.parse(json(kept))).toMatchObject({ rentWarning: null, property: { rent: { price: 18500 } } });
  });

  it('answers 400 naming the field for a rent that is not an amount', async () => {
    const policy = await activePolicy(agent);
    for (const rent of ['abc', 0, '1.234']) {
      const response = await renew(policy, { rent });
      expect(response.statusCode, String(rent)).toBe(400);
      expect(response.body).toMatch(/Renta mensual de la renovación/);
    }
    expect((await renew(policy, { rent: '19000' }, null)).statusCode).toBe(401);
    expect((await renew(policy, { rent: '19000' }, approver)).statusCode).toBe(403);
    expect((await renew(policy, { rent: '19000' }, otherBranchAgent)).statusCode).toBe(404);
  });
});
