import { index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { branches, users } from './branches-and-users';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();

/**
 * A prospective client of a branch, on the leads board. `status` is the id of one of the
 * branch's columns; `notes` keeps the spec's form (one string, or a JSON array of strings).
 */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: varchar('name', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    phonewhats: varchar('phonewhats', { length: 30 }).notNull().default(''),
    source: varchar('source', { length: 30 }).notNull().default(''),
    server: varchar('server', { length: 200 }).notNull().default(''),
    apikey: varchar('apikey', { length: 200 }).notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: varchar('status', { length: 60 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [index('leads_branch_id_idx').on(table.branchId, table.createdAt)],
);

/**
 * The board's columns, per branch and in order: everyone in a branch sees the same board (the
 * spec kept them in each browser). A branch without rows uses the spec's four defaults.
 */
export const leadColumns = pgTable(
  'lead_columns',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    id: varchar('id', { length: 60 }).notNull(),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.branchId, table.id] })],
);
