import { z } from 'zod';
import { policyStatuses } from '../policies/policy-status-values';

/*
 * ARCO requests (issue 19, LFPDPPP): an admin finds every record of a person, exports them
 * (access), follows the edit links (rectification) and anonymises what no law keeps (cancellation).
 */

/** Where a person can be on record. */
export const arcoRecordKinds = ['tenant', 'guarantor', 'owner', 'lead', 'attendee'] as const;
export type ArcoRecordKind = (typeof arcoRecordKinds)[number];

export const arcoRecordKindLabels: Record<ArcoRecordKind, string> = {
  tenant: 'Inquilino',
  guarantor: 'Aval',
  owner: 'Propietario',
  lead: 'Prospecto',
  attendee: 'Asistente a una cita',
};

/** What a cancelled person's name becomes everywhere it was written. */
export const anonymisedName = 'Titular anonimizado';

export const arcoMessages = {
  queryTooShort: 'Escriba al menos 3 caracteres (nombre, correo o teléfono)',
  noRecords: 'Seleccione al menos un registro',
  tooManyRecords: 'Seleccione como máximo 200 registros',
  reasonTooShort: 'Escriba el motivo de la cancelación (al menos 10 caracteres)',
  recordNotFound: 'Uno de los registros seleccionados ya no existe',
  retainedInForce: 'Conservado por obligación legal: la póliza está vigente o en trámite de contrato',
  retainedEnded: (until: string) => `Conservado por obligación legal: la póliza terminó y sus datos se guardan hasta el ${until}`,
  retainedForever: 'Conservado por obligación legal: la sucursal guarda sin plazo los datos de las pólizas terminadas',
} as const;

const retainedPrefix = 'Conservado por obligación legal: ';

/**
 * The reason a record is kept without the words its badge already says:
 * 'La póliza está vigente o en trámite de contrato'.
 */
export function retentionDetail(reason: string): string {
  const detail = reason.startsWith(retainedPrefix) ? reason.slice(retainedPrefix.length) : reason;
  return detail.charAt(0).toLocaleUpperCase('es-MX') + detail.slice(1);
}

export const arcoSearchQuerySchema = z.object({
  q: z.string({ error: arcoMessages.queryTooShort }).trim().min(3, arcoMessages.queryTooShort).max(254, 'La búsqueda es demasiado larga'),
});

/** One record of the person, and where it lives (a policy, a lead or an appointment). */
export const arcoRecordSchema = z.object({
  kind: z.enum(arcoRecordKinds),
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  branchId: z.number().nullable(),
  branchName: z.string(),
  policyId: z.number().nullable(),
  folio: z.string().nullable(),
  policyStatus: z.enum(policyStatuses).nullable(),
  leadId: z.number().nullable(),
  appointmentId: z.number().nullable(),
  appointmentTitle: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  /** A law keeps it (a contract in force, or ended less than the branch's years ago): not cancelled. */
  retained: z.boolean(),
  retentionReason: z.string().nullable(),
  /** Where the web app edits it (rectification). */
  editPath: z.string(),
});
export type ArcoRecord = z.infer<typeof arcoRecordSchema>;

export const arcoSearchResultSchema = z.object({ records: z.array(arcoRecordSchema) });
export type ArcoSearchResult = z.infer<typeof arcoSearchResultSchema>;

export const arcoRecordRefSchema = z.object({
  kind: z.enum(arcoRecordKinds, { error: 'El tipo de registro no es válido' }),
  id: z.number({ error: 'El registro no es válido' }).int('El registro no es válido').positive('El registro no es válido'),
});
export type ArcoRecordRef = z.infer<typeof arcoRecordRefSchema>;

const recordRefsSchema = z
  .array(arcoRecordRefSchema, { error: arcoMessages.noRecords })
  .min(1, arcoMessages.noRecords)
  .max(200, arcoMessages.tooManyRecords);

export const arcoExportFormats = ['json', 'pdf'] as const;
export type ArcoExportFormat = (typeof arcoExportFormats)[number];

export const arcoExportRequestSchema = z.object({
  records: recordRefsSchema,
  format: z.enum(arcoExportFormats, { error: 'El formato debe ser json o pdf' }),
});
export type ArcoExportRequest = z.infer<typeof arcoExportRequestSchema>;

export const arcoCancelRequestSchema = z.object({
  records: recordRefsSchema,
  reason: z.string({ error: arcoMessages.reasonTooShort }).trim().min(10, arcoMessages.reasonTooShort).max(2000, 'El motivo es demasiado largo'),
});
export type ArcoCancelRequest = z.infer<typeof arcoCancelRequestSchema>;

export const arcoCancelResultSchema = z.object({
  requestId: z.number(),
  anonymised: z.array(arcoRecordRefSchema),
  kept: z.array(arcoRecordRefSchema.extend({ reason: z.string() })),
  documentsDeleted: z.number(),
  filesDeleted: z.number(),
  emailsDeleted: z.number(),
});
export type ArcoCancelResult = z.infer<typeof arcoCancelResultSchema>;
