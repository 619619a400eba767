import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeMessages, type Branch, type PolicyFee } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { approvedPolicy } from '../../test/policies';
import { feeHelpers, refusal } from './fees.test-helpers';

let ctx: TestContext;
let admin: string;
let agent: string;
const { pay } = feeHelpers(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, agent] = await Promise.all([tokenFor(ctx, 'admin', 1), tokenFor(ctx, 'agent', 1)]);
});
afterAll(() => ctx.close());

/** The branch's settings form, saved with the fee's settings changed. */
async function setBranch(changes: Partial<Branch>): Promise<Branch> {
  const branch = json<Branch>(await ctx.app.inject({ url: '/api/branches/1', headers: bearer(admin) }));
  const saved = await ctx.app.inject({ method: 'POST', url: '/api/branches/1', headers: { ...bearer(admin), 'if-match': `"v${branch.version}"` }, payload: { ...branch, ...changes } });
  expect(saved.statusCode, saved.body).toBe(200);
  return json<Branch>(saved);
}

const generate = (policyId: number) => ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policyId}`, headers: bearer(agent), payload: { status: 'contracts' } });

describe('the branch’s fee settings', () => {
  it('are read and saved with the branch, and validated', async () => {
    const before = json<Branch>(await ctx.app.inject({ url: '/api/branches/1', headers: bearer(admin) }));
    expect(before).toMatchObject({ requireFeeBeforeContracts: false, commissionPercent: '20.00' });
    expect(await setBranch({ commissionPercent: '12.5' as never })).toMatchObject({ commissionPercent: '12.50' });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/branches/1', headers: bearer(admin), payload: { ...before, commissionPercent: '101' } });
    expect(refusal(bad)).toMatchObject({ status: 400, fields: ['commissionPercent'] });
  });
});

describe('Generar Contratos', () => {
  it('waits for the fee paid when the branch asks (409 fee_unpaid), and goes ahead once it is', async () => {
    await setBranch({ requireFeeBeforeContracts: true });
    const policy = await approvedPolicy(ctx, { token: agent });
    const refused = refusal(await generate(policy.id));
    expect(refused).toMatchObject({ status: 409, code: 'fee_unpaid', message: feeMessages.unpaidBeforeContracts });
    const partial = await pay(policy.id, agent, { amount: '1000', receivedOn: '2020-01-02', method: 'cash' });
    expect(json<PolicyFee>(partial).state).toBe('partial');
    expect((await generate(policy.id)).statusCode).toBe(409);
    await pay(policy.id, agent, { amount: '6511', receivedOn: '2020-01-03', method: 'cash' });
    const generated = await generate(policy.id);
    expect(generated.statusCode, generated.body).toBe(200);
  });

  it('does not wait when the setting is off', async () => {
    await setBranch({ requireFeeBeforeContracts: false });
    const policy = await approvedPolicy(ctx, { token: agent });
    expect((await generate(policy.id)).statusCode).toBe(200);
  });
});
