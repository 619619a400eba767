import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { feePayers, feeStates } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { brokers } from './brokers';
import { policies, policyTypeEnum } from './policies';
import { paymentMethodEnum } from './rents';

/*
 * The office's money (issue 34): what each policy's fee is, what was collected of it, and what
 * the brokers earn of what was collected. Money is numeric(12,2) read as a string, percentages
 * numeric(5,2) as strings (decision 026); days are `date` in Mexico City's calendar. Nothing
 * here is edited to correct it: a payment or a payout is reversed, with its reason.
 */

export const feePayerEnum = pgEnum('fee_payer', feePayers);
export const feeStateEnum = pgEnum('fee_state', feeStates);

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'string' });
const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();
const day = (name: string) => date(name, { mode: 'string' });

/** An optional extra of a tariff or a quote (e.g. the investigation of an additional guarantor). */
export interface FeeExtra {
  key: string;
  label: string;
  /** Two-decimal string, before IVA. */
  amount: string;
}

/**
 * A tariff per branch and policy type, versioned like templates: saving writes a new version and
 * the highest is current. No row: the portal's defaults (`defaultFeeTariff`, version 0).
 */
export const feeTariffs = pgTable(
  'fee_tariffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    policyType: policyTypeEnum('policy_type').notNull(),
    version: smallint('version').notNull(),
    ratePercent: percent('rate_percent').notNull(),
    minimum: money('minimum').notNull(),
    ivaPercent: percent('iva_percent').notNull(),
    extras: jsonb('extras').$type<FeeExtra[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
  },
  (table) => [
    uniqueIndex('fee_tariffs_branch_type_version_key').on(table.branchId, table.policyType, table.version),
    check('fee_tariffs_values_check', sql`${table.ratePercent} >= 0 and ${table.minimum} >= 0 and ${table.ivaPercent} >= 0 and ${table.version} >= 1`),
  ],
);

/**
 * A policy's fee as quoted: the tariff's figures copied in (a tariff change never changes it),
 * the amounts computed to the centavo (per line, then totals), a manager's discount with its
 * reason, who pays. `collected` and `state` are kept with every payment or reversal.
 */
export const policyFees = pgTable(
  'policy_fees',
  {
    policyId: integer('policy_id')
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** The tariff it was quoted with; null with version 0: the portal's defaults. */
    tariffId: integer('tariff_id').references(() => feeTariffs.id),
    tariffVersion: smallint('tariff_version').notNull(),
    rentAmount: money('rent_amount').notNull(),
    ratePercent: percent('rate_percent').notNull(),
    minimum: money('minimum').notNull(),
    ivaPercent: percent('iva_percent').notNull(),
    /** max(rent × rate, minimum). */
    baseAmount: money('base_amount').notNull(),
    extras: jsonb('extras').$type<FeeExtra[]>().notNull().default([]),
    extrasAmount: money('extras_amount').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    discountReason: text('discount_reason').notNull().default(''),
    discountBy: integer('discount_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the discount was set (the billing report lists the month's). */
    discountAt: timestamp('discount_at', { withTimezone: true, precision: 3, mode: 'date' }),
    subtotal: money('subtotal').notNull(),
    iva: money('iva').notNull(),
    total: money('total').notNull(),
    payer: feePayerEnum('payer').notNull().default('tenant'),
    /** With payer 'split': the owner's share of the total, in percent (the tenant pays the rest). */
    ownerSharePercent: percent('owner_share_percent'),
    collected: money('collected').notNull().default('0'),
    state: feeStateEnum('state').notNull().default('pending'),
    /** The day the fee was fully collected (null until then). */
    paidOn: day('paid_on'),
    /** Raised with every change: the If-Match of the fee's forms (decision 023). */
    version: integer('version').notNull().default(1),
    quotedAt: instant('quoted_at'),
    updatedAt: instant('updated_at'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('policy_fees_state_idx').on(table.state),
    check('policy_fees_amounts_check', sql`${table.discount} >= 0 and ${table.subtotal} >= 0 and ${table.collected} >= 0`),
    check(
      'policy_fees_split_check',
      sql`(${table.payer} = 'split') = (${table.ownerSharePercent} is not null) and (${table.ownerSharePercent} is null or ${table.ownerSharePercent} between 0 and 100)`,
    ),
  ],
);

/** A fee payment as received, like a rent payment (decision 026): never edited, reversed with a reason. */
export const feePayments = pgTable(
  'fee_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policyFees.policyId, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    receivedOn: day('received_on').notNull(),
    method: paymentMethodEnum('method').notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    receiptStoredName: varchar('receipt_stored_name', { length: 100 }),
    receiptFileName: varchar('receipt_file_name', { length: 255 }),
    receiptMimeType: varchar('receipt_mime_type', { length: 100 }),
    receiptSize: bigint('receipt_size', { mode: 'number' }),
    receiptSha256: char('receipt_sha256', { length: 64 }),
  },
  (table) => [
    index('fee_payments_policy_idx').on(table.policyId, table.receivedOn, table.id),
    // The month's billing report: payments by the day they were received.
    index('fee_payments_received_idx').on(table.receivedOn),
    check('fee_payments_amount_check', sql`${table.amount} > 0`),
  ],
);

export const feePaymentReversals = pgTable('fee_payment_reversals', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => feePayments.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: instant('created_at'),
});

/**
 * What a broker earned of a policy's fee as it was collected: one entry per standing fee payment
 * (its share of the fee before IVA × the percent), negative to take back what a reversed payment
 * had earned. Pendiente until a payout includes it.
 */
export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    feePaymentId: integer('fee_payment_id').references(() => feePayments.id, { onDelete: 'set null' }),
    earnedOn: day('earned_on').notNull(),
    /** The fee before IVA this entry was earned on. */
    base: money('base').notNull(),
    percent: percent('percent').notNull(),
    amount: money('amount').notNull(),
    note: text('note').notNull().default(''),
    payoutId: integer('payout_id').references((): AnyPgColumn => commissionPayouts.id),
    createdAt: instant('created_at'),
  },
  (table) => [
    index('commission_entries_broker_idx').on(table.brokerId, table.earnedOn, table.id),
    index('commission_entries_policy_idx').on(table.policyId),
    index('commission_entries_payout_idx').on(table.payoutId),
  ],
);

/** A transfer to a broker paying some of their pending entries, with the withholdings shown. */
export const commissionPayouts = pgTable(
  'commission_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id),
    paidOn: day('paid_on').notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    /** Sum of the entries paid. */
    gross: money('gross').notNull(),
    iva: money('iva').notNull().default('0'),
    isrWithheld: money('isr_withheld').notNull().default('0'),
    ivaWithheld: money('iva_withheld').notNull().default('0'),
    /** What was transferred: gross + IVA − withholdings. */
    net: money('net').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
  },
  (table) => [index('commission_payouts_broker_idx').on(table.brokerId, table.paidOn)],
);

export const commissionPayoutReversals = pgTable('commission_payout_reversals', {
  payoutId: integer('payout_id')
    .primaryKey()
    .references(() => commissionPayouts.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: instant('created_at'),
});

