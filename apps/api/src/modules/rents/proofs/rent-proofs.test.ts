import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rentLedgerSchema, rentProofListSchema, rentProofViewSchema, type Policy, type RentProofList } from '@portal/domain';
import { notifications } from '../../../db/schema/index';
import { bearer, json } from '../../../test/app';
import { multipartForm, sampleFiles } from '../../../test/files';
import { activePolicy, ctx, daysLater, db, ledgerOf, useConfirmationContext, users } from '../rent-confirmations.test-helpers';

// 'Today' is 10 March 2027; the policy is in force since 1 December 2026 at $18,500 a month.
useConfirmationContext();

const proofFields = { amount: '18500', paidOn: '2027-03-08', method: 'transfer', reference: 'SPEI 777' };

/** A tenant's link by the staff's endpoint; its token, with the aviso accepted unless told. */
async function tenantToken(policy: Policy, options: { accept?: boolean } = {}): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/rent-proof-link`, headers: bearer(users.agent.token), payload: {} });
  expect(response.statusCode, response.body).toBe(201);
  const token = json<{ url: string }>(response).url.split('/p/')[1]!;
  if (options.accept !== false) {
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 } });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
  }
  return token;
}

const sendProof = (token: string, fields: Record<string, string> = proofFields, content: Buffer = sampleFiles.pdf('comprobante'), ip = '10.1.1.1') => {
  const body = multipartForm(fields, { field: 'receipt', content, filename: 'spei.pdf' });
  return ctx.app.inject({ method: 'POST', url: `/api/public/rent-proofs/${token}`, headers: body.headers, payload: body.payload, remoteAddress: ip });
};

const proofsOf = async (policyId: number, token = users.agent.token): Promise<RentProofList> => {
  const response = await ctx.app.inject({ url: `/api/policy/${policyId}/rent-proofs`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return rentProofListSchema.strict().parse(json(response));
};

const confirm = (proofId: number, payload: object = {}, token = users.agent.token) =>
  ctx.app.inject({ method: 'POST', url: `/api/rents/proofs/${proofId}/confirm`, headers: bearer(token), payload });
const reject = (proofId: number, payload: object, token = users.agent.token) => ctx.app.inject({ method: 'POST', url: `/api/rents/proofs/${proofId}/reject`, headers: bearer(token), payload });

describe("the tenant's proof of payment by link", () => {
  it('shows the months owed; the proof sent is En revisión, counted for staff, and the agent is told', async () => {
    const policy = await activePolicy();
    const token = await tenantToken(policy);
    const view = rentProofViewSchema.strict().parse(json(await ctx.app.inject({ url: `/api/public/rent-proofs/${token}` })));
    expect(view.months.map((month) => month.period)).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
    // What has fallen due (4 × $18,500.00), not the rest of the term.
    expect(view.owed).toBe('74000.00');
    expect(view.proofs).toEqual([]);

    const sent = await sendProof(token);
    expect(sent.statusCode, sent.body).toBe(201);
    const after = rentProofViewSchema.parse(json(sent));
    expect(after.proofs).toHaveLength(1);
    expect(after.proofs[0]).toMatchObject({ amount: '18500.00', paidOn: '2027-03-08', state: 'pending', fileName: 'spei.pdf', rejectReason: null });

    const list = await proofsOf(policy.id);
    expect(list.pending).toBe(1);
    expect(list.proofs[0]!.sentBy).not.toBe('');
    const file = await ctx.app.inject({ url: `/api/rents/proofs/${list.proofs[0]!.id}/file`, headers: bearer(users.agent.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, users.agent.id), eq(notifications.kind, 'rent_proof_received')));
    expect(notices).toHaveLength(1);
  });

  it('refuses a wrong or expired token (404), a link before the aviso (409), a bad field or file (400/415)', async () => {
    const policy = await activePolicy();
    const wrong = 'A'.repeat(43);
    expect((await ctx.app.inject({ url: `/api/public/rent-proofs/${wrong}` })).statusCode).toBe(404);
    expect((await sendProof(wrong)).statusCode).toBe(404);
    const notAccepted = await tenantToken(policy, { accept: false });
    expect((await sendProof(notAccepted)).statusCode).toBe(409);
    const token = await tenantToken(policy);
    const badDate = await sendProof(token, { ...proofFields, paidOn: '2027-13-40' });
    expect(badDate.statusCode, badDate.body).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(badDate).details[0]!.field).toBe('paidOn');
    const badFile = await sendProof(token, proofFields, sampleFiles.html());
    expect(badFile.statusCode).toBe(415);
    expect(json<{ details: Array<{ field: string }> }>(badFile).details[0]!.field).toBe('receipt');
    expect((await proofsOf(policy.id)).proofs).toHaveLength(0);
    // Links open 30 days: the day after, the same token is dead.
    const { vi } = await import('vitest');
    vi.setSystemTime(daysLater(31));
    expect((await ctx.app.inject({ url: `/api/public/rent-proofs/${token}` })).statusCode).toBe(404);
  });

  it("'Confirmar' records the payment with the proof's file as its receipt, as staff corrected it; a second confirmation is 409, one payment", async () => {
    const policy = await activePolicy();
    const token = await tenantToken(policy);
    await sendProof(token);
    const [proof] = (await proofsOf(policy.id)).proofs;
    const [first, second] = await Promise.all([confirm(proof!.id, { amount: '18,000.50', receivedOn: '2027-03-09' }), confirm(proof!.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ledger = await ledgerOf(policy.id);
    expect(ledger.payments).toHaveLength(1);
    const winner = first.statusCode === 200 ? first : second;
    const answered = rentLedgerSchema.parse(json(winner));
    const expected = first.statusCode === 200 ? { amount: '18000.50', receivedOn: '2027-03-09' } : { amount: '18500.00', receivedOn: '2027-03-08' };
    expect(answered.payments[0]).toMatchObject({ ...expected, method: 'transfer', reference: 'SPEI 777', receipt: { fileName: 'spei.pdf' } });
    expect(ledger.rows[0]!.paid).toBe(expected.amount);
    const list = await proofsOf(policy.id);
    expect(list.pending).toBe(0);
    expect(list.proofs[0]).toMatchObject({ state: 'accepted', paymentId: ledger.payments[0]!.id });
    const receipt = await ctx.app.inject({ url: `/api/payments/${ledger.payments[0]!.id}/receipt`, headers: bearer(users.agent.token) });
    expect(receipt.statusCode).toBe(200);
    // Rejecting it now is refused too.
    expect((await reject(proof!.id, { reason: 'No se ve la referencia' })).statusCode).toBe(409);
  });

  it("'Rechazar' needs a reason, which the tenant then sees", async () => {
    const policy = await activePolicy();
    const token = await tenantToken(policy);
    await sendProof(token);
    const [proof] = (await proofsOf(policy.id)).proofs;
    const noReason = await reject(proof!.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(noReason).details[0]!.field).toBe('reason');
    const rejected = await reject(proof!.id, { reason: 'El comprobante no corresponde a esta cuenta' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rentProofListSchema.parse(json(rejected)).proofs[0]).toMatchObject({ state: 'rejected', rejectReason: 'El comprobante no corresponde a esta cuenta' });
    const view = rentProofViewSchema.parse(json(await ctx.app.inject({ url: `/api/public/rent-proofs/${token}` })));
    expect(view.proofs[0]).toMatchObject({ state: 'rejected', rejectReason: 'El comprobante no corresponde a esta cuenta' });
    expect((await ledgerOf(policy.id)).payments).toHaveLength(0);
  });

  it('staff endpoints: 401 without a session, 403 for a role that does not record payments, 404 for another branch', async () => {
    const policy = await activePolicy();
    const token = await tenantToken(policy);
    await sendProof(token);
    const [proof] = (await proofsOf(policy.id)).proofs;
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/rent-proofs` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/rents/proofs/${proof!.id}/confirm`, payload: {} })).statusCode).toBe(401);
    expect((await confirm(proof!.id, {}, users.approver.token)).statusCode).toBe(403);
    expect((await reject(proof!.id, { reason: 'No corresponde' }, users.approver.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/rent-proof-link`, headers: bearer(users.approver.token), payload: {} })).statusCode).toBe(403);
    const other = users.otherBranchAgent.token;
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/rent-proofs`, headers: bearer(other) })).statusCode).toBe(404);
    expect((await confirm(proof!.id, {}, other)).statusCode).toBe(404);
    expect((await reject(proof!.id, { reason: 'No corresponde' }, other)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/rents/proofs/${proof!.id}/file`, headers: bearer(other) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/rent-proof-link`, headers: bearer(other), payload: {} })).statusCode).toBe(404);
    const badAmount = await confirm(proof!.id, { amount: '1.234' });
    expect(badAmount.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(badAmount).details[0]!.field).toBe('amount');
  });

  it('is rate-limited like every public route (publicRoutes())', async () => {
    const wrong = 'B'.repeat(43);
    const statuses: number[] = [];
    for (let call = 0; call < 62; call++) statuses.push((await ctx.app.inject({ url: `/api/public/rent-proofs/${wrong}`, remoteAddress: '10.7.7.7' })).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
