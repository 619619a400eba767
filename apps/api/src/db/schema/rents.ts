import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { paymentMethods, rentConfirmationAnswers, rentMonthStates, rentProofStates } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { policies } from './policies';
import { publicLinks } from './public-links';

/*
 * The policy's year of rents (issue 32, decision 026). Money is numeric(12,2), read as a string
 * (never a JavaScript float); days are `date` in Mexico City's calendar.
 */

export const rentMonthStateEnum = pgEnum('rent_month_state', rentMonthStates);
export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);
export const rentConfirmationAnswerEnum = pgEnum('rent_confirmation_answer', rentConfirmationAnswers);
export const rentProofStateEnum = pgEnum('rent_proof_state', rentProofStates);

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const instant = (name: string) => moment(name).notNull().defaultNow();

/**
 * One per policy whose schedule exists (written when the policy becomes active: migration 0034's
 * trigger). Its version rises with every payment or reversal: the If-Match of a payment form.
 */
export const rentSchedules = pgTable('rent_schedules', {
  policyId: integer('policy_id')
    .primaryKey()
    .references(() => policies.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  /**
   * The first deadline the arrears follow: the contract start for a schedule written at
   * activation; the day it was written for a policy already in force before the portal kept
   * rents (its earlier months stay Pendiente, never silently En mora).
   */
  trackedFrom: date('tracked_from', { mode: 'string' }).notNull(),
  createdAt: instant('created_at'),
  updatedAt: instant('updated_at'),
});

/** A month of the term: what is due, when, and what the payments cover of it. */
export const rentMonths = pgTable(
  'rent_months',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => rentSchedules.policyId, { onDelete: 'cascade' }),
    /** 1…N: the month of the term, and its pagaré's number. */
    seq: smallint('seq').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    graceDays: smallint('grace_days').notNull().default(0),
    amountDue: money('amount_due').notNull(),
    paid: money('paid').notNull().default('0'),
    paidOn: date('paid_on', { mode: 'string' }),
    state: rentMonthStateEnum('state').notNull().default('pending'),
    waivedReason: text('waived_reason'),
  },
  (table) => [
    uniqueIndex('rent_months_policy_seq_key').on(table.policyId, table.seq),
    // The daily arrears run: the months still open, by the day they fall late.
    index('rent_months_open_due_idx')
      .on(sql`(${table.dueOn} + ${table.graceDays})`)
      .where(sql`${table.state} in ('pending', 'partial')`),
    // The tenant's reminders (issue 32): the months still open, by their due date.
    index('rent_months_open_due_on_idx')
      .on(table.dueOn)
      .where(sql`${table.state} in ('pending', 'partial')`),
    check('rent_months_amounts_check', sql`${table.amountDue} >= 0 and ${table.paid} >= 0`),
  ],
);

/** A payment as received. Never edited: a mistake is corrected by its reversal. */
export const rentPayments = pgTable(
  'rent_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => rentSchedules.policyId, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: paymentMethodEnum('method').notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    /** The receipt (comprobante) staff attached, or the tenant's proof it was confirmed from; all null without one. */
    receiptStoredName: varchar('receipt_stored_name', { length: 100 }),
    receiptFileName: varchar('receipt_file_name', { length: 255 }),
    receiptMimeType: varchar('receipt_mime_type', { length: 100 }),
    receiptSize: bigint('receipt_size', { mode: 'number' }),
    receiptSha256: char('receipt_sha256', { length: 64 }),
  },
  (table) => [index('rent_payments_policy_idx').on(table.policyId, table.receivedOn, table.id), check('rent_payments_amount_check', sql`${table.amount} > 0`)],
);

/** A payment's reversal: who, when and why. At most one per payment. */
export const rentPaymentReversals = pgTable('rent_payment_reversals', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => rentPayments.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: instant('created_at'),
});

/** What each standing payment covers of each month: recomputed whole with every change (decision 026). */
export const rentAllocations = pgTable(
  'rent_allocations',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => rentPayments.id, { onDelete: 'cascade' }),
    monthId: integer('month_id')
      .notNull()
      .references(() => rentMonths.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.paymentId, table.monthId] }), index('rent_allocations_month_idx').on(table.monthId)],
);

/**
 * Each policy's arrears in one row (months En mora, what they owe, the oldest one's due date),
 * kept by `rent_arrears_refresh` (migration 0034) whenever its months change state: the aging
 * report and the dashboard read this instead of adding up millions of months.
 */
export const rentArrears = pgTable(
  'rent_arrears',
  {
    policyId: integer('policy_id')
      .primaryKey()
      .references(() => rentSchedules.policyId, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    months: smallint('months').notNull(),
    amount: money('amount').notNull(),
    oldestDueOn: date('oldest_due_on', { mode: 'string' }).notNull(),
  },
  (table) => [index('rent_arrears_branch_oldest_idx').on(table.branchId, table.oldestDueOn, table.policyId), index('rent_arrears_oldest_idx').on(table.oldestDueOn, table.policyId)],
);

/**
 * The owner asked by a personal link whether a month's rent arrived (issue 32). Only the token's
 * SHA-256 is kept; asking again replaces it. At most one unanswered per month; the answered ones
 * stay as the record of what the owner said.
 */
export const rentConfirmations = pgTable(
  'rent_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monthId: integer('month_id')
      .notNull()
      .references(() => rentMonths.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => rentSchedules.policyId, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: moment('expires_at').notNull(),
    /** E-mails and WhatsApp links sent for it: the daily run asks again once, then tells the agent. */
    askedCount: smallint('asked_count').notNull().default(1),
    lastAskedAt: moment('last_asked_at').notNull(),
    answeredAt: moment('answered_at'),
    answer: rentConfirmationAnswerEnum('answer'),
    partialAmount: money('partial_amount'),
    /** When the agent was told the owner does not answer (once). */
    escalatedAt: moment('escalated_at'),
    createdAt: instant('created_at'),
  },
  (table) => [
    uniqueIndex('rent_confirmations_token_hash_key').on(table.tokenHash),
    uniqueIndex('rent_confirmations_open_month_key').on(table.monthId).where(sql`${table.answeredAt} is null`),
    index('rent_confirmations_month_idx').on(table.monthId, table.id),
    // A policy's ledger reads its months' confirmations.
    index('rent_confirmations_policy_idx').on(table.policyId),
    // The daily run's asking again and telling the agent: the open ones, by when they were last asked.
    index('rent_confirmations_open_asked_idx')
      .on(table.lastAskedAt)
      .where(sql`${table.answeredAt} is null and ${table.escalatedAt} is null`),
    check(
      'rent_confirmations_answer_check',
      sql`(${table.answeredAt} is null) = (${table.answer} is null) and (${table.partialAmount} is null or (${table.answer} = 'partial' and ${table.partialAmount} > 0))`,
    ),
  ],
);

/**
 * A tenant's proof of payment (comprobante) sent by link (issue 32): staff confirm it — it becomes
 * a payment with this file as its receipt — or reject it with a reason the tenant sees. Decided
 * once (`UPDATE … WHERE state = 'pending'`), so two staff confirming at once make one payment.
 */
export const rentPaymentProofs = pgTable(
  'rent_payment_proofs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => rentSchedules.policyId, { onDelete: 'cascade' }),
    /** The link it came through (the tenant's name is on it). */
    linkId: integer('link_id').references(() => publicLinks.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: paymentMethodEnum('method').notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    state: rentProofStateEnum('state').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    paymentId: integer('payment_id').references(() => rentPayments.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: moment('decided_at'),
    createdAt: instant('created_at'),
  },
  (table) => [
    index('rent_payment_proofs_policy_idx').on(table.policyId, table.id),
    check('rent_payment_proofs_amount_check', sql`${table.amount} > 0`),
    check('rent_payment_proofs_reason_check', sql`(${table.state} = 'rejected') = (${table.rejectReason} is not null)`),
  ],
);

/**
 * The reminders the tenant was sent before a month's due date (issue 32): one per month at most
 * (its primary key), written with the e-mail in the daily run's transaction, so a second run the
 * same day, or a day's catch-up, never sends it twice.
 */
export const rentReminders = pgTable(
  'rent_reminders',
  {
    monthId: integer('month_id')
      .primaryKey()
      .references(() => rentMonths.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => rentSchedules.policyId, { onDelete: 'cascade' }),
    /** The day (Mexico City) it was sent, and to whom. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: instant('created_at'),
  },
  (table) => [index('rent_reminders_policy_idx').on(table.policyId)],
);
