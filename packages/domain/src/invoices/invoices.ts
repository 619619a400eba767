import { z } from 'zod';
import { maxId, requiredText } from '../common/fields';
import { moneySchema } from '../rents/money';
import { invoiceCancelMotives, invoiceStates } from './invoice-values';
import { invoiceUsesFor, satInvoiceUses, satTaxSystems, taxpayerKindOf } from './sat-catalogs';

/*
 * A fee payment's CFDI 4.0 (issue 34): what staff send to have it issued, what the API answers.
 * The RFC's form, the régimen against the RFC's kind and the uso against the régimen are checked
 * here (the web's dialog and the API alike); the RFC's check digit is the API's (@nodecfdi/rfc).
 */

export const invoiceMessages = {
  notConfigured: 'La facturación no está configurada',
  idempotencyKeyMissing: 'Falta el encabezado Idempotency-Key (una clave única por solicitud de factura, de hasta 100 caracteres)',
  rfcInvalid: 'El RFC no es válido: revise sus letras, la fecha y el dígito verificador',
  legalName: 'Razón social',
  taxSystemInvalid: 'El régimen fiscal no está en el catálogo del SAT',
  taxSystemKind: (kind: 'fisica' | 'moral') => `El régimen fiscal no corresponde a una persona ${kind === 'fisica' ? 'física' : 'moral'} (según su RFC)`,
  zipInvalid: 'El código postal debe tener 5 dígitos',
  useInvalid: 'El uso del CFDI no está en el catálogo del SAT',
  useNotAllowed: 'El uso del CFDI no está permitido para el régimen fiscal del cliente',
  paymentNotFound: 'El pago no existe',
  paymentReversed: 'El pago fue revertido: no se puede facturar',
  paymentMethodNotInvoiceable: 'La forma de pago de este pago no se puede declarar en una factura',
  alreadyInvoiced: 'El pago ya tiene una factura vigente: cancélela antes de emitir otra',
  issuing: 'La factura se está timbrando',
  keyReused: 'La clave Idempotency-Key ya se usó para la factura de otro pago',
  pacRejected: (message: string) => `El PAC rechazó la factura: ${message}`,
  pacCancelRejected: (message: string) => `El PAC rechazó la cancelación: ${message}`,
  pacUnavailable: 'No se pudo comunicar con el PAC; intente de nuevo en unos minutos',
  notFound: 'La factura no existe',
  alreadyCanceled: 'La factura ya está cancelada',
  cancellationPending: 'La cancelación de la factura ya se solicitó y espera respuesta',
  motiveInvalid: 'El motivo de cancelación debe ser 01, 02, 03 o 04',
  replacementRequired: 'El motivo 01 requiere la factura que sustituye a esta (replacementId)',
  replacementInvalid: 'La factura sustituta (replacementId) debe ser una factura vigente de la misma póliza, emitida después de esta',
  replacementNotAllowed: 'Solo el motivo 01 lleva factura sustituta (replacementId)',
  monthInvalid: 'El mes debe tener la forma AAAA-MM',
};

const rfcForm = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;

/**
 * A persona moral's name ends in its régimen de capital ('S.A. DE C.V.', 'S.C.', 'A.C.'…); CFDI 4.0
 * wants the name as the Constancia de Situación Fiscal writes it, without that suffix.
 */
const capitalRegimeSuffix =
  /[\s,]+(?:S\.?\s?A\.?\s?P\.?\s?I\.?|S\.?\s?A\.?\s?B\.?|S\.?\s?A\.?\s?S\.?|S\.?\s?A\.?|S\.?\s?DE\s?R\.?\s?L\.?|S\.?\s?EN\s?C\.?(?:\s?POR\s?A\.?)?|S\.?\s?C\.?\s?[LPS]\.?|S\.?\s?C\.?|A\.?\s?C\.?|I\.?\s?A\.?\s?P\.?)(?:\s+DE\s+C\.?\s?V\.?)?\s*$/;

/** The name as the CFDI carries it: upper case, single spaces, a company's without its régimen de capital. */
export function cfdiLegalName(name: string, kind: 'fisica' | 'moral' | null): string {
  const upper = name.trim().replace(/\s+/g, ' ').toUpperCase();
  return kind === 'moral' ? upper.replace(capitalRegimeSuffix, '').replace(/[\s,]+$/, '') : upper;
}

const customerSchema = z
  .object({
    rfc: z
      .string({ error: invoiceMessages.rfcInvalid })
      .trim()
      .toUpperCase()
      .regex(rfcForm, invoiceMessages.rfcInvalid),
    legalName: requiredText(invoiceMessages.legalName, 300),
    taxSystem: z
      .string({ error: invoiceMessages.taxSystemInvalid })
      .trim()
      .refine((key) => key in satTaxSystems, invoiceMessages.taxSystemInvalid),
    zip: z
      .string({ error: invoiceMessages.zipInvalid })
      .trim()
      .regex(/^\d{5}$/, invoiceMessages.zipInvalid),
  })
  .superRefine((customer, context) => {
    const kind = taxpayerKindOf(customer.rfc);
    const system = satTaxSystems[customer.taxSystem];
    if (kind && system && !system[kind]) context.addIssue({ code: 'custom', path: ['taxSystem'], message: invoiceMessages.taxSystemKind(kind) });
  })
  .transform((customer) => ({ ...customer, legalName: cfdiLegalName(customer.legalName, taxpayerKindOf(customer.rfc)) }));

/** POST /api/fee-payments/{id}/invoice, with an Idempotency-Key header (other clients rely on this body). */
export const invoiceRequestSchema = z
  .object({
    customer: customerSchema,
    use: z
      .string({ error: invoiceMessages.useInvalid })
      .trim()
      .toUpperCase()
      .refine((key) => key in satInvoiceUses, invoiceMessages.useInvalid),
  })
  .superRefine((request, context) => {
    if (!invoiceUsesFor(request.customer.taxSystem).includes(request.use)) context.addIssue({ code: 'custom', path: ['use'], message: invoiceMessages.useNotAllowed });
  });
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  policyId: z.number(),
  feePaymentId: z.number(),
  state: z.enum(invoiceStates),
  /** false: issued with a test key ('Factura de prueba'), not valid before the SAT. */
  livemode: z.boolean(),
  /** The folio fiscal; null while it is being stamped. */
  uuid: z.string().nullable(),
  series: z.string(),
  folioNumber: z.number().nullable(),
  customer: z.object({ rfc: z.string(), legalName: z.string(), taxSystem: z.string(), zip: z.string() }),
  use: z.string(),
  paymentForm: z.string(),
  paymentMethod: z.string(),
  productKey: z.string(),
  description: z.string(),
  subtotal: moneySchema,
  iva: moneySchema,
  total: moneySchema,
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  cancelMotive: z.enum(invoiceCancelMotives).nullable(),
  replacementInvoiceId: z.number().nullable(),
  /** The PAC's word on a cancellation asked for: 'pending' (the customer must accept it), 'accepted'… */
  cancellationStatus: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListRowSchema = invoiceSchema.extend({ policyFolio: z.string(), branchId: z.number(), branchName: z.string() });
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

export const invoiceListSchema = z.object({
  month: z.string(),
  rows: z.array(invoiceListRowSchema),
  /** Issued and still standing, and cancelled: how many and their totals (two decimals). */
  valid: z.object({ count: z.number(), total: moneySchema }),
  canceled: z.object({ count: z.number(), total: moneySchema }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceListQuerySchema = z.object({
  /** 'YYYY-MM' of the day they were issued (Mexico City); this month when absent. */
  month: z
    .string({ error: invoiceMessages.monthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, invoiceMessages.monthInvalid)
    .optional(),
  branchId: z.coerce.number({ error: 'La sucursal no existe' }).int().positive('La sucursal no existe').max(maxId, 'La sucursal no existe').optional(),
  state: z.enum(['valid', 'canceled'], { error: 'El estado debe ser valid o canceled' }).optional(),
  format: z.enum(['csv', 'xlsx'], { error: 'El formato de exportación debe ser csv o xlsx' }).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceCancelInputSchema = z.object({
  motive: z.enum(invoiceCancelMotives, { error: invoiceMessages.motiveInvalid }),
  replacementId: z
    .number({ error: invoiceMessages.replacementInvalid })
    .int(invoiceMessages.replacementInvalid)
    .positive(invoiceMessages.replacementInvalid)
    .max(maxId, invoiceMessages.replacementInvalid)
    .nullish(),
});
export type InvoiceCancelInput = z.input<typeof invoiceCancelInputSchema>;

/** Whether invoices can be issued here (FACTURAPI_KEY set) and whether they are test invoices. */
export const invoicingSettingsSchema = z.object({
  enabled: z.boolean(),
  /** A test key: invoices are 'Factura de prueba', without value before the SAT. */
  testMode: z.boolean(),
  provider: z.string().nullable(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;
