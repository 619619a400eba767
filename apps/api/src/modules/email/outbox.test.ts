import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EmailList } from '@portal/domain';
import { emailOutbox, notifications } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, insertUser, json, login, signInAs, type TestContext } from '../../test/app';
import { smtpReceiver } from '../../test/smtp';
import { deliverDueEmails as deliverReportingFailures } from '../notifications/index';
import { createMailTransport, deliverDueEmails, publicLinkEmail, queueEmails, retryDelayMs, signingCodeEmail, type MailTransport } from './index';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());
afterEach(async () => {
  await ctx.testDb.database.db.delete(emailOutbox);
});

const db = () => ctx.testDb.database.db;

const outboxRows = () => db().select().from(emailOutbox).orderBy(emailOutbox.id);
/**
 * A delivery run's 'now' just after the rows were queued: PostgreSQL's now() (the rows' first
 * attempt time) has microseconds, a Date only milliseconds, so new Date() can fall just before it.
 */
const justAfter = () => new Date(Date.now() + 1000);

const ics = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n').toString('base64');

describe('createMailTransport', () => {
  it('is undefined without SMTP_URL, so the outbox waits', () => {
    expect(createMailTransport({ smtpUrl: undefined, mailFrom: 'a@b.mx' })).toBeUndefined();
  });
});

describe('deliverDueEmails against a real SMTP receiver', () => {
  it('retries a refused first attempt after its backoff and delivers it exactly once, .ics attached', async () => {
    const smtp = await smtpReceiver((recipient, attempt) => (recipient === 'lucia@example.mx' && attempt === 1 ? 451 : null));
    try {
      await queueEmails(db(), [
        {
          recipient: 'lucia@example.mx',
          subject: 'Recordatorio de cita: Firma de contrato',
          html: '<p>Hola</p>',
          text: 'Hola',
          kind: 'appointment_reminder',
          attachments: [{ filename: 'cita.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
        },
      ]);
      const start = justAfter();

      expect(await deliverDueEmails(db(), smtp.transport, start)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [waiting] = await outboxRows();
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      expect(waiting!.lastError).toMatch(/451/);
      expect(waiting!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
      expect(smtp.received).toHaveLength(0);

      // Not due yet a minute later; due after the backoff.
      expect(await deliverDueEmails(db(), smtp.transport, new Date(start.getTime() + 60_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
      const later = new Date(start.getTime() + retryDelayMs(1) + 1000);
      expect(await deliverDueEmails(db(), smtp.transport, later)).toEqual({ sent: 1, retrying: 0, failed: 0 });
      // A further run finds nothing: delivered once.
      expect(await deliverDueEmails(db(), smtp.transport, new Date(later.getTime() + 3_600_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });

      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message!.to).toEqual(['lucia@example.mx']);
      expect(message!.raw).toMatch(/^Subject: Recordatorio de cita: Firma de contrato$/m);
      expect(message!.raw).toMatch(/^From: .*<avisos@empresa\.test>$/m);
      expect(message!.raw).toMatch(/Content-Type: text\/calendar/);
      expect(message!.raw).toMatch(/filename=cita\.ics/);
      expect(message!.raw).toContain(ics.slice(0, 40));
      const [sent] = await outboxRows();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, sentAt: later });
    } finally {
      await smtp.close();
    }
  });

  it('gives a permanently refused address up after the maximum attempts, admins told once in the portal', async () => {
    const smtp = await smtpReceiver((recipient) => (recipient === 'no-existe@example.mx' ? 550 : null));
    const otherAdmin = await insertUser(ctx, { role: 'admin' });
    const inactiveAdmin = await insertUser(ctx, { role: 'admin', status: 'inactive' });
    try {
      await queueEmails(db(), [
        { recipient: 'no-existe@example.mx', subject: 'Aviso', html: '<p>x</p>', text: 'x', kind: 'job_failed' },
        { recipient: 'bien@example.mx', subject: 'Aviso', html: '<p>x</p>', text: 'x', kind: 'job_failed' },
      ]);
      let now = justAfter();
      const reports = [];
      for (let run = 0; run < 4; run++) {
        reports.push(await deliverReportingFailures(db(), smtp.transport, now, { maxAttempts: 3 }));
        now = new Date(now.getTime() + 6 * 3_600_000);
      }
      expect(reports).toEqual([
        { sent: 1, retrying: 1, failed: 0 },
        { sent: 0, retrying: 1, failed: 0 },
        { sent: 0, retrying: 0, failed: 1 },
        { sent: 0, retrying: 0, failed: 0 },
      ]);
      const [bad, good] = await outboxRows();
      expect(bad).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
      expect(bad!.lastError).toMatch(/550/);
      expect(good).toMatchObject({ status: 'sent', attempts: 1 });
      expect(smtp.received.map((message) => message.to)).toEqual([['bien@example.mx']]);

      const told = await db().select().from(notifications).where(eq(notifications.kind, 'job_failed'));
      const toldUsers = told.filter((row) => row.body.includes('no-existe@example.mx')).map((row) => row.userId);
      expect(toldUsers).toContain(otherAdmin.id);
      expect(toldUsers).not.toContain(inactiveAdmin.id);
      expect(new Set(toldUsers).size).toBe(toldUsers.length);
      // Told in the portal only: no e-mail about an e-mail that cannot be sent.
      expect((await outboxRows()).filter((row) => row.subject.includes('envío de correo'))).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("sends an e-mail's Reply-To (an invitation's answers go to the branch), and none when it has none", async () => {
    const smtp = await smtpReceiver();
    try {
      const email = { subject: 'Invitación a una cita', html: '<p>x</p>', text: 'x', kind: 'appointment_invitation' };
      await queueEmails(db(), [
        { recipient: 'lucia@example.mx', ...email, replyTo: 'polanco@inmobiliaria.mx' },
        { recipient: 'roberto@example.mx', ...email },
      ]);
      await deliverDueEmails(db(), smtp.transport, justAfter());
      const raw = (to: string) => smtp.received.find((message) => message.to.includes(to))!.raw;
      expect(raw('lucia@example.mx')).toMatch(/^Reply-To: polanco@inmobiliaria\.mx\r?$/m);
      expect(raw('roberto@example.mx')).not.toMatch(/^Reply-To:/m);
    } finally {
      await smtp.close();
    }
  });

  it('sends each e-mail once when two runs claim at the same time', async () => {
    const smtp = await smtpReceiver();
    try {
      await queueEmails(
        db(),
        Array.from({ length: 12 }, (_, i) => ({ recipient: `persona${i}@example.mx`, subject: `Aviso ${i}`, html: '<p>x</p>', text: 'x', kind: 'job_failed' })),
      );
      const now = justAfter();
      const reports = await Promise.all([
        deliverDueEmails(db(), smtp.transport, now, { batchSize: 5 }),
        deliverDueEmails(db(), smtp.transport, now, { batchSize: 5 }),
      ]);
      expect(reports[0]!.sent + reports[1]!.sent).toBe(12);
      expect(smtp.received).toHaveLength(12);
      expect(new Set(smtp.received.map((message) => message.to[0])).size).toBe(12);
    } finally {
      await smtp.close();
    }
  });

  it('leaves every row queued without a transport (no SMTP_URL)', async () => {
    await queueEmails(db(), [{ recipient: 'a@example.mx', subject: 'Aviso', html: '<p>x</p>', text: 'x', kind: 'job_failed' }]);
    expect(await deliverDueEmails(db(), undefined, new Date(Date.now() + 86_400_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await outboxRows()).toMatchObject([{ status: 'queued', attempts: 0 }]);
  });

  it('never queues an e-mail to a domain reserved for examples (the demo people): RFC 2606/6761', async () => {
    const to = (recipient: string) => ({ recipient, subject: 'Aviso', html: '<p>x</p>', text: 'x', kind: 'job_failed' });
    await queueEmails(db(), ['roberto@example.com', 'ana@correo.example.org', 'x@demo.invalid', 'y@portal.example', 'real@example.mx'].map(to));
    expect((await outboxRows()).map((row) => row.recipient)).toEqual(['real@example.mx']);
  });

  it('records a transport that throws (no server at all) as a failed attempt', async () => {
    const broken: MailTransport = { sendMail: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) };
    await queueEmails(db(), [{ recipient: 'a@example.mx', subject: 'Aviso', html: '<p>x</p>', text: 'x', kind: 'job_failed' }]);
    expect(await deliverDueEmails(db(), broken, justAfter())).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxRows()).toMatchObject([{ status: 'queued', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:1' }]);
  });
});

describe('secrets in e-mails (issue 17)', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

  it('delivers the link and the code, then keeps neither in the outbox', async () => {
    const smtp = await smtpReceiver();
    try {
      const link = publicLinkEmail({ name: 'María', branchName: 'Sucursal Polanco', purpose: 'upload', url: `https://polizas.test/p/${token}`, expiresOn: '1 de diciembre de 2026' });
      const code = signingCodeEmail({ name: 'María', code: '482913', validMinutes: 10 });
      await queueEmails(db(), [
        { recipient: 'maria@example.mx', ...link, kind: 'link_upload' },
        { recipient: 'maria@example.mx', ...code, kind: 'signing_code' },
      ]);
      expect(await deliverDueEmails(db(), smtp.transport, justAfter())).toEqual({ sent: 2, retrying: 0, failed: 0 });
      const raw = smtp.received.map((message) => message.raw.replace(/=\r?\n/g, '')).join('\n');
      expect(raw).toContain(`/p/${token}`);
      expect(raw).toContain('482913');

      const [linkRow, codeRow] = await outboxRows();
      expect(JSON.stringify(linkRow)).not.toContain(token);
      expect(linkRow!.text).toContain('https://polizas.test/p/[enlace enviado]');
      expect(linkRow!.html).toContain('https://polizas.test/p/[enlace enviado]');
      expect(JSON.stringify(codeRow)).not.toContain('482913');
      expect(codeRow!.subject).toBe('Su código para firmar los contratos');
      expect(codeRow!.text).toContain('Su código es ******.');
      // The layout's colours are not codes.
      expect(codeRow!.html).toContain('#475569');
    } finally {
      await smtp.close();
    }
  });

  it('keeps other e-mails as written, six-digit numbers included', async () => {
    const smtp = await smtpReceiver();
    try {
      await queueEmails(db(), [{ recipient: 'a@example.mx', subject: 'Folio 123456', html: '<p>/p/corto</p>', text: 'Renta 185000', kind: 'job_failed' }]);
      await deliverDueEmails(db(), smtp.transport, justAfter());
      expect(await outboxRows()).toMatchObject([{ status: 'sent', subject: 'Folio 123456', html: '<p>/p/corto</p>', text: 'Renta 185000' }]);
    } finally {
      await smtp.close();
    }
  });

  it('never shows a token or a code on the admin list, even before sending', async () => {
    await queueEmails(db(), [
      { recipient: 'maria@example.mx', subject: `Enlace /p/${token}`, html: '<p>x</p>', text: 'x', kind: 'link_upload' },
      { recipient: 'maria@example.mx', ...signingCodeEmail({ name: 'María', code: '482913', validMinutes: 10 }), kind: 'signing_code' },
    ]);
    const [failed] = await outboxRows();
    await db().update(emailOutbox).set({ status: 'failed', lastError: `550 rechazado: https://polizas.test/p/${token}` }).where(eq(emailOutbox.id, failed!.id));
    const page = await ctx.app.inject({ url: '/api/admin/emails', headers: bearer(admin) });
    expect(page.body).not.toContain(token);
    expect(page.body).not.toContain('482913');
    expect(json<EmailList>(page).items.map((item) => item.subject)).toEqual(['Su código para firmar los contratos', 'Enlace /p/[enlace enviado]']);
  });
});

describe('GET /api/admin/emails and retry', () => {
  async function seedRows() {
    await queueEmails(db(), [
      { recipient: 'uno@example.mx', subject: 'Primero', html: '<p>1</p>', text: '1', kind: 'job_failed' },
      { recipient: 'dos@example.mx', subject: 'Segundo', html: '<p>2</p>', text: '2', kind: 'appointment_reminder', attachments: [{ filename: 'cita.ics', contentType: 'text/calendar', content: ics }] },
      { recipient: 'tres@example.mx', subject: 'Tercero', html: '<p>3</p>', text: '3', kind: 'job_failed' },
    ]);
    const rows = await outboxRows();
    await db().update(emailOutbox).set({ status: 'failed', attempts: 8, lastError: '550 Buzón inexistente' }).where(eq(emailOutbox.id, rows[0]!.id));
    return rows.map((row) => row.id);
  }

  it('lists newest first for admins, pages, filters by status and says SMTP is not configured', async () => {
    const [first, second, third] = await seedRows();
    const page = json<EmailList>(await ctx.app.inject({ url: '/api/admin/emails?limit=2', headers: bearer(admin) }));
    expect(page.smtpConfigured).toBe(false);
    expect(page.items.map((item) => item.id)).toEqual([third, second]);
    expect(page.items[1]).toMatchObject({ recipient: 'dos@example.mx', status: 'queued', attempts: 0, attachmentNames: ['cita.ics'] });
    expect(page.items[1]).not.toHaveProperty('html');
    expect(page.nextBefore).toBe(second);
    const rest = json<EmailList>(await ctx.app.inject({ url: `/api/admin/emails?limit=2&before=${page.nextBefore}`, headers: bearer(admin) }));
    expect(rest.items.map((item) => item.id)).toEqual([first]);
    expect(rest.nextBefore).toBeNull();

    const failed = json<EmailList>(await ctx.app.inject({ url: '/api/admin/emails?status=failed', headers: bearer(admin) }));
    expect(failed.items).toMatchObject([{ id: first, status: 'failed', attempts: 8, lastError: '550 Buzón inexistente' }]);
  });

  it('says SMTP is configured when SMTP_URL is set', async () => {
    const configured = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const token = (await login(configured.app, ADMIN.email, ADMIN.password)).token;
      expect(json<EmailList>(await configured.app.inject({ url: '/api/admin/emails', headers: bearer(token) })).smtpConfigured).toBe(true);
    } finally {
      await configured.close();
    }
  });

  it('puts a failed e-mail back in the queue with fresh attempts; not a queued one (409) nor an unknown one (404)', async () => {
    const [failedId, queuedId] = await seedRows();
    const retried = await ctx.app.inject({ method: 'POST', url: `/api/admin/emails/${failedId}/retry`, headers: bearer(admin) });
    expect(retried.statusCode).toBe(204);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, failedId!));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: '550 Buzón inexistente' });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const notFailed = await ctx.app.inject({ method: 'POST', url: `/api/admin/emails/${queuedId}/retry`, headers: bearer(admin) });
    expect(notFailed.statusCode).toBe(409);
    expect(json(notFailed).message).toBe('Solo se puede reintentar un correo fallido');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/admin/emails/999999/retry', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad filters (400), no token (401) and every other role (403)', async () => {
    const badStatus = await ctx.app.inject({ url: '/api/admin/emails?status=perdido', headers: bearer(admin) });
    expect(badStatus.statusCode).toBe(400);
    expect(json(badStatus).details[0].field).toBe('status');
    expect((await ctx.app.inject({ url: '/api/admin/emails?limit=0', headers: bearer(admin) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/emails/abc/retry', headers: bearer(admin) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/admin/emails' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/emails/1/retry' })).statusCode).toBe(401);
    for (const role of ['manager', 'agent', 'approver'] as const) {
      const { token } = await signInAs(ctx, role);
      expect((await ctx.app.inject({ url: '/api/admin/emails', headers: bearer(token) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/emails/1/retry', headers: bearer(token) })).statusCode).toBe(403);
    }
  });
});

