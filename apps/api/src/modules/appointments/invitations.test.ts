import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Appointment, AppointmentInvitationView } from '@portal/domain';
import { attendees, notifications } from '../../db/schema/index';
import { json } from '../../test/app';
import {
  agent,
  body,
  create,
  ctx,
  db,
  emailsTo,
  formOf,
  invitationOf,
  mexicoCity,
  people,
  request,
  santaFeAgent,
  setUpInvitationTests,
  tokenIn,
  update,
} from './invitations.test-helpers';

setUpInvitationTests();

describe('invitations', () => {
  it('e-mails each attendee, in the save, an invitation with the .ics (REQUEST, UID, SEQUENCE 0) and the two links', async () => {
    const { lucia, roberto } = people();
    const appointment = await create({ attendees: [lucia, roberto] });
    const emails = await emailsTo(lucia.email, roberto.email);
    expect(emails.map((email) => [email.recipient, email.kind, email.subject])).toEqual([
      [lucia.email, 'appointment_invitation', 'Invitación a una cita: Firma de contrato — Durango 214'],
      [roberto.email, 'appointment_invitation', 'Invitación a una cita: Firma de contrato — Durango 214'],
    ]);
    const ics = invitationOf(emails[0]!);
    expect(ics).toMatchObject({
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      method: 'REQUEST',
      uid: `cita-${appointment.id}@polizas.example.mx`,
      sequence: 0,
      attendees: [`mailto:${lucia.email}`],
    });
    // 10:00 to 11:30 on 3 December 2026 in Mexico City, whatever the server's zone.
    expect(mexicoCity.format(ics.start)).toBe('03/12/26, 10:00');
    expect(mexicoCity.format(ics.end)).toBe('03/12/26, 11:30');
    const text = emails[0]!.text;
    expect(text).toContain('Confirmar asistencia: https://polizas.example.mx/cita/');
    expect(text).toContain('No podré asistir: https://polizas.example.mx/cita/');
    expect(text).toContain(appointment.googleMeetUrl!);
    // Each attendee gets their own link; only its SHA-256 is stored.
    const [luciaToken, robertoToken] = [tokenIn(emails[0]!.text), tokenIn(emails[1]!.text)];
    expect(luciaToken).not.toBe(robertoToken);
    const rows = await db().select().from(attendees).where(eq(attendees.appointmentId, appointment.id)).orderBy(attendees.id);
    expect(rows.map((row) => row.rsvpTokenHash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify(rows)).not.toContain(luciaToken);
    // The links work until a day after the appointment ends (11:30 Mexico City = 17:30 UTC).
    expect(rows[0]!.rsvpExpiresAt!.toISOString()).toBe('2026-12-04T17:30:00.000Z');
  });

  it("opens the attendee's page without changing anything; the POST confirms or declines and staff see it", async () => {
    const { lucia, roberto } = people();
    const appointment = await create({ attendees: [lucia, roberto] });
    const [toLucia, toRoberto] = await emailsTo(lucia.email, roberto.email);
    const luciaToken = tokenIn(toLucia!.text);
    const page = await request('GET', `/api/public/citas/${luciaToken}`);
    expect(page.statusCode).toBe(200);
    expect(json<AppointmentInvitationView>(page)).toEqual({
      attendeeName: 'Lucía Hernández',
      title: 'Firma de contrato — Durango 214',
      date: '2026-12-03',
      startTime: '10:00',
      endTime: '11:30',
      location: 'Sucursal Polanco, sala 2',
      googleMeetUrl: appointment.googleMeetUrl,
      branchName: expect.any(String),
      cancelled: false,
      response: null,
    });
    // A GET (a mail scanner's, say) answers nothing.
    await request('GET', `/api/public/citas/${luciaToken}`);
    expect(json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token)).attendees.map((person) => person.confirmed)).toEqual([false, false]);

    const confirm = await request('POST', `/api/public/citas/${luciaToken}`, undefined, { response: 'yes' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(json<AppointmentInvitationView>(confirm).response).toBe('yes');
    const decline = await request('POST', `/api/public/citas/${tokenIn(toRoberto!.text)}`, undefined, { response: 'no' });
    expect(json<AppointmentInvitationView>(decline).response).toBe('no');
    const seen = json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token)).attendees;
    expect(seen.map(({ confirmed, response }) => ({ confirmed, response }))).toEqual([
      { confirmed: true, response: 'yes' },
      { confirmed: false, response: 'no' },
    ]);
    expect(seen[0]!.respondedAt).toEqual(expect.any(String));
    // An answer is not a change: nobody is e-mailed again.
    expect(await emailsTo(lucia.email, roberto.email)).toHaveLength(2);
    // A bad answer is a 400 naming nothing secret.
    expect((await request('POST', `/api/public/citas/${luciaToken}`, undefined, { response: 'quizá' })).statusCode).toBe(400);
  });

  it('an answer that arrives while a dialog is open survives its save; one the editor saw can be changed', async () => {
    const { lucia, roberto } = people();
    const appointment = await create({ attendees: [lucia, roberto] });
    const [toLucia] = await emailsTo(lucia.email);
    // The dialog is opened (nobody has answered), then Lucía confirms by the e-mailed link.
    const stale = formOf(appointment);
    expect((await request('POST', `/api/public/citas/${tokenIn(toLucia!.text)}`, undefined, { response: 'yes' })).statusCode).toBe(200);

    const saved = await update(appointment, { ...stale, location: 'Sucursal Polanco, sala 3' });
    expect(saved.attendees.map(({ confirmed, response }) => ({ confirmed, response }))).toEqual([
      { confirmed: true, response: 'yes' },
      { confirmed: false, response: null },
    ]);
    // Opened again, the answer is seen; unticking 'Confirmado' then sticks.
    const seen = formOf(saved);
    const unticked = await update(saved, { attendees: seen.attendees!.map((person, index) => (index === 0 ? { ...person, confirmed: false } : person)) });
    expect(unticked.attendees[0]).toMatchObject({ confirmed: false, response: 'yes' });
    // A client that sends no answer time (the spec's) is taken at its word.
    const specClient = await update(unticked, { attendees: seen.attendees!.map(({ answerSeenAt: _seen, ...person }) => ({ ...person, confirmed: true })) });
    expect(specClient.attendees.map((person) => person.confirmed)).toEqual([true, true]);
    const invalid = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ ...formOf(specClient), attendees: [{ ...seen.attendees![0]!, answerSeenAt: 'ayer' }] }));
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).details).toEqual([expect.objectContaining({ field: 'attendees.0.answerSeenAt', message: 'Fecha de respuesta inválida' })]);
  });

  it('keeps the same answer once, and says when a second one changes the first, telling the organiser once (issue 28)', async () => {
    const { lucia } = people();
    const appointment = await create({ attendees: [lucia] });
    const token = tokenIn((await emailsTo(lucia.email))[0]!.text);
    const answer = async (response: 'yes' | 'no') => {
      const answered = await request('POST', `/api/public/citas/${token}`, undefined, { response });
      expect(answered.statusCode, answered.body).toBe(200);
      return json<AppointmentInvitationView>(answered);
    };
    const notices = () => db().select().from(notifications).where(eq(notifications.appointmentId, appointment.id)).orderBy(notifications.id);
    const answeredAt = async () => (await db().select().from(attendees).where(eq(attendees.appointmentId, appointment.id)))[0]!.respondedAt;

    expect(await answer('yes')).toMatchObject({ response: 'yes' });
    const firstAt = await answeredAt();
    const again = await answer('yes');
    expect(again.response).toBe('yes');
    expect(again).not.toHaveProperty('changedFrom');
    expect(await answeredAt()).toEqual(firstAt);
    expect(await notices()).toEqual([]);

    expect(await answer('no')).toMatchObject({ response: 'no', changedFrom: 'yes' });
    expect(await answer('no')).not.toHaveProperty('changedFrom');
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      userId: agent.id,
      kind: 'appointment_answer_changed',
      title: 'Lucía Hernández cambió su respuesta a una cita',
      body: 'Ya no podrá asistir a «Firma de contrato — Durango 214», jueves, 3 de diciembre de 2026, de 10:00 a 11:30 (hora de la Ciudad de México); antes había confirmado.',
    });
    const seen = json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token)).attendees[0]!;
    expect(seen).toMatchObject({ confirmed: false, response: 'no' });

    // Two presses at the same moment are one change: one says so, the other finds it done.
    const both = await Promise.all([answer('yes'), answer('yes')]);
    expect(both.map((view) => view.changedFrom ?? null)).toEqual(expect.arrayContaining(['no', null]));
    expect(await notices()).toHaveLength(2);
    // Nobody outside is e-mailed for an answer, changed or not.
    expect(await emailsTo(lucia.email)).toHaveLength(1);
  });

  it("sends no referrer and keeps nothing in caches, for the invitation's page and its calls (issue 28)", async () => {
    const { lucia } = people();
    await create({ attendees: [lucia] });
    const token = tokenIn((await emailsTo(lucia.email))[0]!.text);
    for (const [method, url] of [['GET', `/cita/${token}?respuesta=si`], ['GET', `/api/public/citas/${token}`], ['POST', `/api/public/citas/${token}`]] as const) {
      const response = await request(method, url, undefined, method === 'POST' ? { response: 'yes' } : undefined);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('answers the same 404 to a wrong, malformed or expired token, and masks the token in the logs', async () => {
    const { lucia } = people();
    const appointment = await create({ attendees: [lucia] });
    const token = tokenIn((await emailsTo(lucia.email))[0]!.text);
    const wrong = await request('GET', `/api/public/citas/${'A'.repeat(43)}`);
    const malformed = await request('POST', '/api/public/citas/abc', undefined, { response: 'yes' });
    await db().update(attendees).set({ rsvpExpiresAt: new Date(Date.now() - 1000) }).where(eq(attendees.appointmentId, appointment.id));
    const expired = await request('POST', `/api/public/citas/${token}`, undefined, { response: 'yes' });
    for (const response of [wrong, malformed, expired]) {
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe('La invitación no existe o ya venció');
    }
    const [row] = await db().select().from(attendees).where(eq(attendees.appointmentId, appointment.id));
    expect(row!.confirmed).toBe(false);
    expect(ctx.logs.join('\n')).not.toContain(token);
    expect(ctx.logs.join('\n')).toContain('/api/public/citas/[oculto]');
  });

  it('sends an update (same UID, higher SEQUENCE, fresh links) when what attendees see changes, and nothing when it does not', async () => {
    const { lucia, roberto } = people();
    const appointment = await create({ attendees: [lucia, roberto] });
    const firstToken = tokenIn((await emailsTo(lucia.email))[0]!.text);
    // The status and the description are not what the invitation shows: nothing is sent.
    const same = await update(appointment, { status: 'confirmed', description: 'Otra nota interna' });
    expect(await emailsTo(lucia.email, roberto.email)).toHaveLength(2);

    await update(same, { startTime: '12:00', endTime: '13:00', location: 'Sucursal Polanco, sala 3' });
    const emails = await emailsTo(lucia.email, roberto.email);
    expect(emails).toHaveLength(4);
    const [toLucia, toRoberto] = emails.slice(2);
    expect(toLucia!.subject).toBe('La cita cambió: Firma de contrato — Durango 214');
    const ics = invitationOf(toLucia!);
    expect(ics).toMatchObject({ method: 'REQUEST', uid: `cita-${appointment.id}@polizas.example.mx`, sequence: 1 });
    expect(mexicoCity.format(ics.start)).toBe('03/12/26, 12:00');
    expect(invitationOf(toRoberto!).sequence).toBe(1);
    // The old link is replaced by the new one.
    expect((await request('GET', `/api/public/citas/${firstToken}`)).statusCode).toBe(404);
    expect((await request('GET', `/api/public/citas/${tokenIn(toLucia!.text)}`)).statusCode).toBe(200);

    // A new video link is a change too.
    await update(json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token)), { googleMeetUrl: 'https://us02web.zoom.us/j/123456789' });
    const third = (await emailsTo(lucia.email)).at(-1)!;
    expect(invitationOf(third).sequence).toBe(2);
    expect(third.text).toContain('https://us02web.zoom.us/j/123456789');
  });

  it('invites an attendee added later, and sends a removed one a cancellation', async () => {
    const { lucia, roberto } = people();
    const appointment = await create({ attendees: [lucia] });
    await update(appointment, { attendees: [{ ...roberto }] });
    const [invitationToLucia, cancellationToLucia] = await emailsTo(lucia.email);
    expect(invitationOf(invitationToLucia!)).toMatchObject({ method: 'REQUEST', sequence: 0 });
    expect(cancellationToLucia!.subject).toBe('Cita cancelada: Firma de contrato — Durango 214');
    expect(invitationOf(cancellationToLucia!)).toMatchObject({ method: 'CANCEL', sequence: 1, uid: `cita-${appointment.id}@polizas.example.mx`, status: 'CANCELLED' });
    const [toRoberto] = await emailsTo(roberto.email);
    expect(toRoberto!.subject).toBe('Invitación a una cita: Firma de contrato — Durango 214');
    expect(invitationOf(toRoberto!)).toMatchObject({ method: 'REQUEST', sequence: 1, attendees: [`mailto:${roberto.email}`] });
  });

  it('sends METHOD:CANCEL when the appointment is cancelled or deleted, and the page then takes no answer', async () => {
    const { lucia, roberto } = people();
    const cancelled = await create({ attendees: [lucia] });
    const token = tokenIn((await emailsTo(lucia.email))[0]!.text);
    await update(cancelled, { status: 'cancelled' });
    const [, cancellation] = await emailsTo(lucia.email);
    expect(invitationOf(cancellation!)).toMatchObject({ method: 'CANCEL', sequence: 1, contentType: 'text/calendar; charset=utf-8; method=CANCEL' });
    expect(json<AppointmentInvitationView>(await request('GET', `/api/public/citas/${token}`)).cancelled).toBe(true);
    expect((await request('POST', `/api/public/citas/${token}`, undefined, { response: 'yes' })).statusCode).toBe(409);

    const deleted = await create({ attendees: [roberto] });
    expect((await request('DELETE', `/api/appo/${deleted.id}`, agent.token)).statusCode).toBe(200);
    const [, gone] = await emailsTo(roberto.email);
    expect(invitationOf(gone!)).toMatchObject({ method: 'CANCEL', sequence: 1, uid: `cita-${deleted.id}@polizas.example.mx` });
  });

  it('keeps invitations inside the rules: 401 without a token, another branch 404, and a failed save sends nothing', async () => {
    const { lucia } = people();
    expect((await request('POST', '/api/appo', undefined, body({ attendees: [lucia] }))).statusCode).toBe(401);
    const appointment = await create({ attendees: [lucia] });
    expect((await request('POST', `/api/appo/update/${appointment.id}`, santaFeAgent.token, body({ startTime: '15:00', endTime: '16:00' }))).statusCode).toBe(404);
    const invalid = await request('POST', '/api/appo', agent.token, body({ attendees: [people().roberto], googleMeetUrl: 'http://meet.jit.si/sala' }));
    expect(json(invalid)).toMatchObject({ statusCode: 400, details: [{ field: 'googleMeetUrl' }] });
    expect(await emailsTo(lucia.email)).toHaveLength(1);
  });
});
