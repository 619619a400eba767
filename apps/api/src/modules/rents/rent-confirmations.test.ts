import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { rentConfirmationLinkSchema } from '@portal/domain';
import { rentConfirmations } from '../../db/schema/index';
import { bearer, json } from '../../test/app';
import { runRentArrears } from './index';
import {
  activePolicy,
  ctx,
  daysLater,
  db,
  emailsTo,
  issueLink,
  ledgerOf,
  NOW,
  noticesOf,
  PUBLIC_URL,
  tokenIn,
  useConfirmationContext,
  users,
  viewOf,
} from './rent-confirmations.test-helpers';

useConfirmationContext();

const run = (now: Date, options: { publicUrl?: string } = { publicUrl: PUBLIC_URL }) => {
  vi.setSystemTime(now);
  return runRentArrears(db(), now, options);
};

describe("the daily run asks the owners (issue 32)", () => {
  it('asks once per month past its deadline, again after 3 days with a fresh link, then tells the agent after 6 — once each', async () => {
    const asked = await activePolicy({ email: 'duena@correo.mx' });
    const noEmail = await activePolicy({ email: '' });
    const paidDecember = await activePolicy({ email: 'pagado@correo.mx' });
    const pay = await ctx.app.inject({ method: 'POST', url: `/api/policy/${paidDecember.id}/payments`, headers: bearer(users.agent.token), payload: { amount: '18500', receivedOn: '2026-12-02', method: 'transfer' } });
    expect(pay.statusCode, pay.body).toBe(201);

    // Without PUBLIC_URL nobody can be sent a link: the arrears still run.
    expect(await run(NOW, {})).toMatchObject({ askingSkipped: true, ownersAsked: 0 });
    expect(await emailsTo('duena@correo.mx')).toEqual([]);

    const first = await run(NOW);
    expect(first).toMatchObject({ today: '2027-03-10', askingSkipped: false });
    const emails = await emailsTo('duena@correo.mx');
    // December to March are past their due date plus grace; April is not yet.
    expect(emails.map((email) => email.subject)).toEqual([
      '¿Recibió la renta de diciembre 2026 ($18,500.00)? — Sucursal Polanco',
      '¿Recibió la renta de enero 2027 ($18,500.00)? — Sucursal Polanco',
      '¿Recibió la renta de febrero 2027 ($18,500.00)? — Sucursal Polanco',
      '¿Recibió la renta de marzo 2027 ($18,500.00)? — Sucursal Polanco',
    ]);
    expect(emails[0]).toMatchObject({ kind: 'rent_confirmation', status: 'queued' });
    expect(emails[0]!.text).toContain('¿Recibió la renta de diciembre 2026 ($18,500.00)?');
    expect(emails[0]!.text).toContain('Calle Durango 214, Roma Norte');
    const firstToken = tokenIn(emails[0]!.text);
    expect(json(await viewOf(firstToken))).toMatchObject({ period: '2026-12', answered: null });
    // The month paid in time is not asked about; an owner without e-mail is not either.
    const paidOwner = (await emailsTo('pagado@correo.mx')).map((email) => email.subject);
    expect(paidOwner).toHaveLength(3);
    expect(paidOwner.join()).not.toContain('diciembre');
    expect(await db().select().from(rentConfirmations).where(eq(rentConfirmations.policyId, noEmail.id))).toEqual([]);
    const december = (await ledgerOf(asked.id)).rows[0]!;
    expect(december.confirmation).toMatchObject({ state: 'asked', askedCount: 1, askedAt: NOW.toISOString(), answeredAt: null });

    // A second run the same day asks nobody again.
    expect(await run(NOW)).toMatchObject({ ownersAsked: 0, ownersAskedAgain: 0, agentsTold: 0 });
    expect(await emailsTo('duena@correo.mx')).toHaveLength(4);

    // Two days later: still waiting.
    expect(await run(daysLater(2))).toMatchObject({ ownersAsked: 0, ownersAskedAgain: 0 });
    // Three days later: asked again with a fresh link; the first one no longer opens.
    const again = await run(daysLater(3));
    expect(again.ownersAskedAgain).toBeGreaterThanOrEqual(4);
    const reasked = (await emailsTo('duena@correo.mx')).slice(4);
    expect(reasked).toHaveLength(4);
    expect(reasked[0]!.subject).toBe(emails[0]!.subject);
    expect(tokenIn(reasked[0]!.text)).not.toBe(firstToken);
    expect((await viewOf(firstToken)).statusCode).toBe(404);
    expect((await viewOf(tokenIn(reasked[0]!.text))).statusCode).toBe(200);
    // (Sessions do not last three days: the stored rows tell.)
    const confirmations = await db().select().from(rentConfirmations).where(eq(rentConfirmations.policyId, asked.id)).orderBy(rentConfirmations.monthId);
    expect(confirmations.map((row) => [row.askedCount, row.lastAskedAt.toISOString()])).toEqual(Array(4).fill([2, daysLater(3).toISOString()]));
    expect(await run(daysLater(3))).toMatchObject({ ownersAskedAgain: 0, agentsTold: 0 });

    // Three more days unanswered: the agent is told, once per month, and never twice.
    expect(await run(daysLater(5))).toMatchObject({ agentsTold: 0 });
    const told = await run(daysLater(6));
    expect(told.agentsTold).toBeGreaterThanOrEqual(4);
    const notices = (await noticesOf(users.agent.id, 'rent_confirmation_unanswered')).filter((notice) => notice.policyId === asked.id);
    expect(notices.map((notice) => notice.title)).toEqual([
      'El propietario no ha confirmado la renta de diciembre 2026',
      'El propietario no ha confirmado la renta de enero 2027',
      'El propietario no ha confirmado la renta de febrero 2027',
      'El propietario no ha confirmado la renta de marzo 2027',
    ]);
    expect(await run(daysLater(6))).toMatchObject({ agentsTold: 0 });
    expect(await run(daysLater(9))).toMatchObject({ ownersAskedAgain: 0, agentsTold: 0 });
    expect(await emailsTo('duena@correo.mx')).toHaveLength(8);
  });
});

describe('POST /api/rents/months/{id}/confirmation-link', () => {
  it('answers once a fresh link with the WhatsApp message to the owner (replacing an open link)', async () => {
    const policy = await activePolicy({ phone: '55 1234 5678', mobile: '' });
    const december = (await ledgerOf(policy.id)).rows[0]!;
    const response = await issueLink(december.id);
    expect(response.statusCode, response.body).toBe(201);
    const link = rentConfirmationLinkSchema.strict().parse(json(response));
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/r/[A-Za-z0-9_-]{43}$`));
    expect(link.whatsappText).toBe(`¿Recibió la renta de diciembre 2026 ($18,500.00)? Responda aquí: ${link.url}`);
    expect(link.whatsappUrl).toBe(`https://wa.me/525512345678?text=${encodeURIComponent(link.whatsappText)}`);
    const token = link.url.split('/r/')[1]!;
    expect(json(await viewOf(token))).toMatchObject({ periodLabel: 'diciembre 2026', amountDue: '18500.00', answered: null });
    expect((await ledgerOf(policy.id)).rows[0]!.confirmation).toMatchObject({ state: 'asked', askedCount: 1 });

    // Asked again: the earlier link stops opening, the month keeps one open confirmation.
    const again = rentConfirmationLinkSchema.parse(json(await issueLink(december.id, users.manager.token)));
    expect((await viewOf(token)).statusCode).toBe(404);
    expect((await viewOf(again.url.split('/r/')[1]!)).statusCode).toBe(200);
    expect(await db().select().from(rentConfirmations).where(eq(rentConfirmations.monthId, december.id))).toHaveLength(1);
    expect((await ledgerOf(policy.id)).rows[0]!.confirmation).toMatchObject({ state: 'asked', askedCount: 2 });
  });

  it('has no WhatsApp address when the owner has no valid phone', async () => {
    const policy = await activePolicy({ phone: '', mobile: '' });
    const response = await issueLink((await ledgerOf(policy.id)).rows[1]!.id, users.admin.token);
    expect(response.statusCode, response.body).toBe(201);
    expect(json(response)).toMatchObject({ whatsappUrl: null });
  });

  it('wants a session (401) and a recorder role (403 for the approver); another branch’s month is not found (404)', async () => {
    const policy = await activePolicy();
    const monthId = (await ledgerOf(policy.id)).rows[0]!.id;
    expect((await issueLink(monthId, null)).statusCode).toBe(401);
    expect((await issueLink(monthId, users.approver.token)).statusCode).toBe(403);
    const other = await issueLink(monthId, users.otherBranchAgent.token);
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe('Mes no encontrado');
    expect((await issueLink(999_999)).statusCode).toBe(404);
  });

  it('refuses (409) a paid month and one still within its deadline', async () => {
    const policy = await activePolicy();
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(users.agent.token), payload: { amount: '18500', receivedOn: '2026-12-02', method: 'cash' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const rows = (await ledgerOf(policy.id)).rows;
    const settled = await issueLink(rows[0]!.id);
    expect(settled.statusCode).toBe(409);
    expect(json(settled).message).toBe('Este mes ya está pagado o condonado: no hace falta pedir confirmación.');
    // April is due on 1 April: not yet late on 10 March.
    const early = await issueLink(rows[4]!.id);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toMatch(/dentro de su plazo/);
  });

  it("is not a method staff may type: POST /payments refuses 'owner_report', naming the field", async () => {
    const policy = await activePolicy();
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(users.agent.token), payload: { amount: '18500', receivedOn: '2027-03-01', method: 'owner_report' } });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toMatch(/Forma de pago/);
  });
});

