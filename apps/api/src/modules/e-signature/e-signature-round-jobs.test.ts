import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roundMessages, type SigningRound } from '@portal/domain';
import { businessJobs } from '../../jobs/business-jobs';
import { branches, emailOutbox, notifications, policyEvents } from '../../db/schema/index';
import { TEST_SECRET_BOX, bearer, insertBranch, json, tokenFor } from '../../test/app';
import { policyInContracts } from '../../test/policies';
import { runSigningRounds } from './index';
import { ctx, db, publicUrl, roundOf, setStatus, setUpSigningTests, signAs, threeSigners, view } from './e-signature.test-helpers';

// Issue 35: the daily 'signing-rounds' job, its clock given: reminders to those who have not
// signed (2 days after the last e-mail, then every 2 days, at most the branch's number) and the
// round's deadline. Each round starts now; the job runs at `now + days`. The tests of this file
// share one database and run in order: the counts a run answers include the earlier tests' rounds.

setUpSigningTests();

const dayMs = 86_400_000;
const daysLater = (start: number, days: number, extraMs = 0) => new Date(start + days * dayMs + extraMs);

/** A branch of its own with these signing settings, and an agent and a manager of it. */
async function branchWith(settings: Partial<typeof branches.$inferInsert>) {
  const branchId = await insertBranch(ctx);
  await db().update(branches).set(settings).where(eq(branches.id, branchId));
  return { branchId, agent: await tokenFor(ctx, 'agent', branchId) };
}

/** A policy of the branch sent to signature now: its people's e-mails and the time it started. */
async function roundStarted(agentToken: string) {
  const policy = await policyInContracts(ctx, { token: agentToken, overrides: threeSigners() });
  const started = Date.now();
  expect((await setStatus(policy, 'signature', agentToken)).statusCode).toBe(200);
  return { policy, started, emails: [policy.tenants[0]!.email, policy.guarantors[0]!.email, policy.property.owner.email] };
}

const emailsTo = (recipient: string, kind: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.recipient, recipient), eq(emailOutbox.kind, kind))).orderBy(asc(emailOutbox.id));
const tokenIn = (text: string) => /\/p\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
const opens = async (token: string) => (await ctx.app.inject({ url: publicUrl(token) })).statusCode;

describe('reminders', () => {
  it('reminds who has not signed 2 days after their link, then every 2 days, at most the branch\'s number, each with a new link; none once signed', async () => {
    const branch = await branchWith({ signingReminderMax: 2 });
    const { policy, started, emails } = await roundStarted(branch.agent);
    const [tenant, guarantor, owner] = emails as [string, string, string];
    const [invitation] = await emailsTo(tenant, 'link_sign');

    expect(await runSigningRounds(db(), daysLater(started, 1))).toMatchObject({ reminded: 0, expired: 0 });
    expect(await runSigningRounds(db(), daysLater(started, 2))).toMatchObject({ reminded: 3 });
    const [first] = await emailsTo(tenant, 'link_sign_reminder');
    expect(first!.subject).toMatch(/^Recordatorio: documentos pendientes de firma/);
    expect(first!.text).toContain('Este enlace reemplaza al que le enviamos antes, que ya no funciona');
    // The new link replaces the first one.
    expect(await opens(tokenIn(invitation!.text))).toBe(404);
    expect(await opens(tokenIn(first!.text))).toBe(200);
    let round = (await roundOf(policy, branch.agent))!;
    expect(round.signers.map((signer) => signer.remindersSent)).toEqual([1, 1, 1]);

    // The same day again (a retry, a catch-up), and the next day: nobody twice.
    expect(await runSigningRounds(db(), daysLater(started, 2, 3_600_000))).toMatchObject({ reminded: 0 });
    expect(await runSigningRounds(db(), daysLater(started, 3))).toMatchObject({ reminded: 0 });

    // The tenant signs with the reminder's link: no more reminders for them.
    expect((await signAs(tokenIn(first!.text), tenant)).statusCode).toBe(200);
    expect(await runSigningRounds(db(), daysLater(started, 4))).toMatchObject({ reminded: 2 });
    expect(await emailsTo(tenant, 'link_sign_reminder')).toHaveLength(1);
    expect(await emailsTo(guarantor, 'link_sign_reminder')).toHaveLength(2);
    round = (await roundOf(policy, branch.agent))!;
    expect(round.signers.map((signer) => signer.remindersSent)).toEqual([1, 2, 2]);

    // The branch's maximum (2) reached.
    expect(await runSigningRounds(db(), daysLater(started, 6))).toMatchObject({ reminded: 0 });
    expect(await emailsTo(owner, 'link_sign_reminder')).toHaveLength(2);
  });

  it('in order, reminds only the signer whose turn it is', async () => {
    const branch = await branchWith({ signingOrder: 'sequential' });
    const { started, emails } = await roundStarted(branch.agent);
    expect(await runSigningRounds(db(), daysLater(started, 2))).toMatchObject({ reminded: 1 });
    expect(await emailsTo(emails[0]!, 'link_sign_reminder')).toHaveLength(1);
    expect(await emailsTo(emails[1]!, 'link_sign_reminder')).toEqual([]);
  });

  it("sends none when the branch's maximum is 0", async () => {
    const branch = await branchWith({ signingReminderMax: 0 });
    const { started, emails } = await roundStarted(branch.agent);
    expect(await runSigningRounds(db(), daysLater(started, 2))).toMatchObject({ reminded: 0 });
    expect(await emailsTo(emails[0]!, 'link_sign_reminder')).toEqual([]);
  });
});

describe('the deadline', () => {
  it('marks the round expired once its days passed: links revoked, the history says so, staff told; then it can be sent again', async () => {
    const branch = await branchWith({ signingRoundDays: 3 });
    const manager = await tokenFor(ctx, 'manager', branch.branchId);
    const { policy, started, emails } = await roundStarted(branch.agent);
    const tenantToken = tokenIn((await emailsTo(emails[0]!, 'link_sign'))[0]!.text);
    expect((await view(tenantToken)).expiresAt).not.toBeNull();

    expect(await runSigningRounds(db(), daysLater(started, 3, -60_000))).toMatchObject({ expired: 0 });
    expect((await roundOf(policy, branch.agent))!.status).toBe('open');
    const day = await runSigningRounds(db(), daysLater(started, 3, 60_000));
    expect(day).toMatchObject({ expired: 1, reminded: 0 });
    const expired = (await roundOf(policy, branch.agent))!;
    expect(expired.status).toBe('expired');
    expect(await opens(tenantToken)).toBe(404);
    const events = await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id));
    expect(events.find((event) => event.note === roundMessages.expiredNote)).toMatchObject({ bySystem: true });
    const notices = await db().select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'signature_expired')));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]!.body).toContain('firmaron 0 de 3');
    // A second run changes nothing and tells nobody again; an expired round's signers are not reminded.
    const remindersBefore = await Promise.all(emails.map(async (email) => (await emailsTo(email, 'link_sign_reminder')).length));
    expect(await runSigningRounds(db(), daysLater(started, 5))).toMatchObject({ expired: 0 });
    expect(await Promise.all(emails.map(async (email) => (await emailsTo(email, 'link_sign_reminder')).length))).toEqual(remindersBefore);
    expect(await db().select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'signature_expired')))).toHaveLength(notices.length);

    // 'Enviar de nuevo': a new open round, new links to everyone.
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/signing/resend`, headers: bearer(manager) });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(json<SigningRound>(resent)).toMatchObject({ status: 'open' });
    for (const email of emails) expect(await emailsTo(email, 'link_sign')).toHaveLength(2);
  });

  it("runs as the queue's 'signing-rounds' job, its summary in Spanish", async () => {
    const branch = await branchWith({ signingRoundDays: 1 });
    const { policy } = await roundStarted(branch.agent);
    const job = businessJobs({ db: db(), files: ctx.app.files, mail: undefined, secretBox: TEST_SECRET_BOX, whatsapp: { hosts: [], log: () => undefined } as never }).find((definition) => definition.name === 'signing-rounds')!;
    expect(job).toMatchObject({ cron: '30 9 * * *', catchUpAtStart: true });
    const result = (await job.run(daysLater(Date.now(), 2))) as { summary: string };
    expect(result.summary).toMatch(/^\d{4}-\d{2}-\d{2}: \d+ firmas? electrónicas? vencidas?, \d+ recordatorios? de firma enviados?\.$/);
    expect((await roundOf(policy, branch.agent))!.status).toBe('expired');
  });
});
