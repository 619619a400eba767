import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { arrearsReportSchema, rentLedgerSchema, type Policy, type RentLedger } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';
import { runRentArrears } from './index';

// 'Today' is 10 March 2027 in Mexico City: policies in force since 1 December 2026, 5 days' grace,
// $18,500 a month; December to March are En mora, 99, 68, 37 and 9 days after their due dates.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let agent: string;
let manager: string;
let withRate: Policy;
let withoutRate: Policy;

const activePolicy = (rate: string | null) =>
  newPolicy(ctx, {
    token: agent,
    overrides: { ...rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5', lateInterestMonthlyRate: rate }), status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` },
    via: 'admin-jump',
  });

const ledgerOf = async (policyId: number): Promise<RentLedger> => {
  const response = await ctx.app.inject({ url: `/api/policy/${policyId}/rents`, headers: bearer(agent) });
  expect(response.statusCode, response.body).toBe(200);
  return rentLedgerSchema.strict().parse(json(response));
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [agent, manager] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1)]);
  withRate = await activePolicy('3.5');
  withoutRate = await activePolicy(null);
  await runRentArrears(ctx.testDb.database.db, NOW);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

describe('moratorium interest', () => {
  it("is kept with the lease's terms", () => {
    expect(withRate.property.rent.lateInterestMonthlyRate).toBe(3.5);
    expect(withoutRate.property.rent.lateInterestMonthlyRate).toBeNull();
  });

  it('computes each month En mora: unpaid × 3.5 % × days/30, to the centavo, shown apart from what is owed', async () => {
    const ledger = await ledgerOf(withRate.id);
    expect(ledger.lateInterestMonthlyRate).toBe('3.50');
    // 1,850,000 cents × 350 × days / 300,000: 99 days 213,675; 68 days 146,766.67; 37 days 79,858.33; 9 days 19,425.
    expect(ledger.rows.slice(0, 5).map((row) => [row.state, row.daysLate, row.interest])).toEqual([
      ['overdue', 99, '2136.75'],
      ['overdue', 68, '1467.67'],
      ['overdue', 37, '798.58'],
      ['overdue', 9, '194.25'],
      ['pending', 0, '0.00'],
    ]);
    expect(ledger.arrears).toEqual({ months: 4, amount: '74000.00', daysLate: 99, interest: '4597.25' });
    // Never added to what is due or owed.
    expect(ledger.rows[0]!.owed).toBe('18500.00');
    expect(ledger.totals.owed).toBe(ledger.totals.due);
  });

  it('applies to what is still unpaid of a month partly paid', async () => {
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/policy/${withRate.id}/payments`, headers: bearer(agent), payload: { amount: '10000', receivedOn: '2027-03-09', method: 'transfer' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const ledger = await ledgerOf(withRate.id);
    // December still owes $8,500: 850,000 × 350 × 99 / 300,000 = 98,175 cents.
    expect(ledger.rows[0]).toMatchObject({ state: 'overdue', owed: '8500.00', interest: '981.75' });
    expect(ledger.arrears.interest).toBe('3442.25');
  });

  it("is zero when the lease sets none", async () => {
    const ledger = await ledgerOf(withoutRate.id);
    expect(ledger.lateInterestMonthlyRate).toBeNull();
    expect(ledger.rows.every((row) => row.interest === '0.00')).toBe(true);
    expect(ledger.arrears.interest).toBe('0.00');
  });

  it('is a column of the aging report and its exports, computed for the day', async () => {
    const response = await ctx.app.inject({ url: '/api/rents/arrears', headers: bearer(manager) });
    expect(response.statusCode, response.body).toBe(200);
    const report = arrearsReportSchema.strict().parse(json(response));
    const byPolicy = new Map(report.items.map((row) => [row.policyId, row]));
    expect(byPolicy.get(withRate.id)).toMatchObject({ amount: '64000.00', interest: '3442.25' });
    expect(byPolicy.get(withoutRate.id)).toMatchObject({ amount: '74000.00', interest: '0.00' });
    const csv = await ctx.app.inject({ url: '/api/rents/arrears?format=csv', headers: bearer(manager) });
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/Adeudo,Intereses moratorios,/);
    expect(lines.some((line) => line.includes('3442.25'))).toBe(true);
  });

  it('refuses a rate above 20 % or with more than two decimals, naming the field', async () => {
    for (const rate of ['25', '3.555', '0']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/policy',
        headers: bearer(agent),
        payload: examplePolicyInput(rentOverrides({ lateInterestMonthlyRate: rate })),
      });
      expect(response.statusCode, rate).toBe(400);
      expect(response.body).toMatch(/Interés moratorio mensual/);
    }
  });
});
