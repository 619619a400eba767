import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { branches, emailOutbox } from '../../db/schema/index';
import { smtpReceiver } from '../../test/smtp';
import { deliverDueEmails } from '../email/index';
import { create, ctx, db, emailsTo, invitationOf, people, setUpInvitationTests, tokenIn } from './invitations.test-helpers';

setUpInvitationTests();

describe('where answers go (issue 29)', () => {
  const setBranchEmail = (email: string) => db().update(branches).set({ email }).where(eq(branches.id, 1));

  it("names the branch's real address as organiser and Reply-To, and asks for an RSVP", async () => {
    await setBranchEmail('polanco@inmobiliaria.mx');
    try {
      const { lucia } = people();
      await create({ attendees: [lucia] });
      const [email] = await emailsTo(lucia.email);
      expect(email!.replyTo).toBe('polanco@inmobiliaria.mx');
      expect(email!.text).toContain('si responde, su mensaje llega a polanco@inmobiliaria.mx.');
      expect(invitationOf(email!)).toMatchObject({ organizer: 'mailto:polanco@inmobiliaria.mx', rsvp: ['TRUE'] });
    } finally {
      await setBranchEmail('polanco@portal.local');
    }
  });

  it('asks for no RSVP and names no organiser when neither the branch nor MAIL_FROM can receive an answer', async () => {
    // The seeded branch is polanco@portal.local and the default MAIL_FROM no-responder@localhost.
    const { lucia } = people();
    await create({ attendees: [lucia] });
    const [email] = await emailsTo(lucia.email);
    expect(email!.replyTo).toBe('');
    expect(email!.text).toContain('no responda a esta dirección');
    const ics = invitationOf(email!);
    expect(ics).toMatchObject({ organizer: 'null', rsvp: ['FALSE'] });
    expect(Buffer.from(email!.attachments[0]!.content, 'base64').toString('utf8')).not.toContain('portal.local');
  });
});

describe('delivery', () => {
  it('goes out through a real SMTP server with the .ics attached, and the outbox then keeps no working link', async () => {
    const smtp = await smtpReceiver();
    try {
      // The earlier tests' e-mails are not this test's subject: sent to the receiver, they cost
      // a session each (smtp-server greets after 100 ms), ≈ 3 s of the file.
      await db().update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.status, 'queued'));
      const { lucia } = people();
      await create({ attendees: [lucia] });
      const [queued] = await emailsTo(lucia.email);
      const token = tokenIn(queued!.text);
      await deliverDueEmails(db(), smtp.transport, new Date(Date.now() + 1000));
      const message = smtp.received.find((mail) => mail.to.includes(lucia.email))!;
      expect(message.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(message.raw).toContain('filename=invitacion.ics');
      expect(message.raw.replace(/=\r?\n/g, '')).toContain(`/cita/${token}`);
      const [sent] = await emailsTo(lucia.email);
      expect(sent!.status).toBe('sent');
      expect(JSON.stringify(sent)).not.toContain(token);
      expect(sent!.text).toContain('/cita/[enlace enviado]?respuesta=si');
    } finally {
      await smtp.close();
    }
  });
});

describe('the rate limit', () => {
  it('answers 429 past 60 calls a minute from one address, with the token masked in the logs', async () => {
    const token = 'C'.repeat(43);
    const statuses: number[] = [];
    for (let call = 0; call < 61; call++) {
      statuses.push((await ctx.app.inject({ url: `/api/public/citas/${token}`, remoteAddress: '10.20.30.40' })).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(ctx.logs.join('\n')).not.toContain(token);
  });
});
