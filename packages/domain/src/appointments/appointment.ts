import { z } from 'zod';
import { exportFormatSchema } from '../common/export';
import { messages } from '../common/messages';
import { cappedTotalFields } from '../common/search';
import { emailField, maxId, optionalText, requiredText } from '../common/fields';
import { optionalDate } from '../policies/policy-fields';

/** Appointment statuses (spec section 4); every appointment starts pending. */
export const appointmentStatuses = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  pending: 'Pendiente',
  confirmed: 'Confirmada',
  cancelled: 'Cancelada',
  completed: 'Completada',
};
export const appointmentStatusSchema = z.enum(appointmentStatuses, { error: 'El estatus de la cita no es válido' });

export const appointmentTypes = ['signature', 'inspection', 'document_review', 'other'] as const;
export type AppointmentType = (typeof appointmentTypes)[number];
export const appointmentTypeLabels: Record<AppointmentType, string> = {
  signature: 'Firma de contrato',
  inspection: 'Inspección del inmueble',
  document_review: 'Revisión de documentos',
  other: 'Otro',
};
export const appointmentTypeSchema = z.enum(appointmentTypes, { error: messages.required('Tipo') });

export const attendeeRoles = ['tenant', 'owner', 'guarantor', 'agent', 'other'] as const;
export type AttendeeRole = (typeof attendeeRoles)[number];
export const attendeeRoleLabels: Record<AttendeeRole, string> = {
  tenant: 'Inquilino',
  owner: 'Propietario',
  guarantor: 'Aval',
  agent: 'Agente',
  other: 'Otro',
};
export const attendeeRoleSchema = z.enum(attendeeRoles, { error: messages.required('Rol') });

/** Texts of the appointment screens; the spec's words where it has them (sections 5 and 8). */
export const appointmentMessages = {
  title: 'Control de Citas',
  calendarTitle: 'Calendario de Citas',
  search: 'Buscar citas...',
  listView: 'Ver Lista',
  calendarView: 'Ver Calendario',
  newButton: 'Nueva Cita',
  createTitle: 'Nueva Cita',
  editTitle: 'Editar Cita',
  empty: 'No hay citas disponibles',
  emptySearch: 'Ninguna cita coincide con la búsqueda',
  emptyDay: 'No hay citas para este día.',
  untitled: 'Sin título',
  previous: 'Anterior',
  next: 'Siguiente',
  today: 'Hoy',
  deleteTitle: '¿Estás seguro?',
  deleteDescription: 'Esta acción eliminará permanentemente la cita y no se puede deshacer.',
  endBeforeStart: 'La hora de fin debe ser posterior a la hora de inicio',
  invalidTime: (field: string) => `El campo ${field} debe ser una hora válida (HH:mm)`,
  notFound: 'No se encontró la cita',
  otherBranchList: 'No tiene acceso a las citas de otra sucursal',
  notYours: 'Solo quien agendó la cita, un gerente o un administrador puede modificarla o eliminarla',
  feedNotFound: 'El calendario no existe o fue revocado',
  invalidMeetUrl: 'El campo Videollamada debe ser un enlace https:// (Jitsi, Meet, Zoom, Teams…)',
  // The policy an appointment is about (issue 14): one of the appointment's own branch.
  policyNotInBranch: 'El campo Póliza debe ser una póliza de la sucursal de la cita',
} as const;

/** The form's labels, which the messages name. */
export const appointmentFieldLabels = {
  title: 'Título',
  description: 'Descripción',
  date: 'Fecha',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  location: 'Ubicación',
  type: 'Tipo',
  status: 'Estatus',
  attendeeName: 'Nombre',
  attendeeEmail: 'Correo electrónico',
  attendeeRole: 'Rol',
  policy: 'Póliza',
  videoUrl: 'Videollamada',
} as const;

const label = appointmentFieldLabels;

/** 'HH:mm', 00:00 to 23:59 (what a time input gives); seconds, if sent, are dropped. */
function requiredTime(name: string) {
  return z
    .string({ error: messages.required(name) })
    .trim()
    .min(1, messages.required(name))
    .transform((value) => value.slice(0, 5))
    .refine(isTime, appointmentMessages.invalidTime(name));
}

function isTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

export const attendeeInputSchema = z.object({
  id: z.number().int().positive().max(maxId).optional(),
  externalId: optionalText('Identificador externo', 200),
  name: requiredText(label.attendeeName, 200),
  email: emailField(label.attendeeEmail),
  role: attendeeRoleSchema.default('tenant'),
  confirmed: z.boolean().default(false),
  /**
   * Beyond the spec (issue 20): the attendee's answer time as the form last saw it (`respondedAt`,
   * null when none). When the attendee answered since, their answer keeps `confirmed`: a dialog
   * left open does not overwrite it. Left out (a spec client), the form's `confirmed` is taken.
   */
  answerSeenAt: z.iso.datetime({ offset: true, error: 'Fecha de respuesta inválida' }).nullable().optional(),
});
export type AttendeeInput = z.output<typeof attendeeInputSchema>;

/**
 * The portal's own video room (issue 20): a Jitsi Meet room, which exists as soon as someone opens
 * it. The name carries 80 random bits (base32 of 10 bytes), so nobody finds it by guessing.
 */
export const jitsiRoomPattern = /^https:\/\/meet\.jit\.si\/PortalPolizas-[A-Z2-7]{16}$/;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Web Crypto's random bytes (global in browsers and in Node 20+; the domain package has no DOM or Node types). */
function secureRandomBytes(count: number): Uint8Array {
  const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;
  return webCrypto.getRandomValues(new Uint8Array(count));
}

/** RFC 4648 base32 without padding (10 bytes make 16 characters). */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A new Jitsi Meet room; `randomBytes` is injectable for tests (Web Crypto in the browser and in Node). */
export function generateVideoRoomUrl(randomBytes: (count: number) => Uint8Array = secureRandomBytes): string {
  return `https://meet.jit.si/PortalPolizas-${base32(randomBytes(10))}`;
}

/** A pasted video link (Meet, Zoom, Teams…): an https:// address with a host; http:, javascript: and the like are refused. */
export function isHttpsUrl(value: string): boolean {
  // https://, a host with a dot (letters, digits, dots, hyphens, an optional port), then a path, query or nothing; no spaces.
  return /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

/**
 * What the dialog sends and the server accepts (POST /api/appo and /api/appo/update/{id}).
 * branchId, userId and (on create) status from the client are the server's to set.
 */
export const appointmentInputSchema = z
  .object({
    title: requiredText(label.title, 200),
    description: optionalText(label.description, 2000),
    date: optionalDate(label.date).refine((value) => value !== null, messages.required(label.date)),
    startTime: requiredTime(label.startTime),
    endTime: requiredTime(label.endTime),
    location: requiredText(label.location, 300),
    type: appointmentTypeSchema.default('signature'),
    /** Set by the server on create (pending); on update, a missing status keeps the stored one. */
    status: appointmentStatusSchema.optional(),
    attendees: z.array(attendeeInputSchema).max(50, 'Una cita admite como máximo 50 asistentes').default([]),
    googleMeetUrl: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || value.length <= 1000, messages.tooLong(label.videoUrl, 1000))
      .refine((value) => value === null || isHttpsUrl(value), appointmentMessages.invalidMeetUrl),
    /** Admins may schedule for another branch; everyone else schedules for their own. */
    branchId: z.coerce.number().int().positive().max(maxId).nullish(),
    /**
     * The policy the appointment is about (not in the spec): one of the appointment's branch, null
     * for none. On update, leaving it out keeps the stored one, so a client that knows nothing of it
     * does not unlink it.
     */
    policyId: z.coerce
      .number({ error: messages.invalidOption(label.policy) })
      .int(messages.invalidOption(label.policy))
      .positive(messages.invalidOption(label.policy))
      .max(maxId, messages.invalidOption(label.policy))
      .nullish(),
  })
  .refine((input) => !isTime(input.startTime) || !isTime(input.endTime) || input.endTime > input.startTime, {
    message: appointmentMessages.endBeforeStart,
    path: ['endTime'],
  });
export type AppointmentInput = z.output<typeof appointmentInputSchema>;
export type AppointmentFormValues = z.input<typeof appointmentInputSchema>;

/** An attendee's answer to the invitation, from its e-mailed links. */
export const attendeeResponses = ['yes', 'no'] as const;
export type AttendeeResponse = (typeof attendeeResponses)[number];
export const attendeeResponseSchema = z.enum(attendeeResponses, { error: 'La respuesta no es válida' });

/** What staff read of an attendee's answer: 'Confirmó' / 'No asistirá' / 'Sin respuesta'. */
export function attendeeAnswerLabel(attendee: { confirmed: boolean; response?: AttendeeResponse | null | undefined }): string {
  if (attendee.response === 'no') return 'No asistirá';
  if (attendee.response === 'yes' || attendee.confirmed) return 'Confirmó';
  return 'Sin respuesta';
}

export const attendeeSchema = z.object({
  id: z.number(),
  externalId: z.string(),
  email: z.string(),
  name: z.string(),
  role: attendeeRoleSchema,
  confirmed: z.boolean(),
  /** Beyond the spec (issue 20): the invitation's answer ('yes' | 'no', null until answered), when it came, when it was sent. */
  response: attendeeResponseSchema.nullable().optional(),
  respondedAt: z.string().nullable().optional(),
  invitedAt: z.string().nullable().optional(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const appointmentSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** Calendar date in Mexico City, yyyy-MM-dd. */
  date: z.string(),
  /** Local times in Mexico City, HH:mm. */
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  type: appointmentTypeSchema,
  attendees: z.array(attendeeSchema),
  status: appointmentStatusSchema,
  branchId: z.number(),
  userId: z.number().nullable(),
  googleMeetUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised on every write; sent back in If-Match by the form's save (decision 023). */
  version: z.number().int(),
  /** Beyond the spec's shape: the policy the appointment is about (always sent, null when none). */
  policyId: z.number().nullable().optional(),
  /** That policy's folio (its policy number once it has one, else the investigation's), for the card's link. */
  policyFolio: z.string().nullable().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);

/** GET /api/appo[/branch/{id}]?from=&to=: the calendar asks only for the days it shows. */
export const appointmentRangeQuerySchema = z
  .object({
    from: optionalDate('Desde'),
    to: optionalDate('Hasta'),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'El rango de fechas no es válido', path: ['from'] });

/**
 * Which appointments the list shows (issue 20): 'upcoming' from today on, soonest first (the
 * screen's default); 'past' before today, newest first; 'all' newest first (the spec's list, and
 * the API's default so clients written to the spec see what they did).
 */
export const appointmentWhens = ['upcoming', 'past', 'all'] as const;
export type AppointmentWhen = (typeof appointmentWhens)[number];
export const appointmentWhenLabels: Record<AppointmentWhen, string> = { upcoming: 'Próximas', past: 'Pasadas', all: 'Todas' };
const appointmentWhenSchema = z.enum(appointmentWhens, { error: messages.invalidOption('Cuándo') }).default('all');

/** The list: text search (title, description, location, attendees' names and e-mails), 5 per page. */
export const appointmentSearchQuerySchema = z.object({
  q: optionalText('Búsqueda', 100),
  when: appointmentWhenSchema,
  page: z.coerce.number().int().min(1, 'La página no es válida').max(100_000, 'La página no es válida').default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(5),
  branchId: z.coerce.number().int().positive().max(maxId).optional(),
});
export type AppointmentSearchQuery = z.input<typeof appointmentSearchQuerySchema>;

/** GET /api/appo/export: every appointment the list's search selects, as a CSV or XLSX file. */
export const appointmentExportQuerySchema = z.object({
  q: optionalText('Búsqueda', 100),
  when: appointmentWhenSchema,
  branchId: z.coerce.number().int().positive().max(maxId).optional(),
  format: exportFormatSchema,
});

export const appointmentPageSchema = z.object({
  items: z.array(appointmentSchema),
  ...cappedTotalFields,
  page: z.number(),
  pageSize: z.number(),
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

export const appointmentFeedSchema = z.object({ url: z.string() });
export type AppointmentFeed = z.infer<typeof appointmentFeedSchema>;

/** Spec: list page size 5; calendar hours 8 to 18; three appointments per month cell. */
export const appointmentPageSize = 5;
export const calendarHours = { first: 8, last: 18 } as const;
export const monthCellLimit = 3;

/** The attendee's page behind an invitation's links (/cita/{token}): the appointment as invited, and the answer so far. */
export const appointmentInvitationViewSchema = z.object({
  attendeeName: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  googleMeetUrl: z.string().nullable(),
  branchName: z.string(),
  cancelled: z.boolean(),
  response: attendeeResponseSchema.nullable(),
  /**
   * Only in the answer to a POST that changed an earlier answer: what it was (issue 28). The same
   * answer twice changes nothing and carries no `changedFrom`.
   */
  changedFrom: attendeeResponseSchema.optional(),
});
export type AppointmentInvitationView = z.infer<typeof appointmentInvitationViewSchema>;

/** POST /api/public/citas/{token}: 'yes' (Confirmar asistencia) or 'no' (No podré asistir). */
export const appointmentAnswerInputSchema = z.object({ response: attendeeResponseSchema });
/** The invitation's token: the only credential of its public page. */
export const appointmentInvitationParamsSchema = z.object({ token: z.string().max(100) });

export const invitationMessages = {
  confirm: 'Confirmar asistencia',
  decline: 'No podré asistir',
  confirmed: 'Gracias: su asistencia quedó confirmada.',
  declined: 'Gracias por avisar: registramos que no podrá asistir.',
  changedToConfirmed: 'Cambió su respuesta: ahora su asistencia quedó confirmada. Avisamos a quien organiza la cita.',
  changedToDeclined: 'Cambió su respuesta: registramos que ya no podrá asistir. Avisamos a quien organiza la cita.',
  notFound: 'La invitación no existe o ya venció',
  cancelled: 'Esta cita fue cancelada.',
} as const;
