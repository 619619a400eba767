import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { feeMessages, type PolicyFee, type PolicyEvent } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { multipartForm, sampleFiles } from '../../test/files';
import { feeHelpers, refusal } from './fees.test-helpers';

// 'Today' is 10 March 2027 in Mexico City.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let admin: string;
let manager: string;
let agent: string;
let approver: string;
let otherAgent: string;
let otherManager: string;
const { feeOf, policyAt, pay, editFee, reverse } = feeHelpers(() => ctx);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [admin, manager, agent, approver, otherAgent, otherManager] = await Promise.all([
    tokenFor(ctx, 'admin', 1),
    tokenFor(ctx, 'manager', 1),
    tokenFor(ctx, 'agent', 1),
    tokenFor(ctx, 'approver', 1),
    tokenFor(ctx, 'agent', 2),
    tokenFor(ctx, 'manager', 2),
  ]);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const payment = { amount: '3000.00', receivedOn: '2027-03-09', method: 'transfer', reference: 'SPEI 123' };

describe('fee payments', () => {
  it('a partial payment leaves it Parcial, the rest makes it Pagada with the day it was paid', async () => {
    const policy = await policyAt(agent, '18500.00');
    const first = await pay(policy.id, agent, payment, { 'if-match': '"v1"' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json<PolicyFee>(first)).toMatchObject({ collected: '3000.00', outstanding: '4511.00', state: 'partial', paidOn: null, version: 2 });
    const second = await pay(policy.id, agent, { ...payment, amount: '4511', receivedOn: '2027-03-10' }, { 'if-match': '"v2"' });
    const fee = json<PolicyFee>(second);
    expect(fee).toMatchObject({ collected: '7511.00', outstanding: '0.00', state: 'paid', paidOn: '2027-03-10' });
    expect(fee.payments.map((row) => [row.amount, row.method, row.reference, row.invoice])).toEqual([
      ['3000.00', 'transfer', 'SPEI 123', null],
      ['4511.00', 'transfer', 'SPEI 123', null],
    ]);
    const history = json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${policy.id}/events`, headers: bearer(agent) }));
    expect(history.some((event) => event.note === feeMessages.paymentEvent('3000.00', '2027-03-09'))).toBe(true);
  });

  it('refuses an overpayment, a future day, a stale form and bad input, naming the field', async () => {
    const policy = await policyAt(agent, '18500.00');
    const over = refusal(await pay(policy.id, agent, { ...payment, amount: '7511.01' }));
    expect(over).toMatchObject({ status: 400, fields: ['amount'], message: feeMessages.overpayment('7511.00') });
    expect(refusal(await pay(policy.id, agent, { ...payment, receivedOn: '2027-03-11' }))).toMatchObject({ status: 400, fields: ['receivedOn'] });
    expect(refusal(await pay(policy.id, agent, { ...payment, amount: '0' }))).toMatchObject({ status: 400, fields: ['amount'] });
    expect(refusal(await pay(policy.id, agent, { ...payment, method: 'bitcoin' }))).toMatchObject({ status: 400, fields: ['method'] });
    expect((await pay(policy.id, agent, payment, { 'if-match': '"v7"' })).statusCode).toBe(412);
    expect((await pay(policy.id, agent, { ...payment, amount: '7511.00' })).statusCode).toBe(201);
    expect(refusal(await pay(policy.id, agent, payment))).toMatchObject({ status: 409, message: feeMessages.alreadyPaid });
  });

  it('is for the branch’s staff: no token 401, an approver 403, another branch 404', async () => {
    const policy = await policyAt(agent, '18500.00');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/fee-payments`, payload: payment })).statusCode).toBe(401);
    expect((await pay(policy.id, approver, payment)).statusCode).toBe(403);
    expect((await pay(policy.id, otherAgent, payment)).statusCode).toBe(404);
    expect((await pay(policy.id, admin, payment)).statusCode).toBe(201);
  });

  it('keeps a receipt sent as multipart, downloadable from the branch only', async () => {
    const policy = await policyAt(agent, '18500.00');
    const body = multipartForm({ amount: '1000', receivedOn: '2027-03-01', method: 'cash' }, { field: 'receipt', content: sampleFiles.pdf(), filename: 'recibo.pdf' });
    const response = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/fee-payments`, headers: { ...bearer(agent), ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = json<PolicyFee>(response).payments;
    expect(row!.receipt).toMatchObject({ fileName: 'recibo.pdf' });
    const file = await ctx.app.inject({ url: `/api/fee-payments/${row!.id}/receipt`, headers: bearer(agent) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await ctx.app.inject({ url: `/api/fee-payments/${row!.id}/receipt`, headers: bearer(otherAgent) })).statusCode).toBe(404);
  });
});

describe('reversals', () => {
  it('take the payment back with its reason (managers), and the state follows', async () => {
    const policy = await policyAt(agent, '18500.00');
    const paid = json<PolicyFee>(await pay(policy.id, agent, { ...payment, amount: '7511' }));
    const paymentId = paid.payments[0]!.id;
    expect((await reverse(paymentId, agent, { reason: 'Cheque devuelto' })).statusCode).toBe(403);
    expect((await reverse(paymentId, otherManager, { reason: 'Cheque devuelto' })).statusCode).toBe(404);
    expect(refusal(await reverse(paymentId, manager, { reason: '' }))).toMatchObject({ status: 400, fields: ['reason'] });
    expect((await reverse(paymentId, manager, { reason: 'Cheque devuelto' }, { 'if-match': '"v1"' })).statusCode).toBe(412);
    const reversed = await reverse(paymentId, manager, { reason: 'Cheque devuelto' }, { 'if-match': `"v${paid.version}"` });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(json<PolicyFee>(reversed)).toMatchObject({ collected: '0.00', outstanding: '7511.00', state: 'pending', paidOn: null });
    expect(json<PolicyFee>(reversed).payments[0]!.reversal).toMatchObject({ reason: 'Cheque devuelto' });
    expect(refusal(await reverse(paymentId, manager, { reason: 'Otra vez' }))).toMatchObject({ status: 409, message: feeMessages.alreadyReversed });
  });

  it('are refused while the payment has a standing invoice (cancel it first)', async () => {
    const policy = await policyAt(agent, '18500.00');
    const paymentId = json<PolicyFee>(await pay(policy.id, agent, payment)).payments[0]!.id;
    // The invoices' own work writes this row through the PAC; here only its standing matters.
    await ctx.testDb.database.db.execute(sql`
      insert into invoices (policy_id, fee_payment_id, branch_id, state, idempotency_key, provider, uuid, customer_rfc, customer_legal_name,
                            customer_tax_system, customer_zip, use, payment_form, product_key, description, subtotal, iva, total, issued_at)
      values (${policy.id}, ${paymentId}, 1, 'valid', ${`k-${paymentId}`}, 'facturapi', '11111111-2222-3333-4444-555555555555', 'XAXX010101000',
              'PÚBLICO EN GENERAL', '616', '06600', 'G03', '03', '80131500', 'Honorarios', '2586.21', '413.79', '3000.00', now())`);
    const fee = await feeOf(policy.id, agent);
    expect(fee.payments[0]!.invoice).toMatchObject({ state: 'valid', uuid: '11111111-2222-3333-4444-555555555555', total: '3000.00' });
    expect(refusal(await reverse(paymentId, manager, { reason: 'Error de captura' }))).toMatchObject({ status: 409, message: feeMessages.invoiceStanding });
    await ctx.testDb.database.db.execute(sql`update invoices set state = 'canceled', canceled_at = now() where fee_payment_id = ${paymentId}`);
    expect((await feeOf(policy.id, agent)).payments[0]!.invoice).toBeNull();
    expect((await reverse(paymentId, manager, { reason: 'Error de captura' })).statusCode).toBe(200);
  });
});

describe('editing the fee', () => {
  it('lets staff say who pays, split by the owner’s share', async () => {
    const policy = await policyAt(agent, '18500.00');
    const split = await editFee(policy.id, agent, { payer: 'split', ownerSharePercent: '50' }, { 'if-match': '"v1"' });
    expect(split.statusCode, split.body).toBe(200);
    expect(json<PolicyFee>(split)).toMatchObject({ payer: 'split', ownerSharePercent: '50.00', shares: { owner: '3755.50', tenant: '3755.50' } });
    expect(refusal(await editFee(policy.id, agent, { payer: 'split' }))).toMatchObject({ status: 400 });
    expect(refusal(await editFee(policy.id, agent, { payer: 'landlord' }))).toMatchObject({ status: 400, fields: ['payer'] });
    expect((await editFee(policy.id, agent, { payer: 'owner' }, { 'if-match': '"v1"' })).statusCode).toBe(412);
    expect(json<PolicyFee>(await editFee(policy.id, agent, { payer: 'owner' })).shares).toEqual({ owner: '7511.00', tenant: '0.00' });
    expect((await editFee(policy.id, otherAgent, { payer: 'tenant' })).statusCode).toBe(404);
    expect((await editFee(policy.id, approver, { payer: 'tenant' })).statusCode).toBe(403);
  });

  it('takes a discount only from a manager, only with a reason, and keeps the quote after it', async () => {
    const policy = await policyAt(agent, '18500.00');
    expect(refusal(await editFee(policy.id, agent, { discount: '475', discountReason: 'Cliente frecuente' }))).toMatchObject({ status: 403, message: feeMessages.discountForbidden });
    const noReason = refusal(await editFee(policy.id, manager, { discount: '475' }));
    expect(noReason).toMatchObject({ status: 400, fields: ['discountReason'] });
    expect(noReason.message).toMatch(/Motivo/);
    expect(refusal(await editFee(policy.id, manager, { discount: '6475.01', discountReason: 'Demasiado' }))).toMatchObject({ status: 400, fields: ['discount'] });
    const discounted = await editFee(policy.id, manager, { discount: '475', discountReason: 'Cliente frecuente' });
    expect(discounted.statusCode, discounted.body).toBe(200);
    expect(json<PolicyFee>(discounted).quote).toMatchObject({ discount: '475.00', discountReason: 'Cliente frecuente', subtotal: '6000.00', iva: '960.00', total: '6960.00' });
    expect(json<PolicyFee>(discounted).quote!.discountBy).toBeTruthy();
    // A discounted quote stays when the rent changes: a manager edits it.
    const fee = await feeOf(policy.id, agent);
    const raised = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(agent), payload: { ...policy, property: { ...policy.property, rent: { ...policy.property.rent, price: '25000.00' } } } });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await feeOf(policy.id, agent)).quote).toEqual(fee.quote);
  });

  it('keeps the quote once money was collected', async () => {
    const policy = await policyAt(agent, '18500.00');
    await pay(policy.id, agent, payment);
    const raised = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(agent), payload: { ...policy, property: { ...policy.property, rent: { ...policy.property.rent, price: '25000.00' } } } });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await feeOf(policy.id, agent)).quote).toMatchObject({ rentAmount: '18500.00', total: '7511.00' });
  });
});
