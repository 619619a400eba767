import ICAL from 'ical.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Appointment, AppointmentFormValues } from '@portal/domain';
import { emailOutbox } from '../../db/schema/index';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';

/**
 * What the appointment invitation tests share (invitations, invitation-delivery,
 * video-links-and-tabs): the test app and its agents, set by setUpInvitationTests() in each file
 * (ES module live bindings), and helpers for appointments, their e-mails and their invitations.
 */

export let ctx: TestContext;
export let agent: { id: number; token: string };
export let santaFeAgent: { id: number; token: string };
export const db = () => ctx.testDb.database.db;

/** Opens the test app and signs in an agent of each of two branches before the file's tests; closes it after. */
export function setUpInvitationTests(): void {
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://polizas.example.mx' });
    [agent, santaFeAgent] = await Promise.all([signInAs(ctx, 'agent', 1), signInAs(ctx, 'agent', 2)]);
  });
  afterAll(() => ctx.close());
}

let unique = 0;
/** Addresses no other test uses, so each test reads only its own e-mails. */
export function people() {
  unique += 1;
  return {
    lucia: { name: 'Lucía Hernández', email: `lucia.${unique}@example.mx`, role: 'tenant' as const },
    roberto: { name: 'Roberto Sánchez', email: `roberto.${unique}@example.mx`, role: 'owner' as const },
  };
}

export const body = (overrides: Partial<AppointmentFormValues> = {}): AppointmentFormValues => ({
  title: 'Firma de contrato — Durango 214',
  description: 'Traer identificación oficial',
  date: '2026-12-03',
  startTime: '10:00',
  endTime: '11:30',
  location: 'Sucursal Polanco, sala 2',
  type: 'signature',
  attendees: [],
  ...overrides,
});

export const request = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

export async function create(overrides: Partial<AppointmentFormValues>, token = agent.token): Promise<Appointment> {
  const response = await request('POST', '/api/appo', token, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return json<Appointment>(response);
}

export async function update(appointment: Appointment, overrides: Partial<AppointmentFormValues>): Promise<Appointment> {
  const response = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ ...formOf(appointment), ...overrides }));
  expect(response.statusCode, response.body).toBe(200);
  return json<Appointment>(response);
}

export function formOf(appointment: Appointment): Partial<AppointmentFormValues> {
  const { title, description, date, startTime, endTime, location, type, status, googleMeetUrl } = appointment;
  return {
    title,
    description,
    date,
    startTime,
    endTime,
    location,
    type,
    status,
    googleMeetUrl,
    attendees: appointment.attendees.map(({ id, name, email, role, confirmed, respondedAt }) => ({ id, name, email, role, confirmed, answerSeenAt: respondedAt ?? null })),
  };
}

export const emailsTo = (...recipients: string[]) => db().select().from(emailOutbox).where(inArray(emailOutbox.recipient, recipients)).orderBy(emailOutbox.id);

/** The .ics attached to an e-mail, read back by a real parser (ical.js). */
export function invitationOf(email: { attachments: { filename: string; contentType: string; content: string }[] }) {
  expect(email.attachments).toHaveLength(1);
  const [file] = email.attachments;
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(file!.content, 'base64').toString('utf8')));
  const [vevent] = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(vevent);
  return {
    contentType: file!.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent!.getFirstPropertyValue('status'),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    rsvp: event.attendees.map((attendee) => String(attendee.getParameter('rsvp'))),
    organizer: String(vevent!.getFirstPropertyValue('organizer')).toLowerCase(),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
  };
}

export const tokenIn = (text: string) => /\/cita\/([A-Za-z0-9_-]{43})\?respuesta=si/.exec(text)?.[1] ?? '';
export const mexicoCity = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
