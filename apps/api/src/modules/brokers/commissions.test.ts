import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrokerCommissions, CommissionPayout } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { createBroker, entriesOf, policyWithBroker, recordFeePayment, reverseFeePayment } from './brokers.test-helpers';

// Commissions (issue 34): earned only as the fee is collected, paid by payouts with withholdings.
// 'Today' is 15 February 2027 in Mexico City. The fee: a básica at $18,500, $6,475.00 + IVA = $7,511.00.
const NOW = new Date('2027-02-15T18:00:00Z');

let ctx: TestContext;
let manager: string;
let agent: string;
let otherManager: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [manager, agent, otherManager] = await Promise.all([tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 2)]);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const amounts = async (policyId: number) => (await entriesOf(ctx, policyId)).map((entry) => entry.amount);
const pay = (brokerId: number, payload: object, token = manager) => ctx.app.inject({ method: 'POST', url: `/api/brokers/${brokerId}/payouts`, headers: bearer(token), payload });
const commissions = (brokerId: number, query = '', token = manager) => ctx.app.inject({ url: `/api/brokers/${brokerId}/commissions${query}`, headers: bearer(token) });
const reversePayout = (payoutId: number, payload: object, token = manager) =>
  ctx.app.inject({ method: 'POST', url: `/api/commission-payouts/${payoutId}/reversal`, headers: bearer(token), payload });

describe('syncPolicyCommissions', () => {
  it('earns nothing before the fee is collected, half with half the fee, exactly round(subtotal × %) with all of it', async () => {
    const broker = await createBroker(ctx, manager);
    const policy = await policyWithBroker(ctx, agent, broker.id);
    expect(await amounts(policy.id)).toEqual([]);
    await recordFeePayment(ctx, policy.id, '3755.50', '2027-01-10');
    expect(await amounts(policy.id)).toEqual(['647.50']);
    await recordFeePayment(ctx, policy.id, '3755.50', '2027-01-20');
    const entries = await entriesOf(ctx, policy.id);
    expect(entries.map((entry) => [entry.amount, entry.earnedOn, entry.brokerId])).toEqual([
      ['647.50', '2027-01-10', broker.id],
      ['647.50', '2027-01-20', broker.id],
    ]);
    // An overpayment earns no more than the whole fee.
    await recordFeePayment(ctx, policy.id, '100.00', '2027-01-25');
    expect(await amounts(policy.id)).toEqual(['647.50', '647.50']);
  });

  it('uses the broker’s own percent, rounds the cumulative figure, and backs a pending entry out when its payment is reversed', async () => {
    const broker = await createBroker(ctx, manager, { commissionPercent: '25' });
    const policy = await policyWithBroker(ctx, agent, broker.id);
    const first = await recordFeePayment(ctx, policy.id, '1000.00', '2027-01-05');
    // 1000 × 6475 / 7511 × 25 % = 215.517… → 215.52
    expect(await amounts(policy.id)).toEqual(['215.52']);
    await recordFeePayment(ctx, policy.id, '6511.00', '2027-01-06');
    expect(await amounts(policy.id)).toEqual(['215.52', '1403.23']);
    await reverseFeePayment(ctx, first);
    // Only the second payment stands: 6511 of 7511 earns 1403.23 (the pending entries are rewritten).
    const after = await entriesOf(ctx, policy.id);
    expect(after.map((entry) => entry.amount)).toEqual(['1403.23']);
  });

  it('earns nothing on a policy without a broker', async () => {
    const policy = await policyWithBroker(ctx, agent, null);
    await recordFeePayment(ctx, policy.id, '7511.00', '2027-01-05');
    expect(await amounts(policy.id)).toEqual([]);
  });
});

describe('payouts', () => {
  it('pays pending entries with IVA and withholdings, and a reversed fee payment then takes back with a negative entry', async () => {
    const broker = await createBroker(ctx, manager, { kind: 'asesor', commissionIvaPercent: '16', isrWithholdingPercent: '10', ivaWithholdingPercent: '10.67' });
    const policy = await policyWithBroker(ctx, agent, broker.id);
    const payment = await recordFeePayment(ctx, policy.id, '7511.00', '2027-01-05');
    const [entry] = await entriesOf(ctx, policy.id);
    expect(entry!.amount).toBe('1295.00');

    const paid = await pay(broker.id, { entryIds: [entry!.id], paidOn: '2027-02-01', reference: 'SPEI 7788' });
    expect(paid.statusCode, paid.body).toBe(201);
    const payout = json<CommissionPayout>(paid);
    expect(payout).toMatchObject({ gross: '1295.00', iva: '207.20', isrWithheld: '129.50', ivaWithheld: '138.18', net: '1234.52', entryCount: 1, paidOn: '2027-02-01', reference: 'SPEI 7788', reversal: null });

    const view = json<BrokerCommissions>(await commissions(broker.id, '?state=paid'));
    expect(view.entries.map((item) => [item.amount, item.state, item.payout?.reference])).toEqual([['1295.00', 'paid', 'SPEI 7788']]);
    expect(view.entries[0]!.folio).toBe(policy.investigationId);
    expect(view.totals).toEqual({ pending: '0.00', paid: '1295.00' });

    // The same entry again: the list the manager saw is stale.
    expect((await pay(broker.id, { entryIds: [entry!.id], paidOn: '2027-02-01', reference: 'otra' })).statusCode).toBe(409);

    await reverseFeePayment(ctx, payment);
    const entries = await entriesOf(ctx, policy.id);
    expect(entries.map((item) => [item.amount, item.payoutId !== null, item.earnedOn])).toEqual([
      ['1295.00', true, '2027-01-05'],
      ['-1295.00', false, '2027-02-15'],
    ]);
    const pending = json<BrokerCommissions>(await commissions(broker.id, '?state=pending'));
    expect(pending.totals).toEqual({ pending: '-1295.00', paid: '1295.00' });
    expect(pending.entries[0]!.note).toContain('revertido');
  });

  it('reverses a payout with its reason: its entries are Pendiente again and the payout is kept', async () => {
    const broker = await createBroker(ctx, manager);
    const policy = await policyWithBroker(ctx, agent, broker.id);
    await recordFeePayment(ctx, policy.id, '7511.00', '2027-01-05');
    const [entry] = await entriesOf(ctx, policy.id);
    const payout = json<CommissionPayout>(await pay(broker.id, { entryIds: [entry!.id], paidOn: '2027-02-02', reference: 'SPEI 1' }));
    expect(payout).toMatchObject({ gross: '1295.00', iva: '0.00', isrWithheld: '0.00', ivaWithheld: '0.00', net: '1295.00' });

    expect((await reversePayout(payout.id, { reason: '' })).statusCode).toBe(400);
    expect((await reversePayout(payout.id, { reason: 'Transferencia rechazada' }, agent)).statusCode).toBe(403);
    expect((await reversePayout(payout.id, { reason: 'Transferencia rechazada' }, otherManager)).statusCode).toBe(404);
    const reversed = await reversePayout(payout.id, { reason: 'Transferencia rechazada' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(json<CommissionPayout>(reversed)).toMatchObject({ gross: '1295.00', entryCount: 0, reversal: { reason: 'Transferencia rechazada' } });
    expect((await entriesOf(ctx, policy.id)).map((item) => [item.id, item.payoutId])).toEqual([[entry!.id, null]]);
    expect((await reversePayout(payout.id, { reason: 'Otra vez' })).statusCode).toBe(409);

    const view = json<BrokerCommissions>(await commissions(broker.id));
    expect(view.payouts.map((item) => [item.id, item.reversal?.reason])).toEqual([[payout.id, 'Transferencia rechazada']]);
    expect(view.totals).toEqual({ pending: '1295.00', paid: '0.00' });
  });

  it('answers 400 naming the field, 401, 403 and 404 (another branch, or another broker’s entry → 409)', async () => {
    const broker = await createBroker(ctx, manager);
    const other = await createBroker(ctx, manager);
    const policy = await policyWithBroker(ctx, agent, other.id);
    await recordFeePayment(ctx, policy.id, '7511.00', '2027-01-05');
    const [entry] = await entriesOf(ctx, policy.id);
    const body = { entryIds: [entry!.id], paidOn: '2027-02-01', reference: 'SPEI' };

    expect((await pay(broker.id, body)).statusCode).toBe(409);
    const future = await pay(other.id, { ...body, paidOn: '2027-02-16' });
    expect(future.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(future).details[0]!.field).toBe('paidOn');
    const empty = await pay(other.id, { ...body, entryIds: [] });
    expect(json<{ details: Array<{ field: string }> }>(empty).details[0]!.field).toBe('entryIds');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/brokers/${other.id}/payouts`, payload: body })).statusCode).toBe(401);
    expect((await pay(other.id, body, agent)).statusCode).toBe(403);
    expect((await pay(other.id, body, otherManager)).statusCode).toBe(404);
    expect((await commissions(other.id, '', agent)).statusCode).toBe(403);
    expect((await commissions(other.id, '', otherManager)).statusCode).toBe(404);
    expect((await commissions(other.id, '?state=x')).statusCode).toBe(400);
  });
});
