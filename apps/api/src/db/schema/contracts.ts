import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, integer, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { templateKinds, type ContractDocumentKind } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { policies } from './policies';

/*
 * One enum for every kind of text the templates admin keeps (the name is older than the rent
 * statement): a generated pack's documents are the contract kinds only (their columns say so).
 */
export const contractDocumentKindEnum = pgEnum('contract_document_kind', templateKinds);

/**
 * The business's legal texts (issue 16), one row per saved version. branch_id null is the product's
 * default for the kind; a branch's rows override it for that branch. Rows are never edited: a save
 * is a new version, so a generated document can always name the exact text it came from.
 */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: contractDocumentKindEnum('kind').notNull(),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // coalesce: NULL is not equal to NULL, and the default's versions must be unique too.
    uniqueIndex('contract_templates_scope_version_key').on(table.kind, sql`coalesce(${table.branchId}, 0)`, table.version),
  ],
);

/** One generated PDF of a policy's contract pack; the bytes live in the file store under stored_name. */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: contractDocumentKindEnum('kind').$type<ContractDocumentKind>().notNull(),
    packVersion: integer('pack_version').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => contractTemplates.id),
    templateVersion: integer('template_version').notNull(),
    templateIsBranchOverride: boolean('template_is_branch_override').notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    pageCount: smallint('page_count').notNull(),
    superseded: boolean('superseded').notNull().default(false),
    /** Carries the signers' signatures and the evidence page (an electronic signing round's result, issue 17). */
    signed: boolean('signed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contract_documents_pack_kind_key').on(table.policyId, table.packVersion, table.kind),
    uniqueIndex('contract_documents_stored_name_key').on(table.storedName),
    index('contract_documents_template_id_idx').on(table.templateId),
    // Issue 35: /verificar finds a signed document by its SHA-256.
    index('contract_documents_sha256_idx').on(table.sha256),
  ],
);
