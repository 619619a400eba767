import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { claimDetailSchema, claimMessages, type ClaimDetail, type Policy } from '@portal/domain';
import { claimMovements } from '../../../db/schema/index';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../../test/app';
import { fieldsOf, moveCase, openCase, policyInArrears } from './cases.test-helpers';

// The payment agreement (issue 33): 'today' is 10 March 2027 in Mexico City.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let agent: string;
let manager: string;
let approver: string;
let otherBranch: string;
let policy: Policy;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [agent, manager, approver, otherBranch] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2)]);
  policy = await policyInArrears(ctx, agent);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const three = [
  { dueOn: '2027-03-15', amount: '20000' },
  { dueOn: '2027-04-15', amount: '20000' },
  { dueOn: '2027-05-15', amount: '15500.00' },
];

const post = (url: string, payload: object, token?: string) => ctx.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const agree = (claimId: number, payload: object = { instalments: three }, token?: string) => post(`/api/claims/${claimId}/agreement`, payload, token);
const pay = (instalmentId: number, payload: object, token?: string) => post(`/api/claims/instalments/${instalmentId}/payments`, payload, token);
const reverse = (paymentId: number, payload: object, token?: string) => post(`/api/claims/instalment-payments/${paymentId}/reverse`, payload, token);

function detailOf(response: { statusCode: number; body: string; json(): unknown }, status: number): ClaimDetail {
  expect(response.statusCode, response.body).toBe(status);
  return claimDetailSchema.strict().parse(response.json());
}

async function caseWithAgreement(): Promise<ClaimDetail> {
  const claimId = await openCase(ctx, policy, NOW);
  return detailOf(await agree(claimId, { instalments: three, notes: 'Acordado por teléfono con el inquilino' }, agent), 201);
}

describe('the payment agreement', () => {
  it('writes the instalments and takes the case to Convenio de pago with its event', async () => {
    const claimId = await openCase(ctx, policy, NOW);
    const response = await agree(claimId, { instalments: three }, agent);
    const detail = detailOf(response, 201);
    expect(response.headers.etag).toBe(`"v${detail.version}"`);
    expect(detail).toMatchObject({ stage: 'agreement', stageLabel: 'Convenio de pago', status: 'open' });
    expect(detail.agreement).toMatchObject({ state: 'active', total: '55500.00', paid: '0.00' });
    expect(detail.agreement!.instalments.map((row) => [row.seq, row.dueOn, row.amount, row.state, row.payments])).toEqual([
      [1, '2027-03-15', '20000.00', 'pending', []],
      [2, '2027-04-15', '20000.00', 'pending', []],
      [3, '2027-05-15', '15500.00', 'pending', []],
    ]);
    expect(detail.events[0]).toMatchObject({ fromStage: 'report', toStage: 'agreement', note: 'Convenio de pago de 3 parcialidades por $55,500.00' });

    // One agreement in force per case.
    const second = await agree(claimId, { instalments: three }, agent);
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe(claimMessages.agreementExists);
  });

  it('refuses instalments out of order or starting more than 30 days ago (400 naming the field), and an empty list', async () => {
    const claimId = await openCase(ctx, policy, NOW);
    const past = await agree(claimId, { instalments: [{ dueOn: '2027-02-07', amount: '1000' }] }, agent);
    expect(past.statusCode).toBe(400);
    expect(fieldsOf(past)).toEqual(['instalments.0.dueOn']);
    expect(json(past).details[0].message).toBe('La primera parcialidad no puede vencer más de 30 días antes de hoy');
    const unordered = await agree(claimId, { instalments: [three[1], three[0]] }, agent);
    expect(fieldsOf(unordered)).toEqual(['instalments.1.dueOn']);
    const same = await agree(claimId, { instalments: [three[0], three[0]] }, agent);
    expect(fieldsOf(same)).toEqual(['instalments.1.dueOn']);
    expect(fieldsOf(await agree(claimId, { instalments: [] }, agent))).toEqual(['instalments']);
    expect(fieldsOf(await agree(claimId, { instalments: [{ dueOn: '2027-04-01', amount: '-5' }] }, agent))).toEqual(['instalments.0.amount']);
    // A convenio entered after it was signed: its first instalment may have fallen due up to 30 days ago.
    detailOf(await agree(claimId, { instalments: [{ dueOn: '2027-02-08', amount: '1000' }, { dueOn: '2027-03-10', amount: '1000' }] }, agent), 201);
  });

  it('needs a session (401), an editor (403), the branch (404) and an open case (409)', async () => {
    const claimId = await openCase(ctx, policy, NOW);
    expect((await agree(claimId)).statusCode).toBe(401);
    expect((await agree(claimId, { instalments: three }, approver)).statusCode).toBe(403);
    expect((await agree(claimId, { instalments: three }, otherBranch)).statusCode).toBe(404);
    expect((await agree(999_999, { instalments: three }, agent)).statusCode).toBe(404);
    await moveCase(ctx, claimId, { stage: 'closed', note: '', result: 'withdrawn' }, NOW);
    const closed = await agree(claimId, { instalments: three }, agent);
    expect(closed.statusCode).toBe(409);
    expect(json(closed).message).toBe(claimMessages.closedReadOnly);
  });
});

describe("an instalment's payments", () => {
  it('pays partly, then in full, each also a recovery of the case; the last one fulfils the agreement without closing the case', async () => {
    const start = await caseWithAgreement();
    const [first, second, third] = start.agreement!.instalments;
    const partial = detailOf(await pay(first!.id, { amount: '5000', receivedOn: '2027-03-09', method: 'cash' }, agent), 201);
    expect(partial.agreement!.instalments[0]).toMatchObject({ paid: '5000.00', state: 'partial', paidOn: null });
    expect(partial.totals.recovered).toBe('5000.00');
    expect(partial.movements[0]).toMatchObject({ kind: 'recovery', amount: '5000.00', on: '2027-03-09', description: 'Pago de la parcialidad 1 del convenio' });
    expect(partial.events[0]!.note).toBe('Pago de la parcialidad 1: $5,000.00 recibido el 2027-03-09');

    // More than the instalment still owes ($15,000.00) is refused, naming the amount.
    const over = await pay(first!.id, { amount: '15000.01', receivedOn: '2027-03-10', method: 'transfer' }, agent);
    expect(over.statusCode).toBe(400);
    expect(json(over).details).toEqual([{ field: 'amount', message: 'El importe no puede ser mayor que lo que falta de la parcialidad ($15,000.00)' }]);
    const full = detailOf(await pay(first!.id, { amount: '15000', receivedOn: '2027-03-10', method: 'transfer', reference: 'SPEI 77' }, agent), 201);
    expect(full.agreement!.instalments[0]).toMatchObject({ paid: '20000.00', state: 'paid', paidOn: '2027-03-10' });
    expect(full.agreement!.instalments[0]!.payments.map((payment) => [payment.amount, payment.method, payment.reference])).toEqual([
      ['5000.00', 'cash', ''],
      ['15000.00', 'transfer', 'SPEI 77'],
    ]);
    const again = await pay(first!.id, { amount: '1', receivedOn: '2027-03-10', method: 'cash' }, agent);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(claimMessages.instalmentPaid);

    detailOf(await pay(second!.id, { amount: '20000', receivedOn: '2027-03-10', method: 'deposit' }, agent), 201);
    const done = detailOf(await pay(third!.id, { amount: '15500', receivedOn: '2027-03-10', method: 'deposit' }, agent), 201);
    expect(done.agreement).toMatchObject({ state: 'fulfilled', paid: '55500.00' });
    expect(done.totals.recovered).toBe('55500.00');
    expect(done).toMatchObject({ stage: 'agreement', status: 'open' });
    expect(done.events[0]!.note).toBe('Convenio de pago cumplido: 3 parcialidades pagadas ($55,500.00)');
    // A fulfilled agreement takes no more payments.
    expect((await pay(third!.id, { amount: '1', receivedOn: '2027-03-10', method: 'cash' }, agent)).statusCode).toBe(409);
  });

  it('refuses a day after today (400 on receivedOn), no session (401), the approver (403), another branch (404)', async () => {
    const start = await caseWithAgreement();
    const instalment = start.agreement!.instalments[0]!;
    const payment = { amount: '100', receivedOn: '2027-03-10', method: 'cash' };
    expect(fieldsOf(await pay(instalment.id, { ...payment, receivedOn: '2027-03-11' }, agent))).toEqual(['receivedOn']);
    expect(fieldsOf(await pay(instalment.id, { ...payment, amount: '0' }, agent))).toEqual(['amount']);
    expect((await pay(instalment.id, payment)).statusCode).toBe(401);
    expect((await pay(instalment.id, payment, approver)).statusCode).toBe(403);
    expect((await pay(instalment.id, payment, otherBranch)).statusCode).toBe(404);
    expect((await pay(999_999, payment, agent)).statusCode).toBe(404);
  });

  it('reverses a payment with its reason (managers): the instalment owes it again, its recovery is reversed, a fulfilled agreement is in force again', async () => {
    const start = await caseWithAgreement();
    const [first, second, third] = start.agreement!.instalments;
    await pay(first!.id, { amount: '20000', receivedOn: '2027-03-10', method: 'cash' }, agent);
    await pay(second!.id, { amount: '20000', receivedOn: '2027-03-10', method: 'cash' }, agent);
    const fulfilled = detailOf(await pay(third!.id, { amount: '15500', receivedOn: '2027-03-10', method: 'cash' }, agent), 201);
    expect(fulfilled.agreement!.state).toBe('fulfilled');
    const paymentId = fulfilled.agreement!.instalments[2]!.payments[0]!.id;
    // Its recovery goes back only with the payment: reversing the movement alone is refused.
    const recovery = fulfilled.movements.find((row) => row.kind === 'recovery' && row.amount === '15500.00')!;
    const alone = await post(`/api/claims/movements/${recovery.id}/reverse`, { reason: 'Duplicado' }, manager);
    expect(alone.statusCode, alone.body).toBe(409);
    expect(JSON.parse(alone.body).message).toContain('revierta ese pago en Convenio de pago');

    expect((await reverse(paymentId, { reason: 'Cheque sin fondos' })).statusCode).toBe(401);
    expect((await reverse(paymentId, { reason: 'Cheque sin fondos' }, agent)).statusCode).toBe(403);
    expect((await reverse(paymentId, { reason: 'Cheque sin fondos' }, await tokenFor(ctx, 'manager', 2))).statusCode).toBe(404);
    expect(fieldsOf(await reverse(paymentId, { reason: ' ' }, manager))).toEqual(['reason']);

    const reversed = detailOf(await reverse(paymentId, { reason: 'Cheque sin fondos' }, manager), 200);
    expect(reversed.agreement).toMatchObject({ state: 'active', paid: '40000.00' });
    expect(reversed.agreement!.instalments[2]).toMatchObject({ paid: '0.00', state: 'pending', paidOn: null });
    expect(reversed.agreement!.instalments[2]!.payments[0]).toMatchObject({ reversalReason: 'Cheque sin fondos', reversedAt: expect.any(String) });
    expect(reversed.totals.recovered).toBe('40000.00');
    const [movement] = await ctx.app.db.select().from(claimMovements).where(eq(claimMovements.instalmentPaymentId, paymentId));
    expect(movement).toMatchObject({ reversalReason: 'Cheque sin fondos', reversedAt: expect.any(Date) });
    expect(reversed.events[0]!.note).toBe('Pago de la parcialidad 3 ($15,500.00) revertido: Cheque sin fondos');

    const twice = await reverse(paymentId, { reason: 'Otra vez' }, manager);
    expect(twice.statusCode).toBe(409);
    expect((await reverse(999_999, { reason: 'Cheque sin fondos' }, manager)).statusCode).toBe(404);
    // The instalment takes its payment again.
    detailOf(await pay(third!.id, { amount: '15500', receivedOn: '2027-03-10', method: 'transfer' }, agent), 201);
  });
});
