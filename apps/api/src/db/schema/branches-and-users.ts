import { boolean, char, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';
import { paperSizeEnum, recordStatusEnum, roleEnum, signatureMethodEnum, signingOrderEnum } from './enums';
import { addresses } from './addresses';

/*
 * Branches and users point at each other (users.branch_id, branches.manager_id), so they are
 * declared in one file: two files would import each other (a cycle lint forbids). The callbacks
 * typed AnyPgColumn let each table reference the other before both exist.
 */

export const branches = pgTable(
  'branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    phone: varchar('phone', { length: 30 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    status: recordStatusEnum('status').notNull().default('active'),
    /** Short code that starts the branch's policy numbers (`POL-2026-00042`); upper case, unique. */
    code: varchar('code', { length: 6 }).notNull(),
    /** How many days before a policy's end date it becomes 'Por vencer' (the daily job). */
    expiryNoticeDays: smallint('expiry_notice_days').notNull().default(30),
    /** The paper its contract pack is printed on (issue 16). */
    paperSize: paperSizeEnum('paper_size').notNull().default('letter'),
    /** Issue 35: how each kind of the contract pack is signed (decision 030); pagarés with e.firma where every signer has an RFC, else paper. */
    signatureMethodLease: signatureMethodEnum('signature_method_lease').notNull().default('simple'),
    signatureMethodPolicy: signatureMethodEnum('signature_method_policy').notNull().default('simple'),
    signatureMethodPromissoryNotes: signatureMethodEnum('signature_method_promissory_notes').notNull().default('efirma'),
    /** Issue 35: all signers at once, or one after another (tenant, guarantors, owner, the office). */
    signingOrder: signingOrderEnum('signing_order').notNull().default('parallel'),
    /** Issue 35: days a signing round stays open before it expires. */
    signingRoundDays: smallint('signing_round_days').notNull().default(15),
    /** Issue 35: reminders to a signer who has not signed (after 2 days, then every 2 days), at most this many (0: none). */
    signingReminderMax: smallint('signing_reminder_max').notNull().default(3),
    /** Retention (issue 19): months after a rejection before the investigation's documents are deleted (null: never). */
    retainRejectedDocumentsMonths: smallint('retain_rejected_documents_months').default(6),
    /** Years after a policy ended (expired, cancelled, terminated) before its documents are deleted (null: never). */
    retainEndedPolicyDocumentsYears: smallint('retain_ended_policy_documents_years').default(10),
    /** Issue 33: years after a case (incidencia) closed before its personal data are anonymised (null: never). */
    retainClosedClaimsYears: smallint('retain_closed_claims_years').default(10),
    /** Issue 32: days before each due date the tenant is reminded by e-mail (null: no reminders). */
    rentReminderDays: smallint('rent_reminder_days').default(3),
    /** The highest yearly rent increase a renewal proposes (null: none), and where the figure comes from. */
    maxRentIncreasePercent: numeric('max_rent_increase_percent', { precision: 5, scale: 2, mode: 'number' }),
    maxRentIncreaseSource: varchar('max_rent_increase_source', { length: 200 }).notNull().default(''),
    /** Issue 34: whether 'Generar Contratos' waits until the policy's fee is fully paid (409 otherwise). */
    requireFeeBeforeContracts: boolean('require_fee_before_contracts').notNull().default(false),
    /** Issue 34: the commission of a broker who names none, percent of the fee before IVA. */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'string' }).notNull().default('20.00'),
    /** The key of the branch's web forms (POST /api/public/leads/{key}, issue 20): only its SHA-256; rotated by managers. */
    leadCaptureKeyHash: char('lead_capture_key_hash', { length: 64 }),
    /** The web sites allowed to post those forms from a browser (CORS), e.g. https://www.inmobiliaria.mx. */
    leadCaptureOrigins: text('lead_capture_origins').array().notNull().default(sql`'{}'::text[]`),
    /** Raised by a trigger on every UPDATE (migration 0025): the record's ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('branches_lead_capture_key_hash_key').on(table.leadCaptureKeyHash),
    uniqueIndex('branches_name_key').on(sql`lower(${table.name})`),
    uniqueIndex('branches_address_id_key').on(table.addressId),
    uniqueIndex('branches_code_key').on(table.code),
    index('branches_manager_id_idx').on(table.managerId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Stored lower-cased by the domain schema, so a plain unique index is case-insensitive.
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    role: roleEnum('role').notNull().default('agent'),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    mobile: varchar('mobile', { length: 30 }).notNull().default(''),
    status: recordStatusEnum('status').notNull().default('active'),
    branchId: integer('branch_id').references((): AnyPgColumn => branches.id),
    passwordHash: text('password_hash').notNull(),
    /** Issue 35: the branch's legal representative, who signs the lease and the póliza for the office. */
    legalRepresentative: boolean('legal_representative').notNull().default(false),
    /** Issue 35: the representative's RFC and CURP, matched against their e.firma ('' when unknown). */
    rfc: varchar('rfc', { length: 13 }).notNull().default(''),
    curp: varchar('curp', { length: 18 }).notNull().default(''),
    /** A temporary password an admin issued: the user must choose their own at the next sign-in (issue 19). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** TOTP (issue 19): the shared secret, encrypted with SECRETS_KEY (lib/secrets.ts), once enrolment is confirmed, and when. */
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true, precision: 3, mode: 'date' }),
    /** The 30-second step of the last TOTP code accepted: a code (or an earlier one) is never accepted twice. */
    mfaLastStep: integer('mfa_last_step'),
    /** Raised by a trigger when a field of the user form changes (migration 0025, decision 023). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_branch_id_idx').on(table.branchId),
  ],
);
