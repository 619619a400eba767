import { z } from 'zod';
import { idParamsSchema } from '../common/fields';
import { endpoint } from '../common/endpoint';
import { documentDownloadQuerySchema } from '../investigations/investigation-api';
import { linkTokenParamsSchema } from '../public-links/links';
import { formatPesos, moneySchema, positiveMoneyInput } from './money';
import { isCalendarDay, paymentInputSchema, rentLedgerSchema } from './rents';
import { paymentMethods, rentMonthStates, rentProofStates } from './rent-values';

/*
 * Receipts (comprobantes) of rent payments (issue 32): the file staff attach to a payment, and
 * the tenant's proof of payment sent by link, which staff confirm (it becomes a payment with the
 * proof's file as its receipt) or reject with a reason the tenant sees.
 */

/** The form field that carries the file, in POST /payments (multipart) and the tenant's upload. */
export const receiptField = 'receipt';

export const rentProofMessages = {
  fileMissing: 'Adjunte el comprobante en el campo «receipt»',
  fileEmpty: 'El comprobante está vacío',
  fileTooLarge: (maxMb: number) => `El comprobante supera el tamaño máximo de ${maxMb} MB`,
  unsupportedFileType: 'Tipo de archivo no permitido: el comprobante debe ser PDF, JPEG o PNG',
  imageUnreadable: 'Comprobante: no se pudo leer el tamaño de la imagen; el archivo está dañado o incompleto',
  noReceipt: 'Este pago no tiene comprobante',
  proofNotFound: 'Comprobante no encontrado',
  alreadyDecided: 'Otra persona ya revisó este comprobante.',
  paidOnFuture: 'La fecha de pago no puede ser posterior a hoy',
  noSchedule: 'La póliza aún no tiene calendario de rentas.',
  noTenant: 'La póliza no tiene inquilino a quien enviar el enlace',
  received: 'Recibimos su comprobante. La oficina lo revisará.',
  notificationTitle: 'Comprobante de pago recibido',
  notificationBody: (folio: string, amount: string) => `El inquilino de la póliza ${folio} envió un comprobante por ${formatPesos(amount)}.`,
  confirmEvent: (amount: string) => `Comprobante del inquilino confirmado: pago de ${formatPesos(amount)}`,
  rejectEvent: (amount: string, reason: string) => `Comprobante del inquilino por ${formatPesos(amount)} rechazado: ${reason}`,
  whatsappText: (name: string, url: string) => `Hola ${name}, envíe aquí los comprobantes de pago de su renta: ${url}`,
} as const;

const proofDate = z
  .string({ error: 'El campo Fecha de pago es obligatorio' })
  .trim()
  .refine((value) => isCalendarDay(value), 'El campo Fecha de pago debe ser una fecha válida');

/** The tenant's form (multipart, with the `receipt` file). */
export const rentProofInputSchema = z.object({
  amount: positiveMoneyInput('Importe'),
  paidOn: proofDate,
  method: paymentInputSchema.shape.method,
  reference: paymentInputSchema.shape.reference,
});
export type RentProofInput = z.input<typeof rentProofInputSchema>;

/** A proof as the tenant and staff see it. */
export const rentProofSchema = z.object({
  id: z.number(),
  amount: moneySchema,
  paidOn: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  fileName: z.string(),
  state: z.enum(rentProofStates),
  rejectReason: z.string().nullable(),
  sentBy: z.string(),
  sentAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  paymentId: z.number().nullable(),
});
export type RentProof = z.infer<typeof rentProofSchema>;

/** GET /api/policy/{id}/rent-proofs: newest first, with how many wait for review. */
export const rentProofListSchema = z.object({ pending: z.number(), proofs: z.array(rentProofSchema) });
export type RentProofList = z.infer<typeof rentProofListSchema>;

/** 'Confirmar': staff may correct the amount and date the tenant typed before it becomes a payment. */
export const confirmProofInputSchema = z.object({
  amount: positiveMoneyInput('Importe').optional(),
  receivedOn: paymentInputSchema.shape.receivedOn.optional(),
});
export type ConfirmProofInput = z.input<typeof confirmProofInputSchema>;

export const rejectProofInputSchema = z.object({
  reason: z
    .string({ error: 'El campo Motivo es obligatorio' })
    .trim()
    .min(3, 'El campo Motivo es obligatorio')
    .max(500, 'El campo Motivo admite como máximo 500 caracteres'),
});
export type RejectProofInput = z.input<typeof rejectProofInputSchema>;

/** POST /api/policy/{id}/rent-proof-link: a tenant's link (shown once), e-mailed when asked. */
export const rentProofLinkInputSchema = z.object({
  partyIndex: z.coerce.number({ error: 'La persona no es válida' }).int('La persona no es válida').min(0, 'La persona no es válida').max(20, 'La persona no es válida').default(0),
  sendEmail: z.boolean({ error: 'El envío por correo no es válido' }).default(false),
});
export type RentProofLinkInput = z.input<typeof rentProofLinkInputSchema>;

export const rentProofLinkSchema = z.object({ url: z.string(), whatsappUrl: z.string().nullable(), expiresAt: z.string(), tenantName: z.string() });
export type RentProofLink = z.infer<typeof rentProofLinkSchema>;

/** The tenant's page: the months owed and their proofs (nothing else of the policy). */
export const rentProofViewSchema = z.object({
  tenantName: z.string(),
  branchName: z.string(),
  folio: z.string(),
  /** What the months listed owe together (those fallen due), not the rest of the term. */
  owed: moneySchema,
  months: z.array(z.object({ period: z.string(), dueOn: z.string(), owed: moneySchema, state: z.enum(rentMonthStates) })),
  proofs: z.array(rentProofSchema.omit({ sentBy: true, decidedBy: true, paymentId: true })),
});
export type RentProofView = z.infer<typeof rentProofViewSchema>;

export const rentProofIdParamsSchema = idParamsSchema;

export const rentProofEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/policy/:id/rent-proofs', params: idParamsSchema, response: rentProofListSchema }),
  issueLink: endpoint({ method: 'POST', path: '/api/policy/:id/rent-proof-link', params: idParamsSchema, body: rentProofLinkInputSchema, response: rentProofLinkSchema, status: 201 }),
  /** Creates the payment through the staff's path (If-Match: the ledger's version, optional). */
  confirm: endpoint({ method: 'POST', path: '/api/rents/proofs/:id/confirm', params: idParamsSchema, body: confirmProofInputSchema, response: rentLedgerSchema }),
  reject: endpoint({ method: 'POST', path: '/api/rents/proofs/:id/reject', params: idParamsSchema, body: rejectProofInputSchema, response: rentProofListSchema }),
};

/** The files (streamed, not JSON): a payment's receipt and a tenant's proof, for staff of the policy's branch. */
export const rentFileEndpoints = {
  paymentReceipt: endpoint({ method: 'GET', path: '/api/payments/:id/receipt', params: idParamsSchema, query: documentDownloadQuerySchema }),
  proofFile: endpoint({ method: 'GET', path: '/api/rents/proofs/:id/file', params: idParamsSchema, query: documentDownloadQuerySchema }),
};

/** The tenant's page (the token is the credential; the upload is multipart, not a contract). */
export const rentProofPublicEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/rent-proofs/:token', params: linkTokenParamsSchema, response: rentProofViewSchema }),
  /** multipart/form-data: rentProofInputSchema's fields as text, then the `receipt` file. */
  upload: endpoint({ method: 'POST', path: '/api/public/rent-proofs/:token', params: linkTokenParamsSchema, response: rentProofViewSchema, status: 201 }),
};
