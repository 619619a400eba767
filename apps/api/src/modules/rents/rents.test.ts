import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { rentLedgerSchema, type Policy, type PolicyEvent, type RentLedger } from '@portal/domain';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';
import { runRentArrears } from './index';

// A controlled clock: 'today' is 10 March 2027 in Mexico City (noon), for every request and token.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let approver: string;
let otherBranchAgent: string;
let otherBranchManagerToken: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [admin, agent, manager, approver, otherBranchAgent] = await Promise.all([
    tokenFor(ctx, 'admin', 1),
    tokenFor(ctx, 'agent', 1),
    tokenFor(ctx, 'manager', 1),
    tokenFor(ctx, 'approver', 1),
    tokenFor(ctx, 'agent', 2),
  ]);
  otherBranchManagerToken = await tokenFor(ctx, 'manager', 2);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const ledgerOf = async (policyId: number, token = agent): Promise<RentLedger> => {
  const response = await ctx.app.inject({ url: `/api/policy/${policyId}/rents`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers.etag).toMatch(/^"v\d+"$/);
  return rentLedgerSchema.strict().parse(json(response));
};

const pay = (policyId: number, payload: object, token = agent, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/policy/${policyId}/payments`, headers: { ...bearer(token), ...headers }, payload });

const reverse = (paymentId: number, reason: string, token = manager) =>
  ctx.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/reverse`, headers: bearer(token), payload: { reason } });

/** A policy in force since 1 December 2026 (5 days' grace, $18,500 a month): activated by an admin's jump. */
const activePolicy = (rent: Record<string, string> = {}, token = agent): Promise<Policy> =>
  newPolicy(ctx, { token, overrides: { ...rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5', ...rent }), status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` }, via: 'admin-jump' });

describe('the schedule', () => {
  it('before activation shows the months the schedule will have, and takes no payment (409)', async () => {
    const policy = await newPolicy(ctx, { token: agent, overrides: rentOverrides({ contractStartDate: '2027-01-31' }) });
    const ledger = await ledgerOf(policy.id);
    expect(ledger.scheduled).toBe(false);
    expect(ledger.rows).toHaveLength(12);
    // Month ends: 31 January, then the last day of February, then 31 March again.
    expect(ledger.rows.slice(0, 3).map((row) => row.dueOn)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(ledger.rows[0]).toMatchObject({ period: '2027-01', amountDue: '18500.00', paid: '0.00', state: 'pending', pagare: { number: 1, of: 12, state: 'custody' } });
    const refused = await pay(policy.id, { amount: '18500', receivedOn: '2027-03-01', method: 'transfer' });
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toMatch(/calendario de rentas/);
  });

  it('keeps the leap day, and follows a change of term before activation', async () => {
    const policy = await newPolicy(ctx, { token: admin, overrides: rentOverrides({ contractStartDate: '2028-01-31' }) });
    expect((await ledgerOf(policy.id, admin)).rows[1]!.dueOn).toBe('2028-02-29');
    const saved = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(admin), payload: { ...policy, termMonths: 6 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const ledger = await ledgerOf(policy.id, admin);
    expect(ledger.rows.map((row) => row.dueOn)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31', '2028-06-30']);
  });

  it('is written for a policy created active too, with the rent saved in the same request', async () => {
    const created = await newPolicy(ctx, { token: admin, overrides: { ...rentOverrides({ contractStartDate: '2027-02-15', price: '21000.50' }), status: 'active', policyNumber: 'POL-CREADA-ACTIVA' } });
    const ledger = await ledgerOf(created.id, admin);
    expect(ledger.scheduled).toBe(true);
    expect(ledger.rows[0]).toMatchObject({ dueOn: '2027-02-15', amountDue: '21000.50' });
  });

  it('is written when the policy becomes active, and shows what is late today', async () => {
    const policy = await activePolicy();
    const ledger = await ledgerOf(policy.id);
    expect(ledger.scheduled).toBe(true);
    expect(ledger.rows).toHaveLength(12);
    expect(ledger.rows.slice(0, 5).map((row) => [row.dueOn, row.state])).toEqual([
      ['2026-12-01', 'overdue'],
      ['2027-01-01', 'overdue'],
      ['2027-02-01', 'overdue'],
      ['2027-03-01', 'overdue'],
      ['2027-04-01', 'pending'],
    ]);
    expect(ledger.arrears).toEqual({ months: 4, amount: '74000.00', daysLate: 99, interest: '0.00' });
    expect(ledger.rows[0]!.pagare).toEqual({ number: 1, of: 12, state: 'overdue' });
  });
});

describe('payments', () => {
  it('apply to the oldest months, partial kept partial, late told from on time; a reversal moves later payments back', async () => {
    const policy = await activePolicy();
    let ledger = await ledgerOf(policy.id);
    const first = await pay(policy.id, { amount: '18500.00', receivedOn: '2026-12-03', method: 'transfer', reference: 'SPEI 123' }, agent, { 'if-match': `"v${ledger.version}"` });
    expect(first.statusCode, first.body).toBe(201);
    const january = await pay(policy.id, { amount: 18500, receivedOn: '2027-01-20', method: 'cash' });
    expect(january.statusCode, january.body).toBe(201);
    const partial = await pay(policy.id, { amount: '10,000', receivedOn: '2027-02-03', method: 'deposit' });
    ledger = rentLedgerSchema.parse(json(partial));
    expect(ledger.rows.slice(0, 4).map((row) => [row.state, row.paid, row.owed, row.daysLate])).toEqual([
      ['paid', '18500.00', '0.00', 0],
      ['paid_late', '18500.00', '0.00', 19],
      ['overdue', '10000.00', '8500.00', 37],
      ['overdue', '0.00', '18500.00', 9],
    ]);
    expect(ledger.arrears).toEqual({ months: 2, amount: '27000.00', daysLate: 37, interest: '0.00' });
    expect(ledger.totals).toMatchObject({ paid: '47000.00', credit: '0.00' });
    expect(ledger.payments[0]).toMatchObject({ amount: '18500.00', method: 'transfer', reference: 'SPEI 123', appliedTo: [{ period: '2026-12', amount: '18500.00' }], reversal: null });

    const januaryId = json<RentLedger>(january).payments.find((payment) => payment.receivedOn === '2027-01-20')!.id;
    const reversed = await reverse(januaryId, 'Se registró dos veces');
    expect(reversed.statusCode, reversed.body).toBe(200);
    ledger = json<RentLedger>(reversed);
    // The February payment now covers January (the oldest owed); February is wholly owed again.
    expect(ledger.rows.slice(1, 3).map((row) => [row.state, row.paid])).toEqual([
      ['overdue', '10000.00'],
      ['overdue', '0.00'],
    ]);
    expect(ledger.payments.find((payment) => payment.id === januaryId)!.reversal).toMatchObject({ reason: 'Se registró dos veces' });
    expect((await reverse(januaryId, 'Otra vez')).statusCode).toBe(409);

    const history = json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${policy.id}/events`, headers: bearer(agent) }));
    expect(history.map((event) => event.note)).toEqual(
      expect.arrayContaining(['Pago registrado: $18,500.00 recibido el 2026-12-03', 'Pago de $18,500.00 revertido: Se registró dos veces']),
    );
  });

  it('refuses a payment based on a stale read (412), and answers 400 naming the field for bad input', async () => {
    const policy = await activePolicy();
    const { version } = await ledgerOf(policy.id);
    expect((await pay(policy.id, { amount: '100', receivedOn: '2027-03-01', method: 'cash' }, agent, { 'if-match': `"v${version}"` })).statusCode).toBe(201);
    const stale = await pay(policy.id, { amount: '100', receivedOn: '2027-03-01', method: 'cash' }, manager, { 'if-match': `"v${version}"` });
    expect(stale.statusCode).toBe(412);
    expect(json<{ code: string }>(stale).code).toBe('stale_version');

    const cases: Array<[object, RegExp]> = [
      [{ amount: '0', receivedOn: '2027-03-01', method: 'cash' }, /Importe/],
      [{ amount: '-5', receivedOn: '2027-03-01', method: 'cash' }, /Importe/],
      [{ amount: '10.005', receivedOn: '2027-03-01', method: 'cash' }, /Importe/],
      [{ amount: '10', receivedOn: '2027-03-11', method: 'cash' }, /posterior a hoy/],
      [{ amount: '10', receivedOn: '2026-11-30', method: 'cash' }, /anterior al inicio del contrato/],
      [{ amount: '10', receivedOn: '2027-02-30', method: 'cash' }, /Fecha de recepción/],
      [{ amount: '10', receivedOn: '2027-03-01', method: 'bitcoin' }, /Forma de pago/],
    ];
    for (const [payload, message] of cases) {
      const response = await pay(policy.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect((await ledgerOf(policy.id)).payments).toHaveLength(1);
  });

  it('needs a session (401), a role that handles money (403), and the policy in the branch (404); a cancelled policy takes none (409)', async () => {
    const policy = await activePolicy();
    const body = { amount: '100', receivedOn: '2027-03-01', method: 'cash' };
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/rents` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, payload: body })).statusCode).toBe(401);
    expect((await pay(policy.id, body, approver)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/rents`, headers: bearer(otherBranchAgent) })).statusCode).toBe(404);
    expect((await pay(policy.id, body, otherBranchAgent)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/policy/abc/rents', headers: bearer(agent) })).statusCode).toBe(400);

    const paid = json<RentLedger>(await pay(policy.id, body));
    const paymentId = paid.payments[0]!.id;
    expect((await reverse(paymentId, 'Error de captura', agent)).statusCode).toBe(403);
    expect((await reverse(paymentId, 'Error de captura', await tokenFor(ctx, 'manager', 2))).statusCode).toBe(404);
    expect((await reverse(paymentId, '')).statusCode).toBe(400);

    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/terminate`, headers: bearer(manager), payload: { reason: 'Desocupó el inmueble' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await pay(policy.id, body);
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toBe('La póliza está cancelada: no se pueden registrar pagos.');
  });
});

describe('waiving a month', () => {
  const waive = (monthId: number, reason: string, token = manager) =>
    ctx.app.inject({ method: 'POST', url: `/api/rents/months/${monthId}/waive`, headers: bearer(token), payload: { reason } });

  it("marks it Condonada with the reason; what covered it moves on to the next month owed; managers only, once, never a paid month", async () => {
    const policy = await activePolicy();
    const paid = json<RentLedger>(await pay(policy.id, { amount: '27750', receivedOn: '2027-01-03', method: 'transfer' }));
    const [december, january, february] = paid.rows;
    expect([december!.state, january!.paid]).toEqual(['paid_late', '9250.00']);

    expect((await waive(january!.id, 'Reparación a cargo del inquilino', agent)).statusCode).toBe(403);
    expect((await waive(january!.id, '')).statusCode).toBe(400);
    expect((await waive(january!.id, 'Reparación', otherBranchManagerToken)).statusCode).toBe(404);
    const waived = await waive(january!.id, 'Reparación a cargo del inquilino');
    expect(waived.statusCode, waived.body).toBe(200);
    const ledger = json<RentLedger>(waived);
    expect(ledger.rows[1]).toMatchObject({ state: 'waived', owed: '0.00', paid: '0.00', waivedReason: 'Reparación a cargo del inquilino' });
    expect(ledger.rows[2]).toMatchObject({ id: february!.id, paid: '9250.00', state: 'overdue' });
    expect(ledger.totals.due).toBe('203500.00');
    expect(ledger.arrears.months).toBe(2);

    expect((await waive(january!.id, 'Otra vez')).statusCode).toBe(409);
    const paidMonth = await waive(december!.id, 'Por error');
    expect(paidMonth.statusCode).toBe(409);
    expect(json<{ message: string }>(paidMonth).message).toBe('Esta renta ya está pagada: no se puede condonar.');
    const history = json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${policy.id}/events`, headers: bearer(agent) }));
    expect(history.map((event) => event.note)).toContain('Renta de enero 2027 condonada: Reparación a cargo del inquilino');
  });
});

describe('the daily arrears run', () => {
  const storedStates = async (policyId: number) =>
    rowsOf<{ state: string }>(await ctx.testDb.database.db.execute(sql`select state::text as state from rent_months where policy_id = ${policyId} order by seq`)).map((row) => row.state);

  it('marks the months past due plus grace En mora in the table, and writes the schedules policies in force were missing', async () => {
    const policy = await activePolicy();
    expect((await storedStates(policy.id)).slice(0, 4)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // A policy in force from before the portal kept rents: no schedule until the run.
    const legacy = await activePolicy();
    await ctx.testDb.database.db.execute(sql`delete from rent_schedules where policy_id = ${legacy.id}`);

    const run = await runRentArrears(ctx.testDb.database.db, NOW);
    expect(run).toMatchObject({ today: '2027-03-10', created: 1 });
    expect((await storedStates(policy.id)).slice(0, 5)).toEqual(['overdue', 'overdue', 'overdue', 'overdue', 'pending']);
    // Its months before today were never followed here: Pendiente, not En mora.
    expect((await storedStates(legacy.id)).slice(0, 4)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect((await ledgerOf(legacy.id)).arrears.months).toBe(0);

    // The next day, 1 March's month is already counted; a second run the same day moves nothing.
    expect((await runRentArrears(ctx.testDb.database.db, NOW)).overdueMonths).toBe(0);
  });
});
