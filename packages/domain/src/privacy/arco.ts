import { z } from 'zod';
import { policyStatuses } from '../policies/policy-status-values';

/*
 * ARCO requests (issue 19, LFPDPPP): an admin finds every record of a person, exports them
 * (access), follows the edit links (rectification) and anonymises what no law keeps (cancellation).
 */

/** Where a person can be on record. */
export const arcoRecordKinds = ['tenant', 'guarantor', 'owner', 'lead', 'attendee', 'broker'] as const;
export type ArcoRecordKind = (typeof arcoRecordKinds)[number];

export const arcoRecordKindLabels: Record<ArcoRecordKind, string> = {
  tenant: 'Inquilino',
  guarantor: 'Aval',
  owner: 'Propietario',
  lead: 'Prospecto',
  attendee: 'Asistente a una cita',
  broker: 'Asesor o inmobiliaria',
};

/** What a cancelled person's name becomes everywhere it was written. */
export const anonymisedName = 'Titular anonimizado';

/**
 * A lead whose person was cancelled (ARCO): it keeps its place on the board, but there is nobody
 * left to convert into a policy or to write to (issue 29).
 */
export function isAnonymisedLead(lead: { name: string }): boolean {
  return lead.name === anonymisedName;
}

export const arcoMessages = {
  queryTooShort: 'Escriba al menos 3 caracteres (nombre, correo o teléfono)',
  noRecords: 'Seleccione al menos un registro',
  tooManyRecords: 'Seleccione como máximo 200 registros',
  reasonTooShort: 'Escriba el motivo de la cancelación (al menos 10 caracteres)',
  recordNotFound: 'Uno de los registros seleccionados ya no existe',
  retainedInForce: 'Conservado por obligación legal: la póliza está vigente o en trámite de contrato',
  retainedEnded: (until: string) => `Conservado por obligación legal: la póliza terminó y sus datos se guardan hasta el ${until}`,
  retainedForever: 'Conservado por obligación legal: la sucursal guarda sin plazo los datos de las pólizas terminadas',
  /** Issue 33: a case is kept while it is worked, and for the branch's years after it closed. */
  retainedClaimOpen: 'Conservado por obligación legal: la póliza tiene una incidencia en curso',
  retainedClaimClosed: (until: string) => `Conservado por obligación legal: una incidencia de la póliza cerró y sus datos se guardan hasta el ${until}`,
  retainedClaimForever: 'Conservado por obligación legal: la sucursal guarda sin plazo los datos de las incidencias cerradas',
  /** Issue 34 leftover: an asesor's commissions are the office's fiscal records (Código Fiscal de la Federación, art. 30: five years). */
  retainedBrokerPending: 'Conservado por obligación legal: el asesor tiene comisiones por pagar',
  retainedBrokerFiscal: (until: string) => `Conservado por obligación legal: sus comisiones son registros fiscales de la oficina y se guardan hasta el ${until} (CFF art. 30)`,
} as const;

const retainedPrefix = 'Conservado por obligación legal: ';

/** What names a person in a free text: their names, e-mails and phone numbers. */
export interface PersonIdentifiers {
  names: readonly string[];
  emails: readonly string[];
  phones: readonly string[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each character without its accent, keeping the text's length: a match in it is a match in the text. */
const withoutAccents = (text: string) => Array.from(text, (char) => (char.length === 1 ? char.normalize('NFD')[0]! : char)).join('');

/**
 * A free text with the person's names and e-mails (any case, with or without accents) and phone
 * numbers (their last 10 digits, however spaced or punctuated) replaced by 'Titular anonimizado':
 * what an admin types as the reason of a cancellation must not keep what the cancellation erased.
 */
export function redactPerson(text: string, person: PersonIdentifiers): string {
  const names = person.names.filter((name) => name !== anonymisedName);
  // The whole name, and each of its words of four letters or more ('la Sra. Quintanar').
  const nameParts = names.flatMap((name) => name.split(/\s+/).filter((part) => part.length >= 4));
  const words = [...names, ...nameParts, ...person.emails].map((word) => withoutAccents(word.trim())).filter((word) => word.length >= 3);
  const phones = person.phones.map((phone) => phone.replace(/\D/g, '').slice(-10)).filter((digits) => digits.length >= 7);
  const alternatives = [
    ...[...new Set(words)].sort((a, b) => b.length - a.length).map((word) => `\\b${escapeRegex(word)}\\b`),
    // '55 3193 3251', '(55) 3193-3251', '+52 55 3193 3251': the digits with spaces or punctuation between.
    ...[...new Set(phones)].map((digits) => `(?:\\+?52[\\s().-]*)?\\(?${[...digits].join('[\\s().-]*')}`),
  ];
  if (alternatives.length === 0) return text;
  const pattern = new RegExp(alternatives.join('|'), 'gi');
  let redacted = '';
  let from = 0;
  for (const match of withoutAccents(text).matchAll(pattern)) {
    redacted += text.slice(from, match.index) + anonymisedName;
    from = match.index + match[0].length;
  }
  return redacted + text.slice(from);
}

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

/** A case (incidencia) of the person's policy that still holds personal data, and which (issue 33). */
export const arcoClaimSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** 'Descripción', '2 gestiones de cobranza (nombres y resultados)', '3 archivos de evidencia'… */
  personalData: z.array(z.string()),
});
export type ArcoClaim = z.infer<typeof arcoClaimSchema>;

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
  /** When the lead was recorded (instant): how the admin tells a person's leads apart, not by number. */
  leadCreatedAt: z.string().nullable(),
  appointmentId: z.number().nullable(),
  appointmentTitle: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  /** A law keeps it (a contract in force, or ended less than the branch's years ago): not cancelled. */
  retained: z.boolean(),
  retentionReason: z.string().nullable(),
  /** Where the web app edits it (rectification). */
  editPath: z.string(),
  /** The cases of the record's policy with the personal data each holds; [] for a lead or an attendee. */
  claims: z.array(arcoClaimSchema),
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
