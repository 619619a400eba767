import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { claimDeadlineReminders, emailOutbox, notifications } from '../../db/schema/index';
import { smtpReceiver } from '../../test/smtp';
import { TEST_SECRET_BOX } from '../../test/app';
import { businessJobs } from '../../jobs/business-jobs';
import { deliverDueEmails } from '../email/index';
import { runClaimDeadlines } from './index';
import { activePolicy, ctx, db, openCase, useClaimsContext, users, write } from './claims.test-helpers';

// The daily 'claim-deadlines' run (issue 33): each pending término is recalled to the case's
// lawyer and the branch's managers 7, 3 and 1 days before and the day after it was missed, once
// each, in Mexico City's calendar, caught up when a day did not run. Noon of each day below.
const day = (date: string) => new Date(`${date}T18:00:00Z`);

useClaimsContext();

const due: Record<'week' | 'three' | 'tomorrow' | 'yesterday' | 'far' | 'done' | 'closedCase' | 'unassigned', { id: number; claimId: number }> = {} as never;
let number = '';

async function addDeadline(claimId: number, dueOn: string) {
  const detail = await write('POST', `/api/claims/${claimId}/deadlines`, { dueOn, description: `Término del ${dueOn}` }, users.lawyer.token, 201);
  return { id: detail.deadlines.find((row) => row.dueOn === dueOn)!.id, claimId };
}

beforeAll(async () => {
  vi.setSystemTime(day('2027-03-01'));
  const policy = await activePolicy();
  const opened = await openCase(policy.id, { type: 'non_payment', description: 'Demanda', assigneeId: users.lawyer.id });
  const closing = await openCase(policy.id, { type: 'other', description: 'Cerrada', assigneeId: users.lawyer.id });
  const unassigned = await openCase(policy.id, { type: 'misuse', description: 'Sin responsable' });
  number = opened.number;
  vi.setSystemTime(day('2027-03-10'));
  due.week = await addDeadline(opened.id, '2027-03-17');
  due.three = await addDeadline(opened.id, '2027-03-13');
  due.tomorrow = await addDeadline(opened.id, '2027-03-11');
  due.yesterday = await addDeadline(opened.id, '2027-03-09');
  due.far = await addDeadline(opened.id, '2027-03-25');
  due.done = await addDeadline(opened.id, '2027-03-12');
  await write('POST', `/api/claims/deadlines/${due.done.id}/done`, {}, users.lawyer.token);
  due.closedCase = await addDeadline(closing.id, '2027-03-11');
  await write('POST', `/api/claims/${closing.id}/stage`, { stage: 'closed', result: 'withdrawn' });
  due.unassigned = await addDeadline(unassigned.id, '2027-03-14');
}, 60_000);

const sent = async () =>
  (await db().select().from(claimDeadlineReminders).orderBy(claimDeadlineReminders.deadlineId, claimDeadlineReminders.daysBefore)).map((row) => [row.deadlineId, row.daysBefore]);
const titlesFor = async (userId: number) =>
  (await db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'claim_deadline'))).orderBy(notifications.id)).map((row) => row.title);

describe("the daily 'claim-deadlines' run", () => {
  it('recalls the términos due in 7, 3 and 1 days and the one missed yesterday, to the lawyer and the managers, by e-mail too', async () => {
    expect(await runClaimDeadlines(db(), day('2027-03-10'))).toEqual({ today: '2027-03-10', reminders: 4, missed: 1, notified: 9 });
    expect(await sent()).toEqual(
      [
        [due.week.id, 7],
        [due.three.id, 3],
        [due.tomorrow.id, 1],
        [due.yesterday.id, 0],
        [due.unassigned.id, 7],
      ].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!),
    );
    expect(await titlesFor(users.lawyer.id)).toEqual([`Término vencido de ${number}`, `Término de ${number}: vence mañana`, `Término de ${number}: vence en 3 días`, `Término de ${number}: vence en 7 días`]);
    // The case nobody is assigned to goes to the managers only.
    expect(await titlesFor(users.manager.id)).toHaveLength(5);
    const [missed] = await db().select().from(notifications).where(and(eq(notifications.userId, users.lawyer.id), eq(notifications.title, `Término vencido de ${number}`)));
    expect(missed!.body).toMatch(/^«Término del 2027-03-09» venció el 9 de marzo de 2027 y no se ha marcado como cumplido \(póliza POL-/);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'claim_deadline'));
    expect(emails).toHaveLength(9);
    expect(emails.find((email) => email.subject === `[Portal de Pólizas] Término de ${number}: vence mañana`)).toBeDefined();
    // Another branch's manager hears nothing.
    expect(await titlesFor(users.otherBranchManager.id)).toEqual([]);
  });

  it('sends nothing twice: a second run the same day, and the next day', async () => {
    expect(await runClaimDeadlines(db(), day('2027-03-10'))).toMatchObject({ reminders: 0, missed: 0, notified: 0 });
    expect(await runClaimDeadlines(db(), day('2027-03-11'))).toMatchObject({ reminders: 1, missed: 0 });
    // The 11th: only the unassigned case's término, 3 days away, is owed its 3 days' reminder.
    expect((await sent()).filter(([id]) => id === due.unassigned.id)).toEqual([
      [due.unassigned.id, 3],
      [due.unassigned.id, 7],
    ]);
  });

  it('catches up a day that did not run with the nearest reminder, never a stale one', async () => {
    // The 12th did not run. On the 13th: the término due today gets its 1 day's reminder ('hoy'),
    // the one due on the 11th its missed notice; the one due on the 17th (4 days) owes nothing new.
    const report = await runClaimDeadlines(db(), day('2027-03-13'));
    expect(report).toMatchObject({ today: '2027-03-13', reminders: 2, missed: 1 });
    const titles = await titlesFor(users.lawyer.id);
    expect(titles.slice(4)).toEqual([`Término vencido de ${number}`, `Término de ${number}: vence hoy`]);
    expect((await sent()).filter(([id]) => id === due.week.id)).toEqual([[due.week.id, 7]]);
    expect((await sent()).filter(([id]) => id === due.unassigned.id)).toEqual([
      [due.unassigned.id, 1],
      [due.unassigned.id, 3],
      [due.unassigned.id, 7],
    ]);
    // Nothing ever for a término done, one of a closed case, or one more than 7 days away.
    const never = (await sent()).filter(([id]) => [due.done.id, due.closedCase.id, due.far.id].includes(id!));
    expect(never).toEqual([]);
  });

  it("runs as the queue's job, and its e-mails reach an SMTP server", async () => {
    const job = businessJobs({ db: db(), files: ctx.app.files, mail: undefined, secretBox: TEST_SECRET_BOX, whatsapp: { hosts: [], log: () => undefined } as never }).find((definition) => definition.name === 'claim-deadlines')!;
    expect(job.catchUpAtStart).toBe(true);
    const result = (await job.run(day('2027-03-14'))) as { summary: string };
    // The 14th: the término due on the 17th is 3 days away (lawyer and manager); the one due on the 13th was missed (both).
    expect(result.summary).toBe('2027-03-14: 1 recordatorio de términos y 1 aviso de términos vencidos (4 notificaciones).');
    const queued = await db().select().from(emailOutbox).where(inArray(emailOutbox.kind, ['claim_deadline']));
    const smtp = await smtpReceiver();
    try {
      const report = await deliverDueEmails(db(), smtp.transport, day('2027-04-30'));
      expect(report).toEqual({ sent: queued.length, retrying: 0, failed: 0 });
      const lawyerEmail = queued.find((email) => email.subject.endsWith('vence en 3 días') && email.text.includes('17 de marzo de 2027'))!;
      expect(smtp.received.flatMap((message) => message.to)).toContain(lawyerEmail.recipient);
      const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, lawyerEmail.id));
      expect(row!.status).toBe('sent');
    } finally {
      await smtp.close();
    }
  });
});
