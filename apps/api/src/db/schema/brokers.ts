import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { brokerKinds } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { recordStatusEnum } from './enums';

/*
 * The asesores and inmobiliarias who bring the business (issue 34). A policy names one
 * (`rents.broker_id`); what they earn is in fees.ts (commission_entries, commission_payouts).
 * This file imports no policy table, so policies.ts can point here without a cycle.
 */

export const brokerKindEnum = pgEnum('broker_kind', brokerKinds);

const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'string' });
const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();

export const brokers = pgTable(
  'brokers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The branch that works with them: its staff pick them on a policy and see their statement. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: brokerKindEnum('kind').notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    rfc: varchar('rfc', { length: 13 }).notNull().default(''),
    contactName: varchar('contact_name', { length: 150 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    bank: varchar('bank', { length: 80 }).notNull().default(''),
    clabe: varchar('clabe', { length: 18 }).notNull().default(''),
    accountHolder: varchar('account_holder', { length: 150 }).notNull().default(''),
    /** Percent of the fee before IVA; null: the branch's (`branches.commission_percent`). */
    commissionPercent: percent('commission_percent'),
    /** IVA added to the commission when the broker invoices it (0: none). The rule is the office's. */
    commissionIvaPercent: percent('commission_iva_percent').notNull().default('0'),
    /** ISR and IVA the office withholds from the commission (an asesor invoicing as a person); 0: none. */
    isrWithholdingPercent: percent('isr_withholding_percent').notNull().default('0'),
    ivaWithholdingPercent: percent('iva_withholding_percent').notNull().default('0'),
    notes: text('notes').notNull().default(''),
    status: recordStatusEnum('status').notNull().default('active'),
    /** Raised on every edit: the ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [
    // One record per name and kind in a branch: the old free text is matched to it (migration 0043).
    uniqueIndex('brokers_branch_kind_name_key').on(table.branchId, table.kind, sql`lower(${table.name})`),
    index('brokers_branch_name_idx').on(table.branchId, table.name),
  ],
);
