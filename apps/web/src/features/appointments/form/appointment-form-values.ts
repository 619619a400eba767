import { generateVideoRoomUrl, type Appointment, type AppointmentFormValues } from '@portal/domain';
import { shortTime } from '../components/appointment-format';

export type AttendeeFormValues = NonNullable<AppointmentFormValues['attendees']>[number];

/** What the dialog opens for: a new appointment (on a day the calendar shows, maybe) or a stored one. */
export type AppointmentFormTarget = { kind: 'create'; date?: string } | { kind: 'edit'; appointment: Appointment };

/** Spec: an attendee starts as a tenant, unconfirmed. */
export function newAttendee(): AttendeeFormValues {
  return { name: '', email: '', role: 'tenant', confirmed: false };
}

/** A new appointment: type signature, pending, and a Jitsi Meet room made now (issue 20: a room that opens). */
export function newAppointmentFormValues(date = ''): AppointmentFormValues {
  return {
    title: '',
    description: '',
    date,
    startTime: '',
    endTime: '',
    location: '',
    type: 'signature',
    status: 'pending',
    attendees: [],
    googleMeetUrl: generateVideoRoomUrl(),
  };
}

/** A stored appointment as the dialog edits it; each attendee keeps its id (and external id). */
export function appointmentToFormValues(appointment: Appointment): AppointmentFormValues {
  return {
    title: appointment.title,
    description: appointment.description,
    date: appointment.date,
    startTime: shortTime(appointment.startTime),
    endTime: shortTime(appointment.endTime),
    location: appointment.location,
    type: appointment.type,
    status: appointment.status,
    // The answer time seen travels back, so an answer that arrives while the dialog is open is kept.
    attendees: appointment.attendees.map(({ id, externalId, name, email, role, confirmed, respondedAt }) => ({
      id,
      externalId,
      name,
      email,
      role,
      confirmed,
      answerSeenAt: respondedAt ?? null,
    })),
    googleMeetUrl: appointment.googleMeetUrl,
    policyId: appointment.policyId ?? null,
  };
}

/** The inputs the dialog shows, by the names the API's 400 `details` use ('attendees.0.email'). */
const appointmentFormFields = ['title', 'description', 'date', 'startTime', 'endTime', 'location', 'type', 'status', 'policyId', 'googleMeetUrl'] as const;

export function formFieldNames(attendeeCount: number): string[] {
  const attendeeFields = Array.from({ length: attendeeCount }, (_, index) => ['name', 'email', 'role'].map((field) => `attendees.${index}.${field}`));
  return [...appointmentFormFields, ...attendeeFields.flat()];
}
