import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Appointment, AppointmentFormValues, NotificationList, Policy } from '@portal/domain';
import { branches, emailOutbox, notifications, notificationSettings } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, insertUser, json, login, signInAs, type TestContext, type TestUser } from '../../test/app';
import { newPolicy, policyWithDocument } from '../../test/policies';
import { notify, notifyJobFailed, notifyPolicyExpiring, notifyRenewalCreated, sendAppointmentReminders } from './index';

let ctx: TestContext;
let admin: string;
let agent: TestUser & { token: string };
let manager: { id: number; token: string };

const db = () => ctx.testDb.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  const agentUser = await insertUser(ctx, { role: 'agent', branchId: 1 });
  agent = { ...agentUser, token: (await login(ctx.app, agentUser.email, agentUser.password)).token };
  manager = await signInAs(ctx, 'manager', 1);
});
afterAll(() => ctx.close());

const decide = (token: string, decision: 'approve' | 'reject', folio: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/policy/${decision}/${folio}`, headers: bearer(token), payload: { confirmMissing: true, reason: 'Revisado' } });

const bell = async (token: string, query = '') => json<NotificationList>(await ctx.app.inject({ url: `/api/notifications${query}`, headers: bearer(token) }));

const notificationsOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const emailsTo = (recipient: string) => db().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.id);

describe('investigation decisions notify the policy\'s agent', () => {
  it('approved: a notification linked to the policy, and an e-mail (chosen by default) in the same transaction', async () => {
    const { policy } = await policyWithDocument(ctx, { token: agent.token }, { slot: 'tenantId' });
    const before = (await bell(agent.token)).unreadCount;
    const response = await decide(manager.token, 'approve', policy.investigationId);
    expect(response.statusCode, response.body).toBe(200);

    const list = await bell(agent.token);
    expect(list.unreadCount).toBe(before + 1);
    expect(list.items[0]).toMatchObject({
      kind: 'investigation_approved',
      title: `Investigación aprobada: ${policy.investigationId}`,
      policyId: policy.id,
      appointmentId: null,
      readAt: null,
    });
    expect(list.items[0]!.body).toContain('fue aprobada');
    const emails = await emailsTo(agent.email);
    expect(emails.at(-1)).toMatchObject({ kind: 'investigation_approved', status: 'queued', subject: `[Portal de Pólizas] Investigación aprobada: ${policy.investigationId}` });
    expect(emails.at(-1)!.text).toContain('fue aprobada');
    // The approver is not told of their own decision.
    expect((await bell(manager.token)).items.some((item) => item.policyId === policy.id)).toBe(false);
  });

  it('a decision set from the form (a manager\'s status jump) tells the agent as the results screen does (issue 29)', async () => {
    for (const [status, kind] of [['investigation_approved', 'investigation_approved'], ['investigation_rejected', 'investigation_rejected']] as const) {
      const { policy } = await policyWithDocument(ctx, { token: agent.token }, { slot: 'tenantId' });
      const current = json<Policy>(await ctx.app.inject({ url: `/api/policy/unique/${policy.id}`, headers: bearer(manager.token) }));
      const saved = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(manager.token), payload: { ...current, status } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await notificationsOf(agent.id)).filter((notice) => notice.policyId === policy.id)).toMatchObject([{ kind }]);
      // Saving the form again in the same status tells nobody twice.
      const again = json<Policy>(saved);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(manager.token), payload: { ...again, specialnote: 'Otra nota' } })).statusCode).toBe(200);
      expect((await notificationsOf(agent.id)).filter((notice) => notice.policyId === policy.id)).toHaveLength(1);
    }
  });

  it('rejected: the rejected kind; no e-mail when the agent chose the portal only', async () => {
    const quiet = await insertUser(ctx, { role: 'agent' });
    const quietToken = (await login(ctx.app, quiet.email, quiet.password)).token;
    await db().insert(notificationSettings).values({ userId: quiet.id, emailKinds: ['policy_expiring'] });
    const { policy } = await policyWithDocument(ctx, { token: quietToken }, { slot: 'tenantId' });
    expect((await decide(manager.token, 'reject', policy.investigationId)).statusCode).toBe(200);
    expect(await notificationsOf(quiet.id)).toMatchObject([{ kind: 'investigation_rejected', policyId: policy.id }]);
    expect(await emailsTo(quiet.email)).toEqual([]);
  });

  it('writes nothing when the decision is refused (409): the notice shares its transaction', async () => {
    const policy = await newPolicy(ctx, { token: agent.token });
    const count = (await notificationsOf(agent.id)).length;
    expect((await decide(manager.token, 'approve', policy.investigationId)).statusCode).toBe(409);
    expect(await notificationsOf(agent.id)).toHaveLength(count);
  });
});

describe('the bell\'s routes', () => {
  it('lists only the caller\'s own, newest first, paged, with the unread count', async () => {
    const reader = await signInAs(ctx, 'approver', 1);
    const stranger = await signInAs(ctx, 'agent', 2);
    for (const n of [1, 2, 3]) await notify(db(), { recipients: [reader.id], kind: 'job_failed', title: `Aviso ${n}`, body: 'x', email: false });
    await notify(db(), { recipients: [stranger.id], kind: 'job_failed', title: 'Ajeno', body: 'x', email: false });

    const first = await bell(reader.token, '?limit=2');
    expect(first.items.map((item) => item.title)).toEqual(['Aviso 3', 'Aviso 2']);
    expect(first.unreadCount).toBe(3);
    const second = await bell(reader.token, `?limit=2&before=${first.nextBefore}`);
    expect(second.items.map((item) => item.title)).toEqual(['Aviso 1']);
    expect(second.nextBefore).toBeNull();
  });

  it('marks one read (kept as first read), then all; another user\'s id is a 404', async () => {
    const reader = await signInAs(ctx, 'agent', 1);
    const other = await signInAs(ctx, 'agent', 1);
    for (const n of [1, 2]) await notify(db(), { recipients: [reader.id], kind: 'job_failed', title: `Aviso ${n}`, body: 'x', email: false });
    await notify(db(), { recipients: [other.id], kind: 'job_failed', title: 'Del otro', body: 'x', email: false });
    const [newest] = (await bell(reader.token)).items;
    const [othersNotice] = (await bell(other.token)).items;

    const read = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${newest!.id}/read`, headers: bearer(reader.token) });
    expect(read.statusCode).toBe(200);
    expect(json(read).readAt).not.toBeNull();
    const again = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${newest!.id}/read`, headers: bearer(reader.token) });
    expect(json(again).readAt).toBe(json(read).readAt);
    expect((await bell(reader.token)).unreadCount).toBe(1);

    const foreign = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${othersNotice!.id}/read`, headers: bearer(reader.token) });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe('No se encontró la notificación');
    expect((await bell(other.token)).unreadCount).toBe(1);

    const all = await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: bearer(reader.token) });
    expect(json(all)).toEqual({ unreadCount: 0 });
    expect((await bell(reader.token)).unreadCount).toBe(0);
    expect((await bell(other.token)).unreadCount).toBe(1);
  });

  it('refuses bad input (400) and no token (401); every role has its own bell (no 403)', async () => {
    const badLimit = await ctx.app.inject({ url: '/api/notifications?limit=500', headers: bearer(agent.token) });
    expect(badLimit.statusCode).toBe(400);
    expect(json(badLimit).details[0]).toMatchObject({ field: 'limit', message: 'El límite debe estar entre 1 y 50' });
    expect((await ctx.app.inject({ url: '/api/notifications?before=abc', headers: bearer(agent.token) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/notifications/abc/read', headers: bearer(agent.token) })).statusCode).toBe(400);
    for (const [method, url] of [['GET', '/api/notifications'], ['POST', '/api/notifications/1/read'], ['POST', '/api/notifications/read-all']] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    for (const token of [admin, manager.token, agent.token]) expect((await ctx.app.inject({ url: '/api/notifications', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('notify()', () => {
  it('skips inactive and repeated recipients and escapes user text in the e-mail\'s HTML', async () => {
    const active = await insertUser(ctx, { role: 'admin' });
    const inactive = await insertUser(ctx, { role: 'admin', status: 'inactive' });
    const notified = await notify(db(), {
      recipients: [active.id, active.id, inactive.id],
      kind: 'job_failed',
      title: 'Falló <script>alert(1)</script>',
      body: 'Cliente "O\'Brien" & <b>socios</b>',
    });
    expect(notified).toEqual([active.id]);
    expect(await notificationsOf(inactive.id)).toEqual([]);
    const [email] = await emailsTo(active.email);
    expect(email!.html).toContain('Falló &lt;script&gt;');
    expect(email!.html).toContain('Cliente &quot;O&#39;Brien&quot; &amp; &lt;b&gt;socios&lt;/b&gt;');
    expect(email!.html).not.toContain('<script>');
    expect(email!.text).toContain('Cliente "O\'Brien" & <b>socios</b>');
  });
});

describe('notices for the job queue', () => {
  it('notifyPolicyExpiring: agent and branch manager, once per policy and days left however often it runs', async () => {
    const branchManager = await insertUser(ctx, { role: 'manager', branchId: 1 });
    await db().update(branches).set({ managerId: branchManager.id }).where(eq(branches.id, 1));
    const policy = await newPolicy(ctx, { token: agent.token });
    expect(await notifyPolicyExpiring(db(), [{ policyId: policy.id, daysLeft: 30 }, { policyId: 999_999, daysLeft: 30 }])).toBe(2);
    expect(await notifyPolicyExpiring(db(), [{ policyId: policy.id, daysLeft: 30 }])).toBe(0);
    expect(await notifyPolicyExpiring(db(), [{ policyId: policy.id, daysLeft: 7 }])).toBe(2);

    const rows = await db().select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'policy_expiring'))).orderBy(notifications.id);
    expect(rows.map((row) => [row.userId, row.title])).toEqual([
      [agent.id, `La póliza ${policy.investigationId} vence en 30 días`],
      [branchManager.id, `La póliza ${policy.investigationId} vence en 30 días`],
      [agent.id, `La póliza ${policy.investigationId} vence en 7 días`],
      [branchManager.id, `La póliza ${policy.investigationId} vence en 7 días`],
    ]);
    // One e-mail each per notice (both chose 'policy_expiring' by default), none for the repeat.
    expect((await emailsTo(branchManager.email)).filter((email) => email.kind === 'policy_expiring')).toHaveLength(2);
  });

  it('notifyRenewalCreated: the new policy\'s agent and manager, not whoever created it', async () => {
    const oldPolicy = await newPolicy(ctx, { token: agent.token });
    const renewal = await newPolicy(ctx, { token: agent.token });
    const branchManager = await insertUser(ctx, { role: 'manager', branchId: 1 });
    await db().update(branches).set({ managerId: branchManager.id }).where(eq(branches.id, 1));
    await db().transaction((tx) => notifyRenewalCreated(tx, { oldPolicyId: oldPolicy.id, newPolicyId: renewal.id, actorUserId: agent.id }));
    await db().transaction((tx) => notifyRenewalCreated(tx, { oldPolicyId: oldPolicy.id, newPolicyId: renewal.id, actorUserId: agent.id }));
    const rows = await db().select().from(notifications).where(eq(notifications.kind, 'renewal_created'));
    expect(rows.map((row) => [row.userId, row.policyId])).toEqual([[branchManager.id, renewal.id]]);
    expect(rows[0]!.title).toBe(`Renovación creada de la póliza ${oldPolicy.investigationId}`);
    expect(rows[0]!.body).toContain('Ana Pérez creó la renovación');
    // Not chosen by e-mail by default.
    expect((await emailsTo(branchManager.email)).filter((email) => email.kind === 'renewal_created')).toEqual([]);
  });

  it('notifyJobFailed: every active admin, with the error', async () => {
    const otherAdmin = await insertUser(ctx, { role: 'admin' });
    await notifyJobFailed(db(), { jobName: 'policy-status-daily', error: 'connection terminated' });
    const [row] = await db().select().from(notifications).where(and(eq(notifications.userId, otherAdmin.id), eq(notifications.kind, 'job_failed')));
    expect(row).toMatchObject({ title: 'Falló la tarea automática «policy-status-daily»', body: 'Error: connection terminated' });
    const [email] = await emailsTo(otherAdmin.email);
    expect(email).toMatchObject({ kind: 'job_failed', status: 'queued' });
  });
});

describe('sendAppointmentReminders', () => {
  const appointment = (overrides: Partial<AppointmentFormValues>): AppointmentFormValues => ({
    title: 'Firma de contrato',
    description: '',
    date: '2031-03-10',
    startTime: '10:00',
    endTime: '11:00',
    location: 'Sucursal Polanco',
    type: 'signature',
    attendees: [
      { name: 'Lucía Hernández', email: 'lucia.recordatorio@example.mx', role: 'tenant' },
      { name: 'Roberto Sánchez', email: 'roberto.recordatorio@example.mx', role: 'owner' },
    ],
    ...overrides,
  });

  async function createAppointment(body: AppointmentFormValues): Promise<Appointment> {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/appo', headers: bearer(agent.token), payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return json<Appointment>(response);
  }

  it('reminds each appointment within the next 24 hours once: its author in the portal, every attendee by e-mail with the .ics', async () => {
    const soon = await createAppointment(appointment({}));
    const dayAfter = await createAppointment(appointment({ date: '2031-03-11', title: 'Otra' }));
    const cancelled = await createAppointment(appointment({ title: 'Cancelada' }));
    await ctx.app.inject({ method: 'POST', url: `/api/appo/update/${cancelled.id}`, headers: bearer(agent.token), payload: { ...appointment({ title: 'Cancelada' }), status: 'cancelled' } });
    // 10:00 in Mexico City on 10 March 2031 is 16:00 UTC: at 20:00 UTC the day before it is 20 hours away.
    const now = new Date('2031-03-09T20:00:00Z');

    expect(await sendAppointmentReminders(db(), now)).toBe(1);
    expect(await sendAppointmentReminders(db(), now)).toBe(0);

    const authorNotices = (await notificationsOf(agent.id)).filter((row) => row.kind === 'appointment_reminder');
    expect(authorNotices).toMatchObject([{ appointmentId: soon.id, title: 'Recordatorio de cita: Firma de contrato' }]);
    expect(authorNotices[0]!.body).toBe('Tiene una cita el lunes, 10 de marzo de 2031, de 10:00 a 11:00 (hora de la Ciudad de México) en Sucursal Polanco.');
    const attendeeEmails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'appointment_reminder'), inArray(emailOutbox.recipient, ['lucia.recordatorio@example.mx', 'roberto.recordatorio@example.mx'])))
      .orderBy(emailOutbox.recipient);
    expect(attendeeEmails.map((email) => [email.recipient, email.subject, email.attachments.map((file) => file.filename)])).toEqual([
      ['lucia.recordatorio@example.mx', 'Recordatorio de cita: Firma de contrato', ['cita.ics']],
      ['roberto.recordatorio@example.mx', 'Recordatorio de cita: Firma de contrato', ['cita.ics']],
    ]);
    const ics = Buffer.from(attendeeEmails[0]!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20310310T160000Z');
    expect(attendeeEmails[0]!.html).toContain('Hola, Lucía Hernández:');

    // The next day's comes when it is within 24 hours; a moved appointment is reminded again.
    expect(await sendAppointmentReminders(db(), new Date('2031-03-10T17:00:00Z'))).toBe(1);
    const moved = await ctx.app.inject({ method: 'POST', url: `/api/appo/update/${soon.id}`, headers: bearer(agent.token), payload: appointment({ date: '2031-03-12' }) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sendAppointmentReminders(db(), new Date('2031-03-11T20:00:00Z'))).toBe(1);
    expect((await notificationsOf(agent.id)).filter((row) => row.appointmentId === dayAfter.id)).toHaveLength(1);
  });

  it('reminds once when two runs (two instances) go at the same time', async () => {
    const appointmentDue = await createAppointment(appointment({ date: '2031-05-20', title: 'Inspección' }));
    const now = new Date('2031-05-19T20:00:00Z');
    const counts = await Promise.all([sendAppointmentReminders(db(), now), sendAppointmentReminders(db(), now)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect((await notificationsOf(agent.id)).filter((row) => row.appointmentId === appointmentDue.id)).toHaveLength(1);
  });
});
