import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { contractTemplateStateSchema, type Policy, type RentLedger } from '@portal/domain';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';
import { newPolicy, rentOverrides } from '../../test/policies';

// The owner's statement (issue 32): 'today' is 10 March 2027 in Mexico City (noon).
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let approver: string;
let otherBranchAgent: string;

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
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const statementUrl = (policyId: number) => `/api/policy/${policyId}/rents/statement.pdf`;
const download = (policyId: number, token?: string) => ctx.app.inject({ url: statementUrl(policyId), ...(token ? { headers: bearer(token) } : {}) });

async function statementText(policyId: number, token = agent): Promise<string> {
  const response = await download(policyId, token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('private, no-store');
  return (await pdfPages(response.rawPayload)).join(' ');
}

const pay = (policyId: number, payload: object, token = agent) => ctx.app.inject({ method: 'POST', url: `/api/policy/${policyId}/payments`, headers: bearer(token), payload });

/** In force since 1 December 2026, 5 days' grace, $18,500 a month. */
const activePolicy = (token = agent): Promise<Policy> =>
  newPolicy(ctx, {
    token,
    overrides: { ...rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5' }), status: 'active', policyNumber: `POL-EC-${Math.random().toString(36).slice(2, 8)}` },
    via: 'admin-jump',
  });

/** December paid on time, a January payment reversed, $10,000 on 3 February: January partly paid, the rest owed. */
async function policyWithPayments(token = agent, reverser = manager): Promise<Policy> {
  const policy = await activePolicy(token);
  expect((await pay(policy.id, { amount: '18500.00', receivedOn: '2026-12-03', method: 'transfer', reference: 'SPEI 123' }, token)).statusCode).toBe(201);
  const january = json<RentLedger>(await pay(policy.id, { amount: '18500', receivedOn: '2027-01-20', method: 'cash' }, token));
  expect((await pay(policy.id, { amount: '10,000', receivedOn: '2027-02-03', method: 'deposit' }, token)).statusCode).toBe(201);
  const januaryId = january.payments.find((payment) => payment.receivedOn === '2027-01-20')!.id;
  const reversed = await ctx.app.inject({ method: 'POST', url: `/api/payments/${januaryId}/reverse`, headers: bearer(reverser), payload: { reason: 'Se registró dos veces' } });
  expect(reversed.statusCode, reversed.body).toBe(200);
  return policy;
}

describe("the owner's statement (estado de cuenta)", () => {
  it('lists the policy, every month with its state and pagaré, the payments (the reversed one with its reason) and the totals to date', async () => {
    const policy = await policyWithPayments();
    // The ledger's rows say the same of each pagaré: paid (returnable), past due, in custody.
    const ledger = json<RentLedger>(await ctx.app.inject({ url: `/api/policy/${policy.id}/rents`, headers: bearer(agent) }));
    expect(ledger.rows.slice(0, 5).map((row) => row.pagare)).toEqual([
      { number: 1, of: 12, state: 'paid' },
      { number: 2, of: 12, state: 'overdue' },
      { number: 3, of: 12, state: 'overdue' },
      { number: 4, of: 12, state: 'overdue' },
      { number: 5, of: 12, state: 'custody' },
    ]);
    const text = await statementText(policy.id);
    expect(text).toContain('ESTADO DE CUENTA DE RENTAS');
    expect(text).toContain(`Póliza: ${policy.policyNumber}`);
    expect(text).toContain(`Arrendador: ${policy.property.owner.name}`);
    expect(text).toContain(`Arrendatario(s): ${policy.tenants[0]!.name}`);
    expect(text).toMatch(/Vigencia: 12 meses, (del|a partir del) 1 de diciembre de 2026/);
    // To 10 March: December to March are due ($74,000.00); $28,500.00 of it paid.
    expect(text).toContain('RESUMEN AL 10 DE MARZO DE 2027');
    expect(text).toContain('Rentas exigibles: $74,000.00');
    expect(text).toContain('Pagado: $28,500.00');
    expect(text).toContain('Saldo adeudado: $45,500.00');
    expect(text).toContain('Atraso: 3 meses, $45,500.00, 68 días');
    // Each month: period, due date, amount, paid, state, days late, pagaré n/N and its state.
    expect(text).toMatch(/diciembre 2026\s*01\/12\/2026\s*\$18,500.00\s*\$18,500.00\s*Pagada\s*—\s*1\/12 · Pagado \(devolvible al inquilino\)/);
    expect(text).toMatch(/enero 2027\s*01\/01\/2027\s*\$18,500.00\s*\$10,000.00\s*En mora\s*68\s*2\/12 · Vencido/);
    expect(text).toMatch(/febrero 2027\s*01\/02\/2027\s*\$18,500.00\s*\$0.00\s*En mora\s*37\s*3\/12 · Vencido/);
    expect(text).toMatch(/abril 2027\s*01\/04\/2027\s*\$18,500.00\s*\$0.00\s*Pendiente\s*—\s*5\/12 · En custodia/);
    // The payments: date, method, reference, amount; the reversed one marked with its reason.
    expect(text).toMatch(/03\/12\/2026\s*Transferencia \/ SPEI\s*SPEI 123\s*\$18,500.00\s*Aplicado a: diciembre 2026/);
    expect(text).toMatch(/20\/01\/2027\s*Efectivo\s*—\s*\$18,500.00\s*REVERTIDO: Se registró dos veces/);
    expect(text).toMatch(/03\/02\/2027\s*Depósito\s*—\s*\$10,000.00\s*Aplicado a: enero 2027/);
    expect(text).toMatch(/Total recibido \(sin revertidos\)\s*\$28,500.00/);
    expect(text).toMatch(/el 10 de marzo de 2027 a las 12:00 h \(hora de la Ciudad de México\)/);
  });

  it('is named after the policy and the day, readable by every role of the branch, and recorded in the access log', async () => {
    const policy = await activePolicy();
    const response = await download(policy.id, approver);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename=estado-de-cuenta-${policy.policyNumber}-2027-03-10.pdf`);
    const logged = rowsOf<{ action: string; subject: string; policy_id: number }>(
      await ctx.app.db.execute(sql`select action, subject, policy_id from access_log where policy_id = ${policy.id}`),
    );
    expect(logged).toEqual([{ action: 'rent_statement_download', subject: `Estado de cuenta: estado-de-cuenta-${policy.policyNumber}-2027-03-10.pdf`, policy_id: policy.id }]);
    const text = await statementText(policy.id, admin);
    expect(text).toContain('Sin pagos registrados.');
    expect(text).toContain('Pagado: $0.00');
  });

  it('needs a session (401) and the policy in the branch (404); before the schedule exists it says so (409)', async () => {
    const policy = await activePolicy();
    expect((await download(policy.id)).statusCode).toBe(401);
    expect((await download(policy.id, otherBranchAgent)).statusCode).toBe(404);
    expect((await download(999_999, agent)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/policy/abc/rents/statement.pdf', headers: bearer(agent) })).statusCode).toBe(400);

    const notActive = await newPolicy(ctx, { token: agent, overrides: rentOverrides({ contractStartDate: '2027-01-31' }) });
    const refused = await download(notActive.id, agent);
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toBe('La póliza aún no tiene calendario de rentas: el estado de cuenta se emite cuando la póliza está activa.');
  });
});

describe("the 'Estado de cuenta' template", () => {
  const templateUrl = '/api/admin/templates/rent_statement';

  it('is in the templates admin with its default text, versioned; a branch text of its own is used for that branch only', async () => {
    const state = contractTemplateStateSchema.parse(json(await ctx.app.inject({ url: templateUrl, headers: bearer(admin) })));
    expect(state.current).toMatchObject({ kind: 'rent_statement', branchId: null, version: 1 });
    expect(state.current.body).toContain('[[meses]]');
    expect((await ctx.app.inject({ url: templateUrl, headers: bearer(agent) })).statusCode).toBe(403);

    // A contract's own field is not the statement's, and the other way round.
    const wrongField = await ctx.app.inject({ method: 'PUT', url: templateUrl, headers: bearer(admin), payload: { branchId: 2, body: 'Pagaré {{pagare.numero}}' } });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.body).toContain('{{pagare.numero}}');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/lease', headers: bearer(admin), payload: { branchId: 2, body: 'Saldo {{estado.saldo}}' } })).statusCode).toBe(400);

    const own = '# ESTADO DE CUENTA DE LA SUCURSAL DOS\n\nSaldo: **{{estado.saldo}}**\n\n[[meses]]';
    // Branch 2 prints on A4: so does its statement (595 × 842 points; Letter is 612 × 792).
    await ctx.app.db.execute(sql`update branches set paper_size = 'a4' where id = 2`);
    const saved = await ctx.app.inject({ method: 'PUT', url: templateUrl, headers: { ...bearer(admin), 'if-match': '"v0"' }, payload: { branchId: 2, body: own } });
    expect(saved.statusCode, saved.body).toBe(201);
    const inBranchTwo = await policyWithPayments(otherBranchAgent, await tokenFor(ctx, 'manager', 2));
    const text = await statementText(inBranchTwo.id, otherBranchAgent);
    expect(text).toContain('ESTADO DE CUENTA DE LA SUCURSAL DOS');
    expect(text).toContain('Saldo: $45,500.00');
    expect(text).not.toContain('PAGOS RECIBIDOS');
    const { PDFDocument } = await import('pdf-lib');
    const page = (await PDFDocument.load((await download(inBranchTwo.id, otherBranchAgent)).rawPayload)).getPage(0);
    expect([Math.round(page.getWidth()), Math.round(page.getHeight())]).toEqual([595, 842]);
    expect(await statementText((await activePolicy()).id)).toContain('PAGOS RECIBIDOS');
  });

  it("previews a text on any branch's policy, with its months and payments", async () => {
    const policy = await policyWithPayments();
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `${templateUrl}/preview`,
      headers: bearer(admin),
      payload: { branchId: null, policyId: policy.id, body: '# VISTA PREVIA\n\nSaldo {{estado.saldo}}\n\n[[pagos]]' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const text = (await pdfPages(preview.rawPayload)).join(' ');
    expect(text).toContain('VISTA PREVIA');
    expect(text).toContain('Saldo $45,500.00');
    expect(text).toContain('REVERTIDO: Se registró dos veces');
  });
});
