import type { Appointment, AppointmentPage, Attendee } from '@portal/domain';

let nextAttendeeId = 100;

function makeAttendee(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: overrides.id ?? nextAttendeeId++,
    externalId: '',
    name: 'Lucía Hernández',
    email: 'lucia@example.mx',
    role: 'tenant',
    confirmed: false,
    ...overrides,
  };
}

/** A stored appointment of branch 1 scheduled by the agent of the fixtures (user 7). */
export function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
  const id = overrides.id ?? 1;
  return {
    id,
    title: 'Firma de contrato — Durango 214',
    version: 1,
    description: 'Traer identificación oficial',
    date: '2026-11-24',
    startTime: '10:00',
    endTime: '11:30',
    location: 'Sucursal Polanco, sala 2',
    type: 'signature',
    attendees: [makeAttendee({ id: 11 }), makeAttendee({ id: 12, name: 'Roberto Sánchez', email: 'roberto@example.mx', role: 'owner', confirmed: true })],
    status: 'pending',
    branchId: 1,
    userId: 7,
    googleMeetUrl: 'https://meet.google.com/abc-defg-hij',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function page(items: Appointment[], { total = items.length, page: number = 1 } = {}): AppointmentPage {
  return { items, total, totalIsCapped: false, page: number, pageSize: 5 };
}

/** The list's URL: the query string in the order the api client writes it. */
export function searchUrl({ q, when = 'upcoming', page: number = 1 }: { q?: string; when?: 'upcoming' | 'past' | 'all'; page?: number } = {}) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('when', when);
  params.set('page', String(number));
  params.set('pageSize', '5');
  return `GET /api/appo/search?${params.toString()}`;
}

/** The calendar's URL for the days it shows. */
export function rangeUrl(from: string, to: string) {
  return `GET /api/appo?from=${from}&to=${to}`;
}

/** November 2026 as the month grid shows it: Monday 26 October to Sunday 6 December. */
export const novemberRange = rangeUrl('2026-10-26', '2026-12-06');
