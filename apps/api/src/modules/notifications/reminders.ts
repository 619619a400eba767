import { notificationMessages as messages, type Appointment } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { appointmentsCalendar, claimAppointmentReminders } from '../appointments/index';
import { appointmentReminderEmail, queueEmails } from '../email/index';
import { notify } from './service';

export interface ReminderOptions {
  /** The host in the .ics event ids (the calendar feed uses the request's); default 'portal-de-polizas'. */
  calendarHost?: string;
}

/**
 * The 24-hour appointment reminders (job queue, every few minutes): for each appointment starting
 * within a day of `now`, not cancelled and not reminded yet, a notification to its author and an
 * e-mail with the .ics to every attendee with an address, all in one transaction with the mark
 * that it was reminded (two runs at once never remind twice). Answers how many were reminded.
 */
export async function sendAppointmentReminders(db: Db, now: Date, options: ReminderOptions = {}): Promise<number> {
  const host = options.calendarHost ?? 'portal-de-polizas';
  return db.transaction(async (tx) => {
    const due = await claimAppointmentReminders(tx, now);
    for (const appointment of due) await remind(tx, appointment, host);
    return due.length;
  });
}

async function remind(tx: Executor, appointment: Appointment, host: string): Promise<void> {
  const when = describeWhen(appointment);
  if (appointment.userId !== null) {
    await notify(tx, {
      recipients: [appointment.userId],
      kind: 'appointment_reminder',
      title: messages.appointmentReminderTitle(appointment.title || 'Sin título'),
      body: messages.appointmentReminderBody(when, appointment.location),
      appointmentId: appointment.id,
      policyId: appointment.policyId ?? null,
      // Per start: an appointment moved after its reminder is reminded again for the new time.
      dedupeKey: `appointment_reminder:${appointment.id}:${appointment.date}T${appointment.startTime}`,
    });
  }
  const ics = Buffer.from(appointmentsCalendar([appointment], { name: appointment.title, host })).toString('base64');
  const attendees = appointment.attendees.filter((person) => person.email.trim() !== '');
  await queueEmails(
    tx,
    attendees.map((person) => ({
      recipient: person.email.trim(),
      kind: 'appointment_reminder',
      attachments: [{ filename: 'cita.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
      ...appointmentReminderEmail({
        attendeeName: person.name,
        title: appointment.title || 'Sin título',
        when,
        location: appointment.location,
        meetUrl: appointment.googleMeetUrl,
      }),
    })),
  );
}

const dateFormat = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'jueves, 3 de diciembre de 2026, de 10:00 a 11:00 (hora de la Ciudad de México)'. */
export function describeWhen(appointment: Pick<Appointment, 'date' | 'startTime' | 'endTime'>): string {
  // The date is a calendar day: formatted at UTC noon so no time zone moves it.
  const day = dateFormat.format(new Date(`${appointment.date}T12:00:00Z`));
  return `${day}, de ${appointment.startTime} a ${appointment.endTime} (hora de la Ciudad de México)`;
}
