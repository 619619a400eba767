import { z } from 'zod';
import { idSchema } from '../common/fields';

/** What a notification is about; each kind may also come by e-mail if the user chose it ('Mi cuenta'). */
export const notificationKinds = [
  'investigation_approved',
  'investigation_rejected',
  'policy_expiring',
  'appointment_reminder',
  'renewal_created',
  'job_failed',
  'link_documents_received',
  'signature_declined',
  'signature_completed',
  // Issue 35: a round's deadline passed before every signer signed.
  'signature_expired',
  'lead_follow_up',
  'appointment_answer_changed',
  'rent_not_received',
  'rent_confirmation_unanswered',
  'rent_proof_received',
  // Incidencias (issue 33): an owner's report to review, a término coming or missed, an instalment missed.
  'claim_reported',
  'claim_deadline',
  'claim_instalment_missed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationKindSchema = z.enum(notificationKinds, { error: 'El tipo de notificación no es válido' });

/** 'Ana', 'Ana y Luis', 'Ana, Luis y Eva'. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** The kinds' names on 'Mi cuenta' (the e-mail choices). */
export const notificationKindLabels: Record<NotificationKind, string> = {
  investigation_approved: 'Investigación aprobada',
  investigation_rejected: 'Investigación rechazada',
  policy_expiring: 'Póliza por vencer (60, 30 y 7 días)',
  appointment_reminder: 'Recordatorio de cita (24 horas antes)',
  renewal_created: 'Renovación creada',
  job_failed: 'Fallas de tareas automáticas (administradores)',
  link_documents_received: 'Documentos recibidos por enlace',
  signature_declined: 'Firma electrónica rechazada por un firmante',
  signature_completed: 'Firma electrónica completada',
  signature_expired: 'Firma electrónica vencida sin completarse',
  lead_follow_up: 'Seguimiento de lead (el día marcado)',
  appointment_answer_changed: 'Un invitado cambió su respuesta a una cita',
  rent_not_received: 'El propietario no recibió una renta',
  rent_confirmation_unanswered: 'El propietario no confirma una renta',
  rent_proof_received: 'Comprobante de pago enviado por el inquilino',
  claim_reported: 'Incidencia reportada por el propietario (por revisar)',
  claim_deadline: 'Término de una incidencia (7, 3 y 1 días antes, y vencido)',
  claim_instalment_missed: 'Parcialidad de un convenio de pago no pagada',
};

/**
 * The kinds that also come by e-mail until the user chooses: the ones that ask for action soon
 * (a decided investigation, an expiring policy, tomorrow's appointment, a failed job). A renewal
 * is usually created by the person who would be told, so it stays in the portal.
 */
export const defaultEmailKinds: readonly NotificationKind[] = [
  'investigation_approved',
  'investigation_rejected',
  'policy_expiring',
  'appointment_reminder',
  'job_failed',
  'signature_declined',
  'signature_expired',
  // A court término must not be missed: its reminders come by e-mail unless the user opts out.
  'claim_deadline',
  'claim_instalment_missed',
];

export const notificationSchema = z.object({
  id: z.number(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  policyId: z.number().nullable(),
  appointmentId: z.number().nullable(),
  /** Issue 20: the lead of a follow-up notice (the bell opens the leads board). */
  leadId: z.number().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const limitMessage = 'El límite debe estar entre 1 y 50';

/** GET /api/notifications: the newest first, `limit` at a time; `before` (an id) reads older ones. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(50, limitMessage).default(20),
  before: idSchema.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number(),
  /** The `before` of the next (older) page; null when there is none. */
  nextBefore: z.number().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number() });

/** Texts of the notifications (in-app and e-mail) and of the bell. */
export const notificationMessages = {
  notFound: 'No se encontró la notificación',
  bellLabel: (unread: number) =>
    unread === 0 ? 'Notificaciones: no tienes notificaciones sin leer' : `Notificaciones: ${unread} sin leer`,
  title: 'Notificaciones',
  empty: 'No tienes notificaciones',
  loadError: 'No se pudieron cargar las notificaciones',
  markAllRead: 'Marcar todas como leídas',
  markRead: 'Marcar como leída',
  markError: 'No se pudo marcar la notificación',
  investigationApprovedTitle: (folio: string) => `Investigación aprobada: ${folio}`,
  investigationApprovedBody: (folio: string, client: string) =>
    `La investigación ${folio}${client ? ` de ${client}` : ''} fue aprobada. Ya puede continuar con la póliza.`,
  investigationRejectedTitle: (folio: string) => `Investigación rechazada: ${folio}`,
  investigationRejectedBody: (folio: string, client: string) =>
    `La investigación ${folio}${client ? ` de ${client}` : ''} fue rechazada. Consulte el motivo en el expediente.`,
  policyExpiringTitle: (policy: string, daysLeft: number) =>
    `La póliza ${policy} vence en ${daysLeft} ${daysLeft === 1 ? 'día' : 'días'}`,
  policyExpiringBody: (policy: string, client: string, daysLeft: number) =>
    `La póliza ${policy}${client ? ` de ${client}` : ''} vence en ${daysLeft} ${daysLeft === 1 ? 'día' : 'días'}. Es buen momento para ofrecer la renovación.`,
  appointmentReminderTitle: (title: string) => `Recordatorio de cita: ${title}`,
  /** An invited person changed their answer on the invitation's page (issue 28): told to who scheduled the appointment. */
  appointmentAnswerChangedTitle: (attendeeName: string) => `${attendeeName} cambió su respuesta a una cita`,
  appointmentAnswerChangedBody: (response: 'yes' | 'no', title: string, when: string) =>
    response === 'yes'
      ? `Ahora confirma su asistencia a «${title}», ${when}; antes había avisado que no podría asistir.`
      : `Ya no podrá asistir a «${title}», ${when}; antes había confirmado.`,
  appointmentReminderBody: (when: string, location: string) => `Tiene una cita el ${when} en ${location}.`,
  renewalCreatedTitle: (policy: string) => `Renovación creada de la póliza ${policy}`,
  renewalCreatedBody: (policy: string, actor: string) => `${actor} creó la renovación de la póliza ${policy}. Revise y complete la nueva póliza.`,
  linkDocumentsReceivedTitle: (folio: string) => `Documentos recibidos por enlace: ${folio}`,
  /** Everyone who sent files in the notice's ten minutes, by name: 'Lucía Gómez y Jorge Ramírez están enviando…'. */
  linkDocumentsReceivedBody: (people: readonly string[], folio: string) =>
    `${joinNames(people)} ${people.length === 1 ? 'está' : 'están'} enviando sus documentos por enlace para la investigación ${folio}. Revíselos en el expediente.`,
  jobFailedTitle: (jobName: string) => `Falló la tarea automática «${jobName}»`,
  jobFailedBody: (error: string) => `Error: ${error}`,
  emailFailedJob: 'envío de correo',
  emailFailedBody: (recipient: string, subject: string, error: string) =>
    `No se pudo entregar el correo «${subject}» a ${recipient} tras varios intentos. Último error: ${error}`,
} as const;
