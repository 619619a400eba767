import crypto from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { businessTimeZone, type Appointment, type Attendee } from '@portal/domain';
import type { Executor } from '../../db/client';
import { appointmentInvitationEmail, queueEmails, replyAddress, type NewEmail } from '../email/index';
import { invitationCalendar } from './ics';
import * as repo from './repository';

/**
 * Where invitations point: the portal's public address (PUBLIC_URL, else the request's origin),
 * and the host in the events' UID (the same for every message about one appointment).
 */
export interface InvitationContext {
  baseUrl: string;
  /** MAIL_FROM: where answers go when the branch has no address of its own that can receive them. */
  mailFrom: string;
  now?: Date;
}

/** What an attendee sees of an appointment: a change to any of these is worth an update. */
function seenByAttendees(appointment: Appointment): string {
  const { title, date, startTime, endTime, location, googleMeetUrl } = appointment;
  return JSON.stringify([title, date, startTime, endTime, location, googleMeetUrl ?? '']);
}

const withAddress = (people: Attendee[]) => people.filter((person) => person.email.trim() !== '');

/**
 * The e-mails an appointment's save sends (issue 20), written to the outbox in the save's
 * transaction, with the new SEQUENCE stored:
 * - created: an invitation (METHOD:REQUEST) to every attendee;
 * - cancelled (status 'cancelled', or deleted: `after` null): a cancellation (METHOD:CANCEL) to
 *   everyone invited, with a higher SEQUENCE;
 * - changed in what attendees see (title, date, times, place, video link): an update to everyone,
 *   with a higher SEQUENCE and fresh links;
 * - otherwise: an invitation to the attendees added (or readdressed), a cancellation to the removed.
 * An edit that changes nothing an attendee sees sends nothing.
 */
export async function sendInvitations(
  tx: Executor,
  before: Appointment | null,
  after: Appointment | null,
  sequence: number,
  context: InvitationContext,
): Promise<void> {
  const appointment = after ?? before;
  if (!appointment) return;
  const wasLive = before !== null && before.status !== 'cancelled';
  const isLive = after !== null && after.status !== 'cancelled';
  const keptIds = new Set((after?.attendees ?? []).map((person) => person.id));
  const stillThere = (person: Attendee) => keptIds.has(person.id) && after!.attendees.some((now) => now.id === person.id && repo.sameAddress(now.email, person.email));
  const invited = (person: Attendee) => person.invitedAt !== null && person.invitedAt !== undefined;

  let nextSequence = sequence;
  const cancellations: Attendee[] = [];
  const requests: { person: Attendee; kind: 'invitation' | 'update' }[] = [];

  if (wasLive && !isLive) {
    cancellations.push(...withAddress(before.attendees).filter(invited));
  } else if (isLive) {
    const removed = wasLive ? withAddress(before.attendees).filter((person) => invited(person) && !stillThere(person)) : [];
    cancellations.push(...removed);
    const changed = before === null || !wasLive || seenByAttendees(before) !== seenByAttendees(after);
    for (const person of withAddress(after.attendees)) {
      if (!invited(person)) requests.push({ person, kind: 'invitation' });
      else if (changed) requests.push({ person, kind: 'update' });
    }
  }
  // A message that changes what an attendee's calendar holds outranks the ones before it.
  const changesCalendars = cancellations.length > 0 || requests.some((request) => request.kind === 'update') || (before !== null && !wasLive && isLive);
  if (changesCalendars) nextSequence = sequence + 1;
  if (cancellations.length === 0 && requests.length === 0) return;

  const branch = await repo.invitationOrganizer(tx, appointment.branchId);
  // Calendar answers (Gmail's and Outlook's Sí/No) are e-mailed to the organiser: a real mailbox or none.
  const organizer = { name: branch.name, email: replyAddress(branch.email, context.mailFrom) };
  const host = new URL(context.baseUrl).hostname;
  const now = context.now ?? new Date();
  const emails: NewEmail[] = [];
  for (const person of cancellations) emails.push(invitationEmail(appointment, person, 'cancellation', null, { host, organizer, sequence: nextSequence }));
  for (const { person, kind } of requests) {
    const token = crypto.randomBytes(32).toString('base64url');
    await repo.saveInvitationToken(tx, person.id, hashInvitationToken(token), answerDeadline(appointment), now);
    const answerUrl = `${context.baseUrl}/cita/${token}`;
    emails.push(invitationEmail(appointment, person, kind, answerUrl, { host, organizer, sequence: nextSequence }));
  }
  await queueEmails(tx, emails);
  if (nextSequence !== sequence && after !== null) await repo.setIcsSequence(tx, appointment.id, nextSequence);
}

export const hashInvitationToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** The links work until a day after the appointment ends (Mexico City wall clock). */
function answerDeadline(appointment: Pick<Appointment, 'date' | 'endTime'>): Date {
  const [year, month, day] = appointment.date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = appointment.endTime.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day + 1, hours, minutes, businessTimeZone).getTime());
}

function invitationEmail(
  appointment: Appointment,
  person: Attendee,
  kind: 'invitation' | 'update' | 'cancellation',
  answerUrl: string | null,
  calendar: { host: string; organizer: { name: string; email: string | null }; sequence: number },
): NewEmail {
  const method = kind === 'cancellation' ? 'CANCEL' : 'REQUEST';
  const ics = invitationCalendar(appointment, {
    method,
    sequence: calendar.sequence,
    host: calendar.host,
    organizer: calendar.organizer,
    attendee: { name: person.name, email: person.email.trim(), response: kind === 'cancellation' ? null : person.response },
  });
  return {
    recipient: person.email.trim(),
    kind: `appointment_${kind}`,
    ...(calendar.organizer.email ? { replyTo: calendar.organizer.email } : {}),
    attachments: [{ filename: 'invitacion.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: Buffer.from(ics).toString('base64') }],
    ...appointmentInvitationEmail({
      kind,
      attendeeName: person.name,
      branchName: calendar.organizer.name,
      title: appointment.title || 'Sin título',
      when: describeWhen(appointment),
      location: appointment.location,
      meetUrl: appointment.googleMeetUrl,
      answerUrl,
      replyTo: calendar.organizer.email,
    }),
  };
}

const dateFormat = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'jueves, 3 de diciembre de 2026, de 10:00 a 11:00 (hora de la Ciudad de México)'. */
function describeWhen(appointment: Pick<Appointment, 'date' | 'startTime' | 'endTime'>): string {
  const day = dateFormat.format(new Date(`${appointment.date}T12:00:00Z`));
  return `${day}, de ${appointment.startTime} a ${appointment.endTime} (hora de la Ciudad de México)`;
}
