import { bigint, char, index, integer, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { documentSlots, identificationTypes } from '@portal/domain';
import { policies } from './policies';
import { users } from './branches-and-users';
import { publicLinks } from './public-links';

export const documentSlotEnum = pgEnum('document_slot', documentSlots);
export const identificationTypeEnum = pgEnum('identification_type', identificationTypes);

/**
 * One file of a tenant's investigation. The bytes live on disk under `stored_name` (a generated
 * name, never the user's); this row says what the file is, who brought it and what the reviewer
 * answered. A slot holds one file per index: a new upload for the same slot and index replaces
 * the row (and its file).
 */
export const investigationDocuments = pgTable(
  'investigation_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    // The policy's folio, which never changes: kept here so a file on disk can be traced without a join.
    investigationId: varchar('investigation_id', { length: 64 }).notNull(),
    slot: documentSlotEnum('slot').notNull(),
    slotIndex: smallint('slot_index').notNull().default(0),
    identificationType: identificationTypeEnum('identification_type'),
    originalFilename: varchar('original_filename', { length: 255 }).notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Brought by the person through their link (issue 17) rather than by a staff member. */
    uploadedViaLinkId: integer('uploaded_via_link_id').references(() => publicLinks.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
    respuesta: text('respuesta').notNull().default(''),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true, precision: 3, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('investigation_documents_slot_key').on(table.policyId, table.slot, table.slotIndex),
    uniqueIndex('investigation_documents_stored_name_key').on(table.storedName),
    index('investigation_documents_investigation_id_idx').on(table.investigationId),
  ],
);
