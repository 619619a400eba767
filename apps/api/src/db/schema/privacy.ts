import { char, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './branches-and-users';
import { policies } from './policies';

/*
 * Security and personal data (issue 19): MFA recovery codes, the access log of people's documents
 * and exports, and the record of ARCO requests (access, rectification, cancellation, opposition).
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** Ten one-time recovery codes per user with MFA; only their SHA-256 is kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('mfa_recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * Every view or download of a person's document and every export (who, when, what, from where).
 * Kept when the user or the policy goes: the log outlives what it logs (ids only, no foreign keys
 * that would cascade).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 210 }).notNull().default(''),
    /** 'document_view', 'document_download', 'contract_download', 'addendum_download', 'export', 'arco_export'… */
    action: varchar('action', { length: 40 }).notNull(),
    policyId: integer('policy_id'),
    /** What was reached, in words: the document's type and file name, the export's filters. */
    subject: text('subject').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [index('access_log_policy_id_idx').on(table.policyId, table.at), index('access_log_at_idx').on(table.at)],
);

/** What an admin did for an ARCO request: the person searched, the action, the reason. */
export const arcoRequests = pgTable(
  'arco_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'access' (export), 'rectification', 'cancellation', 'opposition'. */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** How the person was found (name, e-mail or phone as searched), kept after an anonymisation as the request's subject. */
    personQuery: varchar('person_query', { length: 254 }).notNull(),
    reason: text('reason').notNull(),
    /** What was done: tables and rows touched, files deleted (counts and ids, never the personal data itself). */
    outcome: jsonb('outcome').notNull().default({}),
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('arco_requests_created_at_idx').on(table.createdAt)],
);
