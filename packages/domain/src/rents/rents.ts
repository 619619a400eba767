import { z } from 'zod';
import { idSchema } from '../common/fields';
import { moneySchema, positiveMoneyInput } from './money';
import { rentMonthConfirmationSchema } from './confirmations';
import { pagareStates, paymentMethodLabels, paymentMethods, recordablePaymentMethods, rentMonthStates } from './rent-values';

/** A month of the schedule as `GET /api/policy/{id}/rents` answers it. */
export const rentMonthSchema = z.object({
  id: z.number(),
  /** 'YYYY-MM' of the due date. */
  period: z.string(),
  dueOn: z.string(),
  graceDays: z.number(),
  amountDue: moneySchema,
  paid: moneySchema,
  /** What is still owed of it (0.00 when paid or waived). */
  owed: moneySchema,
  state: z.enum(rentMonthStates),
  /** Days after the due date: until today while owed past its grace, until the payment when paid late; 0 otherwise. */
  daysLate: z.number(),
  /** Moratorium interest the lease's clause computes on what is owed, for the days late ('0.00' when none): shown, never added to `owed`. */
  interest: moneySchema,
  paidOn: z.string().nullable(),
  pagare: z.object({ number: z.number(), of: z.number(), state: z.enum(pagareStates) }),
  waivedReason: z.string().nullable(),
  /** The owner's confirmation of the month (the latest asked), or null when never asked. */
  confirmation: rentMonthConfirmationSchema.nullable(),
});
export type RentMonth = z.infer<typeof rentMonthSchema>;

export const rentPaymentSchema = z.object({
  id: z.number(),
  amount: moneySchema,
  receivedOn: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  /** The months it was applied to, oldest first. */
  appliedTo: z.array(z.object({ period: z.string(), amount: moneySchema })),
  reversal: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
  /** The comprobante attached (download: GET /api/payments/{id}/receipt), or null. */
  receipt: z.object({ fileName: z.string(), size: z.number() }).nullable(),
});
export type RentPayment = z.infer<typeof rentPaymentSchema>;

/** The policy's rents: the schedule with what was paid and what is owed. */
export const rentLedgerSchema = z.object({
  policyId: z.number(),
  /** false before activation: `rows` are then what the schedule will be, and no payment can be recorded. */
  scheduled: z.boolean(),
  rows: z.array(rentMonthSchema),
  payments: z.array(rentPaymentSchema),
  totals: z.object({ due: moneySchema, paid: moneySchema, owed: moneySchema, credit: moneySchema }),
  arrears: z.object({ months: z.number(), amount: moneySchema, daysLate: z.number(), interest: moneySchema }),
  /** The lease's moratorium interest, % a month ('3.50'); null when it sets none. */
  lateInterestMonthlyRate: z.string().nullable(),
  /** The ledger's version: a payment or reversal names it in If-Match (412 when someone wrote first). */
  version: z.number(),
});
export type RentLedger = z.infer<typeof rentLedgerSchema>;

/** 'YYYY-MM-DD' naming a real day ('2027-02-30' is not; '2027-13-40' must not throw either: it was a 500). */
export function isCalendarDay(value: string): boolean {
  if (!/^(19|2[01])\d{2}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const calendarDay = (label: string) =>
  z
    .string({ error: `El campo ${label} es obligatorio` })
    .trim()
    .refine((value) => isCalendarDay(value), `El campo ${label} debe ser una fecha válida`);

export const paymentInputSchema = z.object({
  amount: positiveMoneyInput('Importe'),
  receivedOn: calendarDay('Fecha de recepción'),
  method: z.enum(recordablePaymentMethods, { error: `El campo Forma de pago debe ser una de: ${recordablePaymentMethods.map((method) => paymentMethodLabels[method]).join(', ')}` }),
  reference: z.string().trim().max(100, 'El campo Referencia admite como máximo 100 caracteres').optional().default(''),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** The longest reason a reversal or a waiver takes. */
export const rentReasonMax = 500;

/** Why a payment is reversed or a month forgiven: it stays beside it and in the history. */
const reasonField = z
  .string({ error: 'El campo Motivo es obligatorio' })
  .trim()
  .min(3, 'El campo Motivo es obligatorio')
  .max(rentReasonMax, `El campo Motivo admite como máximo ${rentReasonMax} caracteres`);

export const reversalInputSchema = z.object({ reason: reasonField });
export type ReversalInput = z.input<typeof reversalInputSchema>;

export const paymentIdParamsSchema = z.object({ id: idSchema });

/** 'Condonar': why the office forgives the month. */
export const waiverInputSchema = z.object({ reason: reasonField });
export type WaiverInput = z.input<typeof waiverInputSchema>;

export const rentMonthIdParamsSchema = z.object({ id: idSchema });
