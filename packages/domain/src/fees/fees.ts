import { z } from 'zod';
import { idSchema, maxId } from '../common/fields';
import { maxMoneyCents, moneySchema, moneyToCents, centsToMoney } from '../rents/money';
import { rateToHundredths } from '../rents/money';
import { paymentMethods } from '../rents/rent-values';
import { policyTypeLabels, policyTypes } from '../policies/policy-type-labels';
import { invoiceStates } from '../invoices/invoice-values';
import { feePayers, feeStates } from './fee-values';
import { feeMessages } from './messages';

/*
 * The fee's schemas (issue 34): tariffs, a policy's quoted fee with its payments, the quote
 * preview. Amounts in answers are two-decimal strings, percentages too ('35.00').
 */

/** A percentage as the database keeps it: two decimals. */
export const percentSchema = z.string().regex(/^\d{1,3}\.\d{2}$/);

/** A percentage a person sends ('35', '35.5', 16): as the two-decimal string, within 0–max. */
function percentInput(label: string, max: number) {
  const invalid = feeMessages.invalidPercent(label, max);
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, context) => {
    const hundredths = rateToHundredths(typeof value === 'number' ? String(value) : value);
    if (hundredths === null || hundredths > max * 100) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return (hundredths / 100).toFixed(2);
  });
}

/** An amount that may be zero ('0', '3500.00'): the two-decimal string. */
function moneyInput(label: string) {
  const invalid = feeMessages.invalidAmount(label);
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, context) => {
    const cents = moneyToCents(typeof value === 'number' ? value.toFixed(2) : value);
    if (cents === null || cents > maxMoneyCents || (typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return centsToMoney(cents);
  });
}

const policyTypeField = z.enum(policyTypes, { error: feeMessages.invalidPolicyType(Object.values(policyTypeLabels)) });
const branchIdField = z.coerce.number({ error: feeMessages.branchNotFound }).int(feeMessages.branchNotFound).positive(feeMessages.branchNotFound).max(maxId, feeMessages.branchNotFound);

export const feeExtraSchema = z.object({ key: z.string(), label: z.string(), amount: moneySchema });
export type FeeExtraView = z.infer<typeof feeExtraSchema>;

/** A tariff of a branch and policy type: version 0 is the portal's defaults (none written yet). */
export const feeTariffSchema = z.object({
  branchId: z.number(),
  branchName: z.string(),
  policyType: z.enum(policyTypes),
  version: z.number(),
  ratePercent: percentSchema,
  minimum: moneySchema,
  ivaPercent: percentSchema,
  extras: z.array(feeExtraSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type FeeTariff = z.infer<typeof feeTariffSchema>;

export const feeTariffListSchema = z.object({ tariffs: z.array(feeTariffSchema) });
export type FeeTariffList = z.infer<typeof feeTariffListSchema>;

export const feeTariffsQuerySchema = z.object({ branchId: branchIdField.optional() });

export const feeTariffHistoryQuerySchema = z.object({ branchId: branchIdField, policyType: policyTypeField });

const extraInputSchema = z.object({
  label: z.string({ error: feeMessages.extraLabelRequired }).trim().min(1, feeMessages.extraLabelRequired).max(120, feeMessages.extraLabelTooLong),
  amount: moneyInput('Importe del extra'),
});

/** PUT /api/admin/tariffs: writes the next version (If-Match: the version the form saw). */
export const feeTariffInputSchema = z.object({
  branchId: branchIdField,
  policyType: policyTypeField,
  ratePercent: percentInput('Porcentaje', 999),
  minimum: moneyInput('Mínimo'),
  ivaPercent: percentInput('IVA', 100),
  extras: z.array(extraInputSchema, { error: feeMessages.extrasInvalid }).max(20, feeMessages.extrasInvalid).default([]),
});
export type FeeTariffInput = z.input<typeof feeTariffInputSchema>;

/** An extra's key, from its label: the same extra keeps its key across the tariff's versions. */
export function feeExtraKey(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export const feeInvoiceSummarySchema = z.object({ id: z.number(), state: z.enum(invoiceStates), uuid: z.string().nullable(), total: moneySchema });
export type FeeInvoiceSummary = z.infer<typeof feeInvoiceSummarySchema>;

export const feePaymentSchema = z.object({
  id: z.number(),
  amount: moneySchema,
  receivedOn: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  reversal: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
  /** The comprobante attached (download: GET /api/fee-payments/{id}/receipt), or null. */
  receipt: z.object({ fileName: z.string(), size: z.number() }).nullable(),
  /** Its standing (not cancelled) invoice, or null when none. */
  invoice: feeInvoiceSummarySchema.nullable(),
});
export type FeePayment = z.infer<typeof feePaymentSchema>;

export const feeQuoteSchema = z.object({
  /** 0: the portal's defaults. */
  tariffVersion: z.number(),
  rentAmount: moneySchema,
  ratePercent: percentSchema,
  minimum: moneySchema,
  ivaPercent: percentSchema,
  baseAmount: moneySchema,
  extras: z.array(feeExtraSchema),
  extrasAmount: moneySchema,
  discount: moneySchema,
  discountReason: z.string(),
  discountBy: z.string().nullable(),
  subtotal: moneySchema,
  iva: moneySchema,
  total: moneySchema,
  quotedAt: z.string(),
});
export type FeeQuoteView = z.infer<typeof feeQuoteSchema>;

/** GET /api/policy/{id}/fee. `quote` is null until the policy has a rent (nothing to quote yet). */
export const policyFeeSchema = z.object({
  policyId: z.number(),
  quote: feeQuoteSchema.nullable(),
  payer: z.enum(feePayers),
  ownerSharePercent: percentSchema.nullable(),
  /** What each side pays of the total (split by the owner's share, to the centavo). */
  shares: z.object({ owner: moneySchema, tenant: moneySchema }),
  /** The extras the quoted tariff offers (to add to or take off the quote). */
  offeredExtras: z.array(feeExtraSchema),
  payments: z.array(feePaymentSchema),
  collected: moneySchema,
  outstanding: moneySchema,
  state: z.enum(feeStates),
  paidOn: z.string().nullable(),
  version: z.number(),
});
export type PolicyFee = z.infer<typeof policyFeeSchema>;

/**
 * PUT /api/policy/{id}/fee (If-Match): who pays (staff), the tariff's extras that apply (staff),
 * a discount with its reason (managers). Fields left out stay as they are.
 */
export const policyFeeInputSchema = z
  .object({
    payer: z.enum(feePayers, { error: feeMessages.invalidPayer }).optional(),
    ownerSharePercent: percentInput('Porcentaje del propietario', 100).nullable().optional(),
    extras: z.array(z.string().max(60), { error: feeMessages.extrasInvalid }).max(20).optional(),
    discount: moneyInput('Descuento').optional(),
    discountReason: z.string({ error: feeMessages.discountReasonRequired }).trim().max(500, feeMessages.discountReasonTooLong).optional(),
  })
  .superRefine((input, context) => {
    if (input.payer === 'split' && (input.ownerSharePercent === undefined || input.ownerSharePercent === null)) {
      context.addIssue({ code: 'custom', path: ['ownerSharePercent'], message: feeMessages.ownerShareRequired });
    }
  });
export type PolicyFeeInput = z.input<typeof policyFeeInputSchema>;

export const feeQuotePreviewQuerySchema = z.object({
  policyType: policyTypeField,
  rent: z.string({ error: feeMessages.rentRequired }).trim().refine((value) => (moneyToCents(value) ?? 0) > 0, feeMessages.rentRequired),
  branchId: branchIdField.optional(),
});
export type FeeQuotePreviewQuery = z.input<typeof feeQuotePreviewQuerySchema>;

/** GET /api/fees/quote: what a policy would be quoted now (the form and the lead's conversion, before saving). */
export const feeQuotePreviewSchema = z.object({
  branchId: z.number(),
  policyType: z.enum(policyTypes),
  tariffVersion: z.number(),
  ratePercent: percentSchema,
  minimum: moneySchema,
  ivaPercent: percentSchema,
  baseAmount: moneySchema,
  subtotal: moneySchema,
  iva: moneySchema,
  total: moneySchema,
});
export type FeeQuotePreview = z.infer<typeof feeQuotePreviewSchema>;

export const feePaymentIdParamsSchema = z.object({ id: idSchema });
