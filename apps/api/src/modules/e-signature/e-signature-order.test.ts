import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roundMessages, signingMessages, type Policy, type SigningRound } from '@portal/domain';
import { branches, emailOutbox, linkSignatures, policyEvents, publicLinks, signingRounds, users } from '../../db/schema/index';
import { bearer, insertBranch, insertUser, json, tokenFor } from '../../test/app';
import { policyInContracts } from '../../test/policies';
import { newLinkToken } from '../public-links/index';
import { agent, ctx, db, otherBranchAgent, post, publicUrl, roundOf, setStatus, setUpSigningTests, signAs, threeSigners, view } from './e-signature.test-helpers';

// Issue 35, the round: signers in order, the office's legal representative, and a round sent again.

setUpSigningTests();

type BranchSigning = Partial<typeof branches.$inferInsert>;

/** A branch of its own (its signing settings are the test's), with an agent of it. */
async function branchWith(settings: BranchSigning = {}) {
  const branchId = await insertBranch(ctx);
  if (Object.keys(settings).length > 0) await db().update(branches).set(settings).where(eq(branches.id, branchId));
  return { branchId, agent: await tokenFor(ctx, 'agent', branchId) };
}

/** The branch's legal representative, with their RFC and CURP. */
async function representative(branchId: number) {
  const user = await insertUser(ctx, { role: 'manager', branchId });
  await db().update(users).set({ legalRepresentative: true, firstName: 'Laura', lastName: 'Representante', rfc: 'GODE561231GR8', curp: 'GODE561231HDFRRN00' }).where(eq(users.id, user.id));
  return user;
}

/** The token of the newest signing-link e-mail to `email` (its 'Es su turno' or first invitation), or null. */
async function newestSignLink(email: string): Promise<string | null> {
  const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'link_sign'))).orderBy(desc(emailOutbox.id)).limit(1);
  return row ? /\/p\/([A-Za-z0-9_-]{43})/.exec(row.text)![1]! : null;
}

const signLinkEmails = async (email: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'link_sign')));
const peopleOf = (policy: Policy) => ({ tenant: policy.tenants[0]!.email, guarantor: policy.guarantors[0]!.email, owner: policy.property.owner.email });
const signerOf = (round: SigningRound, party: string) => round.signers.find((signer) => signer.party === party)!;

/** Gives a link whose token nobody received (a later signer's) a token the test holds, as if it had leaked. */
async function leakedToken(linkId: number): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await db().update(publicLinks).set({ tokenHash }).where(eq(publicLinks.id, linkId));
  return token;
}

describe('signing in order', () => {
  it("e-mails only the first signer; a later signer's link refuses until their turn, which each signature opens with a new link; the office signs last", async () => {
    const branch = await branchWith({ signingOrder: 'sequential' });
    const office = await representative(branch.branchId);
    const policy = await policyInContracts(ctx, { token: branch.agent, overrides: threeSigners() });
    const people = peopleOf(policy);
    expect((await setStatus(policy, 'signature', branch.agent)).statusCode).toBe(200);

    let round = (await roundOf(policy, branch.agent))!;
    expect(round.order).toBe('sequential');
    expect(round.signers.map((signer) => signer.party)).toEqual(['tenant', 'guarantor', 'owner', 'office']);
    expect(round.signers.map((signer) => signer.invitedAt !== null)).toEqual([true, false, false, false]);
    expect(await signLinkEmails(people.guarantor)).toEqual([]);
    expect(await signLinkEmails(people.owner)).toEqual([]);
    expect(await signLinkEmails(office.email)).toEqual([]);

    // The guarantor's link exists but was sent to no one; even with its token, it is not their turn.
    const early = await leakedToken(signerOf(round, 'guarantor').linkId);
    expect((await view(early)).myTurn).toBe(false);
    await ctx.app.inject({ method: 'POST', url: `/api/public/links/${early}/privacy`, payload: { version: 1 } });
    const refused = await post(early, '/code');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(signingMessages.notYourTurn);

    const tenantSigned = await signAs((await newestSignLink(people.tenant))!, people.tenant);
    expect(tenantSigned.statusCode, tenantSigned.body).toBe(200);
    // The guarantor's turn: a new link e-mailed to them, the one the test held no longer opens.
    const [turnEmail] = await signLinkEmails(people.guarantor);
    expect(turnEmail!.subject).toMatch(/^Es su turno de firmar/);
    expect((await ctx.app.inject({ url: publicUrl(early) })).statusCode).toBe(404);
    round = (await roundOf(policy, branch.agent))!;
    expect(round.signers.map((signer) => signer.invitedAt !== null)).toEqual([true, true, false, false]);
    expect(await signLinkEmails(people.owner)).toEqual([]);

    expect((await signAs((await newestSignLink(people.guarantor))!, people.guarantor)).statusCode).toBe(200);
    expect(await signLinkEmails(office.email)).toEqual([]);
    expect((await signAs((await newestSignLink(people.owner))!, people.owner)).statusCode).toBe(200);
    expect((await roundOf(policy, branch.agent))!.status).toBe('open');

    // Last, the office's representative: by the same means, for the lease and the póliza.
    const officeToken = (await newestSignLink(office.email))!;
    expect((await view(officeToken)).documents.filter((document) => document.mine).map((document) => document.kind)).toEqual(['lease', 'policy']);
    expect((await signAs(officeToken, office.email)).statusCode).toBe(200);
    round = (await roundOf(policy, branch.agent))!;
    expect(round.status).toBe('completed');
    expect(round.signers.every((signer) => signer.signedAt !== null)).toBe(true);
  });

  it('all at once stays the default: every signer, the office too, is e-mailed at the start', async () => {
    const branch = await branchWith();
    const office = await representative(branch.branchId);
    const policy = await policyInContracts(ctx, { token: branch.agent, overrides: threeSigners() });
    expect((await setStatus(policy, 'signature', branch.agent)).statusCode).toBe(200);
    const round = (await roundOf(policy, branch.agent))!;
    expect(round.order).toBe('parallel');
    expect(round.signers.every((signer) => signer.invitedAt !== null)).toBe(true);
    for (const email of [...Object.values(peopleOf(policy)), office.email]) expect(await signLinkEmails(email)).toHaveLength(1);
    // The representative is recorded as the office's signer, with the RFC and CURP their e.firma must name.
    const [row] = await db().select().from(linkSignatures).where(eq(linkSignatures.linkId, signerOf(round, 'office').linkId));
    expect(row).toMatchObject({ userId: office.id, expectedRfc: 'GODE561231GR8', expectedCurp: 'GODE561231HDFRRN00', documentKinds: ['lease', 'policy'], position: 3 });
    expect(round.paperReason).not.toContain(roundMessages.officeOnPaper);
  });

  it('goes ahead without the office when the branch has no representative (an inactive one does not count), and says it signs on paper', async () => {
    const branch = await branchWith();
    const former = await representative(branch.branchId);
    await db().update(users).set({ status: 'inactive' }).where(eq(users.id, former.id));
    const policy = await policyInContracts(ctx, { token: branch.agent, overrides: threeSigners() });
    expect((await setStatus(policy, 'signature', branch.agent)).statusCode).toBe(200);
    const round = (await roundOf(policy, branch.agent))!;
    expect(round.signers.map((signer) => signer.party)).toEqual(['tenant', 'guarantor', 'owner']);
    expect(round.paperReason).toContain(roundMessages.officeOnPaper);
  });
});

describe('POST /api/policy/{id}/signing/resend', () => {
  const resend = (policy: Pick<Policy, 'id'> | string, token?: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/policy/${typeof policy === 'string' ? policy : policy.id}/signing/resend`, ...(token ? { headers: bearer(token) } : {}) });

  /** A policy in 'signature' whose round the tenant declined. */
  async function declinedRound() {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    expect((await setStatus(policy, 'signature')).statusCode).toBe(200);
    const tenantToken = (await newestSignLink(policy.tenants[0]!.email))!;
    await ctx.app.inject({ method: 'POST', url: `/api/public/links/${tenantToken}/privacy`, payload: { version: 1 } });
    expect((await post(tenantToken, '/decline', { reason: 'El monto de la renta no es el acordado' })).statusCode).toBe(204);
    return { policy, tenantToken };
  }

  it('sends a declined round again: a new round over the current pack, new links e-mailed, the history says so', async () => {
    const { policy, tenantToken } = await declinedRound();
    const declined = (await roundOf(policy))!;
    expect(declined.status).toBe('declined');
    const response = await resend(policy, agent.token);
    expect(response.statusCode, response.body).toBe(200);
    const round = json<SigningRound>(response);
    expect(round).toMatchObject({ status: 'open', packVersion: declined.packVersion });
    expect(round.id).not.toBe(declined.id);
    const newToken = (await newestSignLink(policy.tenants[0]!.email))!;
    expect(newToken).not.toBe(tenantToken);
    expect((await view(newToken)).status).toBe('open');
    expect((await ctx.app.inject({ url: publicUrl(tenantToken) })).statusCode).toBe(404);
    const events = await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id));
    expect(events.map((event) => event.note)).toContain(roundMessages.resentNote(3));

    // Now a round is open: a second click is a 409, and nothing new is made.
    const again = await resend(policy, agent.token);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(roundMessages.resendStillOpen);
    expect((await roundOf(policy))!.id).toBe(round.id);
  });

  it('refuses (409) a policy no longer in Firma, or whose round is neither expired nor declined', async () => {
    const { policy } = await declinedRound();
    expect((await setStatus(policy, 'active')).statusCode).toBe(200);
    const moved = await resend(policy, agent.token);
    expect(moved.statusCode).toBe(409);
    expect(json(moved).message).toBe(roundMessages.resendNotInSignature);

    // On paper: in Firma, but no round to send again.
    const paper = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners({ isElectronicSignature: false }) });
    expect((await setStatus(paper, 'signature')).statusCode).toBe(200);
    const none = await resend(paper, agent.token);
    expect(none.statusCode).toBe(409);
    expect(json(none).message).toBe(roundMessages.resendNothingToResend);

    // A round cancelled (not expired nor declined) is not sent again either.
    const { policy: cancelled } = await declinedRound();
    await db().update(signingRounds).set({ status: 'cancelled' }).where(eq(signingRounds.policyId, cancelled.id));
    expect(json(await resend(cancelled, agent.token)).message).toBe(roundMessages.resendNothingToResend);
  });

  it('needs a session (401), a role that sends to signature (403), the branch (404) and a valid id (400)', async () => {
    const { policy } = await declinedRound();
    expect((await resend(policy)).statusCode).toBe(401);
    expect((await resend(policy, await tokenFor(ctx, 'lawyer', 1))).statusCode).toBe(403);
    const other = await resend(policy, otherBranchAgent);
    expect(other.statusCode).toBe(404);
    expect((await resend('abc', agent.token)).statusCode).toBe(400);
    expect((await roundOf(policy))!.status).toBe('declined');
  });
});
