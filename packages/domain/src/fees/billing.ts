import { z } from 'zod';
import { maxId } from '../common/fields';
import { moneySchema } from '../rents/money';
import { feeMessages } from './messages';

/*
 * The billing report (issue 34): per branch and month, the fees quoted, what was collected,
 * what is pending, the discounts with their reasons, the invoices issued and cancelled.
 */

/** 'YYYY-MM' of a real month. */
export const monthSchema = z
  .string({ error: feeMessages.monthInvalid })
  .trim()
  .regex(/^(19|2[01])\d{2}-(0[1-9]|1[0-2])$/, feeMessages.monthInvalid);

export const billingReportQuerySchema = z.object({
  month: monthSchema,
  branchId: z.coerce.number({ error: feeMessages.branchNotFound }).int(feeMessages.branchNotFound).positive(feeMessages.branchNotFound).max(maxId, feeMessages.branchNotFound).optional(),
  format: z.enum(['csv', 'xlsx'], { error: 'El formato de exportación debe ser csv o xlsx' }).optional(),
});
export type BillingReportQuery = z.input<typeof billingReportQuerySchema>;

const countAndAmounts = z.object({ count: z.number(), subtotal: moneySchema, iva: moneySchema, total: moneySchema });
const countAndTotal = z.object({ count: z.number(), total: moneySchema });

export const billingDiscountSchema = z.object({
  policyId: z.number(),
  folio: z.string(),
  amount: moneySchema,
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type BillingDiscount = z.infer<typeof billingDiscountSchema>;

const billingFigures = {
  /** Fees quoted in the month (by the day of their quote). */
  quoted: countAndAmounts,
  /** Payments received in the month, reversals made in the month, and the difference. */
  collected: z.object({ received: moneySchema, reversed: moneySchema, net: moneySchema }),
  /** What the fees quoted up to the month's end still owed at its end (cancelled policies left out). */
  pending: z.object({ count: z.number(), amount: moneySchema }),
  discounts: z.object({ count: z.number(), amount: moneySchema }),
  invoices: z.object({ issued: countAndTotal, cancelled: countAndTotal }),
};

export const billingBranchSchema = z.object({ branchId: z.number(), branchName: z.string(), ...billingFigures, discountItems: z.array(billingDiscountSchema) });
export type BillingBranch = z.infer<typeof billingBranchSchema>;

export const billingReportSchema = z.object({
  month: z.string(),
  branches: z.array(billingBranchSchema),
  totals: z.object(billingFigures),
});
export type BillingReport = z.infer<typeof billingReportSchema>;

/** The dashboard's 'Cobranza del mes': what was collected this month against what is pending. */
export const feeCollectionsSchema = z.object({
  month: z.string(),
  collected: moneySchema,
  pending: moneySchema,
  pendingPolicies: z.number(),
});
export type FeeCollections = z.infer<typeof feeCollectionsSchema>;
