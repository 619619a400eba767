import { z } from 'zod';
import { idSchema } from '../common/fields';
import { notificationKindLabels } from './notification';

/** An outbox e-mail's life: queued until delivered (sent) or given up after its attempts (failed). */
export const emailStatuses = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailStatusLabels: Record<EmailStatus, string> = {
  queued: 'En cola',
  sent: 'Enviado',
  failed: 'Fallido',
};

/**
 * What each outbox e-mail is, as 'Correos salientes' names it: the notifications' kinds (their
 * e-mail copies) and the e-mails that are not notifications (invitations, links, signing codes).
 */
const outboxOnlyKindLabels: Record<string, string> = {
  appointment_invitation: 'Invitación a cita',
  appointment_update: 'Cambio de cita',
  appointment_cancellation: 'Cancelación de cita',
  signing_code: 'Código para firmar',
  link_upload: 'Enlace para subir documentos',
  link_sign: 'Enlace para firmar contratos',
  link_rent_proof: 'Enlace para enviar comprobantes de renta',
  link_claim_owner: 'Enlace para reportar problemas del inmueble',
  rent_confirmation: 'Confirmación de renta al propietario',
  rent_reminder: 'Recordatorio de renta al inquilino',
  claim_stage: 'Avance de una incidencia al propietario',
};

/** The Spanish name of an outbox e-mail's kind; an unknown kind (a newer server) says so rather than showing the id alone. */
export function emailKindLabel(kind: string): string {
  return (notificationKindLabels as Record<string, string>)[kind] ?? outboxOnlyKindLabels[kind] ?? `Otro (${kind})`;
}

export const emailStatusSchema = z.enum(emailStatuses, { error: 'El estatus del correo no es válido' });

/** One outbox row as admins see it at /admin/emails (bodies and attachments' bytes stay on the server). */
export const outboxEmailSchema = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: emailStatusSchema,
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  attachmentNames: z.array(z.string()),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

const limitMessage = 'El límite debe estar entre 1 y 100';

/** GET /api/admin/emails: newest first, optionally one status, `limit` at a time; `before` (an id) pages. */
export const emailListQuerySchema = z.object({
  status: emailStatusSchema.optional(),
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(100, limitMessage).default(50),
  before: idSchema.optional(),
});
export type EmailListQuery = z.input<typeof emailListQuerySchema>;

export const emailListSchema = z.object({
  items: z.array(outboxEmailSchema),
  nextBefore: z.number().nullable(),
  /** False when SMTP_URL is not set: the rows stay queued until it is. */
  smtpConfigured: z.boolean(),
});
export type EmailList = z.infer<typeof emailListSchema>;

export const emailMessages = {
  pageTitle: 'Correos salientes',
  notConfigured: 'El envío de correo no está configurado (SMTP_URL): los correos quedan en cola.',
  empty: 'No hay correos',
  loadError: 'No se pudieron cargar los correos',
  retry: 'Reintentar',
  retried: 'El correo volvió a la cola',
  retryError: 'No se pudo reintentar el correo',
  notFound: 'No se encontró el correo',
  onlyFailedRetry: 'Solo se puede reintentar un correo fallido',
} as const;
