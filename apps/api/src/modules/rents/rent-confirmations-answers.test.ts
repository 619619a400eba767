import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rentConfirmationViewSchema, type ArrearsReport, type PolicyEvent } from '@portal/domain';
import { rowsOf } from '../../db/client';
import { claims, rentArrears } from '../../db/schema/index';
import { bearer, json } from '../../test/app';
import { activePolicy, answer, ctx, daysLater, db, ledgerOf, noticesOf, tokenForMonth, useConfirmationContext, users, viewOf } from './rent-confirmations.test-helpers';

useConfirmationContext();

const eventsOf = async (policyId: number) => {
  const response = await ctx.app.inject({ url: `/api/policy/${policyId}/events`, headers: bearer(users.agent.token) });
  expect(response.statusCode, response.body).toBe(200);
  return json<PolicyEvent[]>(response);
};

const storedState = async (monthId: number) => rowsOf<{ state: string }>(await db().execute(sql`select state::text as state from rent_months where id = ${monthId}`))[0]!.state;

describe("GET /api/public/rent-confirmations/{token} (the owner's page)", () => {
  it('shows the question without a session: the month, what it owes, the property (street, number, colony) and the owner', async () => {
    const policy = await activePolicy();
    const token = await tokenForMonth(policy);
    const response = await viewOf(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(rentConfirmationViewSchema.strict().parse(json(response))).toEqual({
      period: '2026-12',
      periodLabel: 'diciembre 2026',
      amountDue: '18500.00',
      propertyAddress: 'Calle Durango 214, Roma Norte',
      ownerName: 'Roberto Sánchez Villa',
      branchName: 'Sucursal Polanco',
      answered: null,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // The web page carries the token too: the same headers, and neither is written in the logs.
    const page = await ctx.app.inject({ url: `/r/${token}` });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(ctx.logs.join('\n')).not.toContain(token);
    expect(ctx.logs.join('\n')).toContain('/api/public/rent-confirmations/[oculto]');
    expect(ctx.logs.join('\n')).toContain('/r/[oculto]');
  });

  it("answers 404 'Este enlace ya no es válido' for an unknown or expired token (400 for one that is not a token)", async () => {
    const unknown = await viewOf('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('Este enlace ya no es válido');
    expect((await viewOf('corto')).statusCode).toBe(400);

    const token = await tokenForMonth(await activePolicy());
    vi.setSystemTime(daysLater(14));
    expect((await viewOf(token)).statusCode).toBe(404);
    expect((await answer(token, { answer: 'full' })).statusCode).toBe(404);
  });
});

describe('POST /api/public/rent-confirmations/{token}', () => {
  it("'full' records what the month owes as received today, by the owner, with its history line; a second answer is 409 and records nothing", async () => {
    const policy = await activePolicy();
    const token = await tokenForMonth(policy);
    const response = await answer(token, { answer: 'full' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ period: '2026-12', answered: { answer: 'full', at: '2027-03-10T18:00:00.000Z' } });

    const ledger = await ledgerOf(policy.id);
    expect(ledger.payments).toEqual([
      expect.objectContaining({ amount: '18500.00', receivedOn: '2027-03-10', method: 'owner_report', reference: '', recordedBy: 'Propietario (por enlace)', appliedTo: [{ period: '2026-12', amount: '18500.00' }] }),
    ]);
    expect(ledger.rows[0]).toMatchObject({ state: 'paid_late', paidOn: '2027-03-10', confirmation: { state: 'answered', answer: 'full', askedCount: 1, answeredAt: '2027-03-10T18:00:00.000Z' } });
    const [event] = await eventsOf(policy.id);
    expect(event).toMatchObject({ note: 'Pago confirmado por el propietario: $18,500.00 de la renta de diciembre 2026', userName: 'Roberto Sánchez Villa (propietario, por enlace)' });

    // The page opened again shows the answer; answering again records nothing.
    expect(json(await viewOf(token))).toMatchObject({ answered: { answer: 'full' } });
    const twice = await answer(token, { answer: 'full' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('Ya respondió esta confirmación.');
    expect((await ledgerOf(policy.id)).payments).toHaveLength(1);
  });

  it('the link pressed twice at once records one payment', async () => {
    const policy = await activePolicy();
    const token = await tokenForMonth(policy);
    const statuses = (await Promise.all([answer(token, { answer: 'full' }), answer(token, { answer: 'full' })])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await ledgerOf(policy.id)).payments).toHaveLength(1);
  });

  it("'partial' wants an amount above zero and below what the month owes (400 naming it), then records it", async () => {
    const policy = await activePolicy();
    const token = await tokenForMonth(policy);
    for (const payload of [{ answer: 'partial' }, { answer: 'partial', amount: 0 }, { answer: 'partial', amount: '1.001' }, { answer: 'partial', amount: '18500' }]) {
      const refused = await answer(token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(refused).details).toEqual([expect.objectContaining({ field: 'amount', message: expect.stringMatching(/^El campo Importe/) })]);
    }
    expect(json(await answer(token, { answer: 'partial', amount: '18500' })).message).toBe('El campo Importe debe ser menor que $18,500.00');
    expect(json(await answer(token, { answer: 'maybe' })).message).toMatch(/Respuesta/);
    // Nothing was recorded by the refusals: the link still answers.
    const response = await answer(token, { answer: 'partial', amount: '10,000.50' });
    expect(response.statusCode, response.body).toBe(200);
    const ledger = await ledgerOf(policy.id);
    expect(ledger.payments.map((payment) => [payment.amount, payment.method])).toEqual([['10000.50', 'owner_report']]);
    expect(ledger.rows[0]).toMatchObject({ paid: '10000.50', owed: '8499.50', state: 'overdue', confirmation: { state: 'answered', answer: 'partial' } });
  });

  it("'none' puts the month En mora at once and tells the agent and the branch's managers", async () => {
    const policy = await activePolicy();
    const december = (await ledgerOf(policy.id)).rows[0]!;
    expect(await storedState(december.id)).toBe('pending');
    const response = await answer(await tokenForMonth(policy), { answer: 'none', amount: '5' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedState(december.id)).toBe('overdue');
    expect(await db().select().from(rentArrears).where(eq(rentArrears.policyId, policy.id))).toEqual([expect.objectContaining({ months: 1, amount: '18500.00', oldestDueOn: '2026-12-01' })]);
    expect((await ledgerOf(policy.id)).payments).toEqual([]);
    for (const user of [users.agent, users.manager]) {
      const notices = (await noticesOf(user.id, 'rent_not_received')).filter((notice) => notice.policyId === policy.id);
      expect(notices.map((notice) => notice.title)).toEqual(['El propietario no recibió la renta de diciembre 2026']);
    }
    expect((await noticesOf(users.otherBranchAgent.id, 'rent_not_received')).length).toBe(0);
    expect((await eventsOf(policy.id))[0]).toMatchObject({ note: 'El propietario no recibió la renta de diciembre 2026' });
    // The office's case for it (issue 33): a draft of missed rent the agent reviews.
    expect(await db().select().from(claims).where(eq(claims.policyId, policy.id))).toEqual([
      expect.objectContaining({ type: 'non_payment', status: 'draft', source: 'rent_confirmation', description: 'El propietario informó que no recibió la renta de diciembre 2026' }),
    ]);
    // The aging report names it as the policy's last contact, with when it was.
    const aging = await ctx.app.inject({ url: '/api/rents/arrears', headers: bearer(users.agent.token) });
    expect(aging.statusCode, aging.body).toBe(200);
    const row = json<ArrearsReport>(aging).items.find((item) => item.policyId === policy.id);
    expect(row?.lastContact).toEqual({ at: new Date().toISOString(), kind: 'owner_answered' });
  });

  it('a link for a month that was paid since no longer opens', async () => {
    const policy = await activePolicy();
    const token = await tokenForMonth(policy);
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(users.agent.token), payload: { amount: '18500', receivedOn: '2027-03-09', method: 'transfer' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await viewOf(token)).statusCode).toBe(404);
    expect((await answer(token, { answer: 'full' })).statusCode).toBe(404);
    expect((await ledgerOf(policy.id)).payments).toHaveLength(1);
  });
});
