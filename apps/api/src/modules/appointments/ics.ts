import { TZDate } from '@date-fns/tz';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { appointmentStatusLabels, appointmentTypeLabels, businessTimeZone, type Appointment, type AppointmentStatus } from '@portal/domain';

/** The instant of a Mexico City wall-clock date and time ('2026-12-03', '10:00'). */
function businessInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, businessTimeZone).getTime());
}

const eventStatus: Record<AppointmentStatus, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * An iCalendar (RFC 5545) document of appointments, for a subscribed feed or one download.
 * Times are written as UTC instants, so every calendar app shows them at the right local hour.
 */
export function appointmentsCalendar(items: Appointment[], options: { name: string; host: string }): string {
  const calendar = ical({ name: options.name, prodId: { company: 'Portal de Pólizas', product: 'Citas', language: 'ES' } });
  for (const appointment of items) {
    const details = [
      `${appointmentTypeLabels[appointment.type]} · ${appointmentStatusLabels[appointment.status]}`,
      appointment.description,
      appointment.googleMeetUrl ? `Videollamada: ${appointment.googleMeetUrl}` : '',
    ].filter(Boolean);
    calendar.createEvent({
      id: `cita-${appointment.id}@${options.host}`,
      start: businessInstant(appointment.date, appointment.startTime),
      end: businessInstant(appointment.date, appointment.endTime),
      stamp: new Date(appointment.updatedAt),
      summary: appointment.title || 'Sin título',
      description: details.join('\n\n'),
      location: appointment.location,
      url: appointment.googleMeetUrl,
      status: eventStatus[appointment.status],
      attendees: appointment.attendees.map((person) => ({
        name: person.name,
        email: person.email,
        role: ICalAttendeeRole.REQ,
        status: person.confirmed ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.NEEDSACTION,
      })),
    });
  }
  return calendar.toString();
}

/** What one invitation e-mail's .ics says: a request (new or changed) or a cancellation. */
export interface InvitationCalendar {
  method: 'REQUEST' | 'CANCEL';
  /** appointments.ics_sequence: calendars replace an event only by a higher one. */
  sequence: number;
  /** The UID's domain: the same for every message about one appointment. */
  host: string;
  /** The branch, with the address answers go to; null when none can receive them: then no RSVP is asked. */
  organizer: { name: string; email: string | null };
  attendee: { name: string; email: string; response?: 'yes' | 'no' | null | undefined };
}

const attendeeStatus = { yes: ICalAttendeeStatus.ACCEPTED, no: ICalAttendeeStatus.DECLINED } as const;

/**
 * An iTIP (RFC 5546) message about one appointment for one attendee: METHOD:REQUEST invites or
 * updates, METHOD:CANCEL takes it off the attendee's calendar. The UID is the appointment's (the
 * feed's too), so a calendar app matches every message to the event it already has.
 */
export function invitationCalendar(appointment: Appointment, options: InvitationCalendar): string {
  const calendar = ical({
    method: options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    prodId: { company: 'Portal de Pólizas', product: 'Citas', language: 'ES' },
  });
  const response = options.attendee.response;
  const answerTo = options.organizer.email;
  calendar.createEvent({
    id: `cita-${appointment.id}@${options.host}`,
    sequence: options.sequence,
    start: businessInstant(appointment.date, appointment.startTime),
    end: businessInstant(appointment.date, appointment.endTime),
    stamp: new Date(),
    summary: appointment.title || 'Sin título',
    description: [appointment.description, appointment.googleMeetUrl ? `Videollamada: ${appointment.googleMeetUrl}` : ''].filter(Boolean).join('\n\n'),
    location: appointment.location,
    url: appointment.googleMeetUrl,
    status: options.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // No ORGANIZER that bounces: a calendar sends the attendee's answer there.
    ...(answerTo ? { organizer: { name: options.organizer.name, email: answerTo } } : {}),
    attendees: [
      {
        name: options.attendee.name,
        email: options.attendee.email,
        role: ICalAttendeeRole.REQ,
        rsvp: options.method === 'REQUEST' && answerTo !== null,
        status: response ? attendeeStatus[response] : ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  return calendar.toString();
}
