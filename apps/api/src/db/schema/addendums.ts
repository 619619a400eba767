import { bigint, char, date, index, integer, numeric, pgEnum, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { addendumStatuses } from '@portal/domain';
import { policies } from './policies';
import { branches, users } from './branches-and-users';

export const addendumStatusEnum = pgEnum('addendum_status', addendumStatuses);

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/**
 * A change agreed on an active policy (rent increase, extension…). Policy number and client name
 * are read from the policy, never stored twice. The branch is the policy's, kept here so every
 * list is filtered and paged on this table's own index. One file at most (the spec's client keeps
 * only the first): its bytes on disk under `file_stored_name`, described by the other file columns.
 */
export const addendums = pgTable(
  'addendums',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: addendumStatusEnum('status').notNull().default('pending'),
    fileStoredName: varchar('file_stored_name', { length: 100 }),
    fileOriginalName: varchar('file_original_name', { length: 255 }),
    fileMimeType: varchar('file_mime_type', { length: 100 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileSha256: char('file_sha256', { length: 64 }),
    fileUploadedAt: instant('file_uploaded_at'),
    fileUploadedBy: integer('file_uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Raised by a trigger on every UPDATE (migration 0025): the record's ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // The list: a branch's addendums, newest first, a page at a time (keyset on created_at, id).
    index('addendums_branch_created_idx').on(table.branchId, table.createdAt, table.id),
    index('addendums_created_idx').on(table.createdAt, table.id),
    index('addendums_policy_id_idx').on(table.policyId),
  ],
);
