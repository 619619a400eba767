import {
  appointmentMessages,
  appointmentStatusLabels,
  appointmentTypeLabels,
  attendeeRoleLabels,
  type Appointment,
} from '@portal/domain';

/** The title, or the spec's 'Sin título' for one saved without it. */
export function displayTitle(appointment: Pick<Appointment, 'title'>): string {
  return appointment.title.trim() || appointmentMessages.untitled;
}

/** 'HH:mm' (the API may add seconds). */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/** '10:00 – 11:30' */
export function formatSchedule(appointment: Pick<Appointment, 'startTime' | 'endTime'>): string {
  return `${shortTime(appointment.startTime)} – ${shortTime(appointment.endTime)}`;
}

/** The accessible name of an appointment in the calendar: '{title}, {HH:mm}'. */
export function appointmentButtonName(appointment: Pick<Appointment, 'title' | 'startTime'>): string {
  return `${displayTitle(appointment)}, ${shortTime(appointment.startTime)}`;
}

/** The spec's labels; a value the web does not know yet is shown as it comes. */
export function statusLabel(status: string): string {
  return appointmentStatusLabels[status as keyof typeof appointmentStatusLabels] ?? status;
}

export function typeLabel(type: string): string {
  return appointmentTypeLabels[type as keyof typeof appointmentTypeLabels] ?? type;
}

export function roleLabel(role: string): string {
  return attendeeRoleLabels[role as keyof typeof attendeeRoleLabels] ?? role;
}

/** The downloaded file's name, as the server's Content-Disposition gives it. */
export function icsFileName(id: number): string {
  return `cita-${id}.ics`;
}

/** Calendar order: by day, then start time. */
export function byStart(a: Appointment, b: Appointment): number {
  return a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.id - b.id;
}
