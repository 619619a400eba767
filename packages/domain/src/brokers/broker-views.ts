import { z } from 'zod';
import { recordStatusSchema } from '../common/status';
import { moneySchema } from '../rents/money';
import { brokerKinds, commissionStates } from './broker-values';

/*
 * What the API answers about asesores and inmobiliarias (issue 34). Money and percentages are
 * strings with two decimals ('18500.00', '20.00'), never floats.
 */

const percentSchema = z.string().regex(/^\d+\.\d{2}$/);

export const brokerSchema = z.object({
  id: z.number(),
  branchId: z.number(),
  branchName: z.string(),
  kind: z.enum(brokerKinds),
  name: z.string(),
  rfc: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  bank: z.string(),
  clabe: z.string(),
  accountHolder: z.string(),
  /** Their own percentage of the fee before IVA; null: the branch's. */
  commissionPercent: percentSchema.nullable(),
  /** The one that applies: theirs, else the branch's. */
  effectiveCommissionPercent: percentSchema,
  commissionIvaPercent: percentSchema,
  isrWithholdingPercent: percentSchema,
  ivaWithholdingPercent: percentSchema,
  notes: z.string(),
  status: recordStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The ETag; PUT sends it back in If-Match (decision 023). */
  version: z.number().int(),
});
export type Broker = z.infer<typeof brokerSchema>;
export const brokerListSchema = z.array(brokerSchema);

const reversalSchema = z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable();

/** A transfer paying some commissions, with its withholdings; reversed ones keep their figures. */
export const commissionPayoutSchema = z.object({
  id: z.number(),
  brokerId: z.number(),
  paidOn: z.string(),
  reference: z.string(),
  gross: moneySchema,
  iva: moneySchema,
  isrWithheld: moneySchema,
  ivaWithheld: moneySchema,
  net: moneySchema,
  /** The commissions it paid (none once reversed: they went back to Pendiente). */
  entryCount: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  reversal: reversalSchema,
});
export type CommissionPayout = z.infer<typeof commissionPayoutSchema>;

export const commissionEntrySchema = z.object({
  id: z.number(),
  policyId: z.number(),
  /** The folio de póliza, or the investigation's while it has none. */
  folio: z.string(),
  tenantNames: z.string(),
  address: z.string(),
  feePaymentId: z.number().nullable(),
  earnedOn: z.string(),
  /** The part of the fee before IVA it was earned on (negative when it takes back). */
  base: moneySchema,
  percent: percentSchema,
  amount: moneySchema,
  note: z.string(),
  state: z.enum(commissionStates),
  payout: z.object({ id: z.number(), paidOn: z.string(), reference: z.string() }).nullable(),
});
export type CommissionEntry = z.infer<typeof commissionEntrySchema>;

/** GET /api/brokers/{id}/commissions: the entries (filtered by state), the totals and the payouts. */
export const brokerCommissionsSchema = z.object({
  brokerId: z.number(),
  entries: z.array(commissionEntrySchema),
  totals: z.object({ pending: moneySchema, paid: moneySchema }),
  payouts: z.array(commissionPayoutSchema),
});
export type BrokerCommissions = z.infer<typeof brokerCommissionsSchema>;

export const statementRowSchema = z.object({
  policyId: z.number(),
  folio: z.string(),
  address: z.string(),
  tenantNames: z.string(),
  /** Fee payments received in the month (those reversed left out). */
  collected: moneySchema,
  earned: moneySchema,
  paid: moneySchema,
  /** Earned by the month's last day and not paid by then. */
  owed: moneySchema,
});
export type StatementRow = z.infer<typeof statementRowSchema>;

const statementTotalsSchema = z.object({
  collected: moneySchema,
  earned: moneySchema,
  paid: moneySchema,
  owed: moneySchema,
  iva: moneySchema,
  isrWithheld: moneySchema,
  ivaWithheld: moneySchema,
  net: moneySchema,
});

/** GET /api/brokers/{id}/statement?month=YYYY-MM: the month's estado de cuenta of a broker. */
export const brokerStatementSchema = z.object({
  broker: brokerSchema,
  month: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(statementRowSchema),
  /** Payouts made in the month (paid on a day of it), reversed ones marked. */
  payouts: z.array(commissionPayoutSchema),
  totals: statementTotalsSchema,
});
export type BrokerStatement = z.infer<typeof brokerStatementSchema>;

export const commissionsReportRowSchema = z.object({
  brokerId: z.number(),
  name: z.string(),
  kind: z.enum(brokerKinds),
  branchName: z.string(),
  earned: moneySchema,
  paid: moneySchema,
  owed: moneySchema,
});
export type CommissionsReportRow = z.infer<typeof commissionsReportRowSchema>;

/** GET /api/reports/commissions?month=YYYY-MM: 'Comisiones por pagar', per broker. */
export const commissionsReportSchema = z.object({
  month: z.string(),
  rows: z.array(commissionsReportRowSchema),
  totals: z.object({ earned: moneySchema, paid: moneySchema, owed: moneySchema }),
});
export type CommissionsReport = z.infer<typeof commissionsReportSchema>;
