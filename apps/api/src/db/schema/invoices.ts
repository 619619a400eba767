import { sql } from 'drizzle-orm';
import { boolean, char, index, integer, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoiceStates } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { feePayments } from './fees';
import { policies } from './policies';

/*
 * CFDI 4.0 invoices of fee payments (issue 34), stamped by a PAC through an adapter (Facturapi
 * first). An invoice is never edited: it is cancelled with the SAT's motive and issued again.
 * The row is written before the PAC is asked (state 'issuing', holding the request's
 * Idempotency-Key), so two clicks make one invoice and a failure leaves nothing half-issued.
 */

export const invoiceStateEnum = pgEnum('invoice_state', invoiceStates);

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    feePaymentId: integer('fee_payment_id')
      .notNull()
      .references(() => feePayments.id),
    /** The policy's branch when it was issued: the billing report's scope. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    state: invoiceStateEnum('state').notNull().default('issuing'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    /** Which adapter stamped it ('facturapi'), its id there, and whether it was a test key's. */
    provider: varchar('provider', { length: 20 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }),
    livemode: boolean('livemode').notNull().default(false),
    /** The folio fiscal (UUID) the SAT gave it, and the PAC's series and folio. */
    uuid: varchar('uuid', { length: 36 }),
    series: varchar('series', { length: 25 }).notNull().default(''),
    folioNumber: integer('folio_number'),
    customerRfc: varchar('customer_rfc', { length: 13 }).notNull(),
    customerLegalName: varchar('customer_legal_name', { length: 300 }).notNull(),
    customerTaxSystem: char('customer_tax_system', { length: 3 }).notNull(),
    customerZip: char('customer_zip', { length: 5 }).notNull(),
    use: varchar('use', { length: 4 }).notNull(),
    paymentForm: char('payment_form', { length: 2 }).notNull(),
    paymentMethod: char('payment_method', { length: 3 }).notNull().default('PUE'),
    productKey: varchar('product_key', { length: 8 }).notNull(),
    description: text('description').notNull(),
    subtotal: money('subtotal').notNull(),
    iva: money('iva').notNull(),
    total: money('total').notNull(),
    issuedAt: moment('issued_at'),
    xmlStoredName: varchar('xml_stored_name', { length: 100 }),
    pdfStoredName: varchar('pdf_stored_name', { length: 100 }),
    cancelMotive: char('cancel_motive', { length: 2 }),
    replacementInvoiceId: integer('replacement_invoice_id').references((): AnyPgColumn => invoices.id),
    /** The PAC's word on the cancellation ('accepted', 'pending'…), as it answered. */
    cancellationStatus: varchar('cancellation_status', { length: 20 }),
    canceledAt: moment('canceled_at'),
    canceledBy: integer('canceled_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    note: text('note').notNull().default(''),
  },
  (table) => [
    uniqueIndex('invoices_idempotency_key_key').on(table.idempotencyKey),
    // One standing invoice per fee payment: a second needs the first cancelled.
    uniqueIndex('invoices_fee_payment_standing_key').on(table.feePaymentId).where(sql`${table.state} <> 'canceled'`),
    index('invoices_policy_idx').on(table.policyId),
    index('invoices_branch_created_idx').on(table.branchId, table.createdAt),
  ],
);
