import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultFeeTariff, feeTariffListSchema, feeTariffSchema, policyTypes, quoteFee, type FeeTariff, type FeeTariffList } from '@portal/domain';
import { exampleGuarantor } from '@portal/domain/testing';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { feeHelpers, refusal } from './fees.test-helpers';

let ctx: TestContext;
let admin: string;
let manager: string;
let agent: string;
let otherAgent: string;
const { feeOf, saveTariff, policyAt, updatePolicy } = feeHelpers(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, agent, otherAgent] = await Promise.all([tokenFor(ctx, 'admin', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'agent', 2)]);
});
afterAll(() => ctx.close());

const tariffsOf = async (query = ''): Promise<FeeTariffList> => {
  const response = await ctx.app.inject({ url: `/api/admin/tariffs${query}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return feeTariffListSchema.parse(json(response));
};

const plusAuto = { branchId: 3, policyType: 'plusAuto', ratePercent: '40', minimum: '4000', ivaPercent: '16', extras: [{ label: 'Investigación de obligado solidario adicional', amount: '750.50' }] };

describe('tariffs', () => {
  it('start as the portal’s defaults (version 0) for every branch and policy type', async () => {
    const { tariffs } = await tariffsOf('?branchId=2');
    expect(tariffs.map((tariff) => tariff.policyType)).toEqual([...policyTypes]);
    expect(tariffs.find((tariff) => tariff.policyType === 'basica')).toMatchObject({ branchId: 2, version: 0, ratePercent: '35.00', minimum: '3500.00', ivaPercent: '16.00', extras: [], createdBy: null });
    expect(tariffs.find((tariff) => tariff.policyType === 'plusAuto')!.ratePercent).toBe(defaultFeeTariff.plusAuto.ratePercent);
    expect((await tariffsOf()).tariffs.length).toBeGreaterThanOrEqual(3 * policyTypes.length);
  });

  it('writes a new version on every save, the highest current, with the history kept', async () => {
    const first = await saveTariff(admin, plusAuto, { 'if-match': '"v0"' });
    expect(first.statusCode, first.body).toBe(200);
    const saved = feeTariffSchema.parse(json(first));
    expect(saved).toMatchObject({ version: 1, ratePercent: '40.00', minimum: '4000.00', extras: [{ key: 'investigacion-de-obligado-solidario-adicional', amount: '750.50' }] });
    expect(first.headers.etag).toBe('"v1"');
    const second = await saveTariff(admin, { ...plusAuto, ratePercent: '42.5' }, { 'if-match': '"v1"' });
    expect(json<FeeTariff>(second)).toMatchObject({ version: 2, ratePercent: '42.50' });
    const current = (await tariffsOf('?branchId=3')).tariffs.find((tariff) => tariff.policyType === 'plusAuto');
    expect(current).toMatchObject({ version: 2, ratePercent: '42.50' });
    const history = await ctx.app.inject({ url: '/api/admin/tariffs/history?branchId=3&policyType=plusAuto', headers: bearer(admin) });
    expect(json<FeeTariffList>(history).tariffs.map((tariff) => tariff.version)).toEqual([2, 1, 0]);
  });

  it('refuses a save from a stale form (412), bad input naming the field (400), and unknown branches', async () => {
    expect((await saveTariff(admin, plusAuto, { 'if-match': '"v1"' })).statusCode).toBe(412);
    expect(refusal(await saveTariff(admin, { ...plusAuto, ratePercent: 'mucho' }))).toMatchObject({ status: 400, fields: ['ratePercent'] });
    expect(refusal(await saveTariff(admin, { ...plusAuto, ivaPercent: '160' }))).toMatchObject({ status: 400, fields: ['ivaPercent'] });
    expect(refusal(await saveTariff(admin, { ...plusAuto, minimum: '-1' }))).toMatchObject({ status: 400, fields: ['minimum'] });
    expect(refusal(await saveTariff(admin, { ...plusAuto, policyType: 'premium' }))).toMatchObject({ status: 400, fields: ['policyType'] });
    const twice = refusal(await saveTariff(admin, { ...plusAuto, extras: [plusAuto.extras[0], plusAuto.extras[0]] }));
    expect(twice).toMatchObject({ status: 400, fields: ['extras'] });
    expect(refusal(await saveTariff(admin, { ...plusAuto, branchId: 9999 }))).toMatchObject({ status: 400, fields: ['branchId'] });
    expect((await ctx.app.inject({ url: '/api/admin/tariffs?branchId=9999', headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('are the admins’: no token 401, a manager 403', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/tariffs' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/tariffs', headers: bearer(manager) })).statusCode).toBe(403);
    expect((await saveTariff(manager, plusAuto)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/tariffs/history?branchId=3&policyType=plusAuto', headers: bearer(agent) })).statusCode).toBe(403);
  });
});

describe('a policy’s quote', () => {
  it('is written when the rent is known: a básica at $18,500 quotes 6475.00 + 1036.00 = 7511.00', async () => {
    const policy = await policyAt(agent, '18500.00');
    const fee = await feeOf(policy.id, agent);
    expect(fee.quote).toMatchObject({ tariffVersion: 0, rentAmount: '18500.00', ratePercent: '35.00', baseAmount: '6475.00', subtotal: '6475.00', iva: '1036.00', total: '7511.00', discount: '0.00' });
    expect(fee).toMatchObject({ payer: 'tenant', collected: '0.00', outstanding: '7511.00', state: 'pending', payments: [], shares: { owner: '0.00', tenant: '7511.00' } });
  });

  it('charges the minimum on a low rent, and agrees with the domain’s quoteFee on awkward amounts', async () => {
    expect((await feeOf((await policyAt(agent, '5000.00')).id, agent)).quote).toMatchObject({ baseAmount: '3500.00', total: '4060.00' });
    for (const price of ['12345.67', '10000.10', '9999.99', '33333.33']) {
      const fee = await feeOf((await policyAt(agent, price)).id, agent);
      const expected = quoteFee({ rent: price, ...defaultFeeTariff.basica });
      expect(fee.quote, price).toMatchObject({ baseAmount: expected.baseAmount, subtotal: expected.subtotal, iva: expected.iva, total: expected.total });
    }
  });

  it('uses the branch’s current tariff, and a tariff change never changes a quoted fee', async () => {
    const before = await policyAt(agent, '20000.00', { policyType: 'plus', guarantors: [exampleGuarantor('Óscar Gutiérrez Peña')] });
    expect((await feeOf(before.id, agent)).quote).toMatchObject({ tariffVersion: 0, baseAmount: '9000.00' });
    const written = await saveTariff(admin, { branchId: 1, policyType: 'plus', ratePercent: '50', minimum: '3500', ivaPercent: '16', extras: [] });
    expect(written.statusCode, written.body).toBe(200);
    // Quoted before: unchanged, even after a save of the policy that keeps its rent.
    expect((await updatePolicy(agent, before, { notes: 'Sin cambios de renta' } as never)).statusCode).toBe(200);
    expect((await feeOf(before.id, agent)).quote).toMatchObject({ tariffVersion: 0, baseAmount: '9000.00', total: '10440.00' });
    const after = await policyAt(agent, '20000.00', { policyType: 'plus', guarantors: [exampleGuarantor('Óscar Gutiérrez Peña')] });
    expect((await feeOf(after.id, agent)).quote).toMatchObject({ tariffVersion: 1, ratePercent: '50.00', baseAmount: '10000.00', total: '11600.00' });
  });

  it('is quoted again (current tariff) when the rent or the policy type changes before anything is collected', async () => {
    const policy = await policyAt(agent, '18500.00');
    const quoted = await feeOf(policy.id, agent);
    const raised = await updatePolicy(agent, policy, { property: { ...policy.property, rent: { ...policy.property.rent, price: '30000.00' } } } as never);
    expect(raised.statusCode, raised.body).toBe(200);
    const requoted = await feeOf(policy.id, agent);
    expect(requoted.quote).toMatchObject({ rentAmount: '30000.00', baseAmount: '10500.00', total: '12180.00' });
    expect(requoted.version).toBeGreaterThan(quoted.version);
    const retyped = await updatePolicy(agent, json(raised), { policyType: 'plus', guarantors: [exampleGuarantor('Óscar Gutiérrez Peña')] });
    expect(retyped.statusCode, retyped.body).toBe(200);
    // Plus in branch 1 is at 50 % since the test above.
    expect((await feeOf(policy.id, agent)).quote).toMatchObject({ ratePercent: '50.00', baseAmount: '15000.00' });
  });

  it('is absent while the policy has no rent, and another branch’s policy is a 404', async () => {
    const policy = await policyAt(agent, '18500.00');
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/fee`, headers: bearer(otherAgent) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/fee` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/policy/99999999/fee', headers: bearer(agent) })).statusCode).toBe(404);
    const rows = rowsOf<{ n: number }>(await ctx.testDb.database.db.execute(sql`select count(*)::int as n from policy_fees where policy_id = ${policy.id}`));
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('the quote preview', () => {
  it('quotes before saving with the caller’s branch tariff', async () => {
    const response = await ctx.app.inject({ url: '/api/fees/quote?policyType=basica&rent=18500', headers: bearer(agent) });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ branchId: 1, tariffVersion: 0, baseAmount: '6475.00', iva: '1036.00', total: '7511.00' });
    const plus = await ctx.app.inject({ url: '/api/fees/quote?policyType=plus&rent=20000', headers: bearer(agent) });
    expect(json(plus)).toMatchObject({ tariffVersion: 1, total: '11600.00' });
  });

  it('refuses another branch for a non-admin (403), bad input (400), no token (401)', async () => {
    expect((await ctx.app.inject({ url: '/api/fees/quote?policyType=basica&rent=18500&branchId=2', headers: bearer(agent) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/fees/quote?policyType=basica&rent=18500&branchId=2', headers: bearer(admin) })).statusCode).toBe(200);
    expect(refusal(await ctx.app.inject({ url: '/api/fees/quote?policyType=basica&rent=0', headers: bearer(agent) }))).toMatchObject({ status: 400, fields: ['rent'] });
    expect((await ctx.app.inject({ url: '/api/fees/quote?policyType=basica&rent=100' })).statusCode).toBe(401);
  });
});
