import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, char, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  agreementStates,
  claimDocumentKinds,
  claimMovementKinds,
  claimResults,
  claimSources,
  claimStages,
  claimStatuses,
  claimTypes,
  contactChannels,
  contactParties,
  instalmentStates,
} from '@portal/domain';
import { users } from './branches-and-users';
import { policies } from './policies';
import { publicLinks } from './public-links';

/*
 * Incidencias (issue 33): a case per problem on a policy, its events, the collection contacts,
 * the lawsuit and its deadlines, the payment agreement, costs and recoveries, documents and
 * evidence. Money is numeric(12,2) read as a string (decision 026); days are `date` in Mexico
 * City's calendar; instants timestamptz. Branch scope comes from the policy (one source of truth).
 */

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const instant = (name: string) => moment(name).notNull().defaultNow();
const day = (name: string) => date(name, { mode: 'string' });
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

export const claimTypeEnum = pgEnum('claim_type', claimTypes);
export const claimStageEnum = pgEnum('claim_stage', claimStages);
export const claimStatusEnum = pgEnum('claim_status', claimStatuses);
export const claimResultEnum = pgEnum('claim_result', claimResults);
export const claimSourceEnum = pgEnum('claim_source', claimSources);
export const contactChannelEnum = pgEnum('contact_channel', contactChannels);
export const contactPartyEnum = pgEnum('contact_party', contactParties);
export const claimMovementKindEnum = pgEnum('claim_movement_kind', claimMovementKinds);
export const agreementStateEnum = pgEnum('agreement_state', agreementStates);
export const instalmentStateEnum = pgEnum('instalment_state', instalmentStates);
export const claimDocumentKindEnum = pgEnum('claim_document_kind', claimDocumentKinds);

/** One rent month in arrears as the case claimed it: integer cents, never a float. */
export interface ClaimedMonth {
  period: string;
  amountCents: number;
}

export const claims = pgTable(
  'claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    type: claimTypeEnum('type').notNull(),
    status: claimStatusEnum('status').notNull().default('open'),
    stage: claimStageEnum('stage').notNull().default('report'),
    result: claimResultEnum('result'),
    source: claimSourceEnum('source').notNull().default('staff'),
    description: text('description').notNull(),
    rentClaimed: money('rent_claimed').notNull().default('0'),
    servicesClaimed: money('services_claimed').notNull().default('0'),
    damagesClaimed: money('damages_claimed').notNull().default('0'),
    arrearsMonths: jsonb('arrears_months').$type<ClaimedMonth[]>().notNull().default([]),
    assigneeId: userRef('assignee_id'),
    /** Who reported it from outside ('Propietario (por enlace)'), empty for staff. */
    reportedBy: varchar('reported_by', { length: 200 }).notNull().default(''),
    openedAt: instant('opened_at'),
    closedAt: moment('closed_at'),
    /** Kept for its legal period after closing, then anonymised (amounts and dates stay). */
    anonymisedAt: moment('anonymised_at'),
    version: integer('version').notNull().default(1),
    createdBy: userRef('created_by'),
    updatedBy: userRef('updated_by'),
    updatedAt: instant('updated_at'),
  },
  (table) => [
    index('claims_policy_idx').on(table.policyId),
    index('claims_status_stage_idx').on(table.status, table.stage),
    index('claims_assignee_idx').on(table.assigneeId),
    check('claims_closed_has_result', sql`(${table.stage} = 'closed') = (${table.result} IS NOT NULL) AND (${table.stage} = 'closed') = (${table.status} = 'closed')`),
  ],
);

/** Each change of stage (and opening, reopening, a broken agreement): who, when, why. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fromStage: claimStageEnum('from_stage'),
    toStage: claimStageEnum('to_stage'),
    result: claimResultEnum('result'),
    note: text('note').notNull().default(''),
    userId: userRef('user_id'),
    /** Who, when not a user: 'Propietario (por enlace)', 'Sistema'. */
    actorLabel: varchar('actor_label', { length: 200 }).notNull().default(''),
    ownerNotified: boolean('owner_notified').notNull().default(false),
    createdAt: instant('created_at'),
  },
  (table) => [index('claim_events_claim_idx').on(table.claimId, table.id)],
);

export const claimContacts = pgTable(
  'claim_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    channel: contactChannelEnum('channel').notNull(),
    party: contactPartyEnum('party').notNull(),
    personName: varchar('person_name', { length: 200 }).notNull().default(''),
    at: moment('at').notNull(),
    result: text('result').notNull(),
    promisedOn: day('promised_on'),
    promisedAmount: money('promised_amount'),
    createdBy: userRef('created_by'),
    createdAt: instant('created_at'),
  },
  (table) => [index('claim_contacts_claim_idx').on(table.claimId, table.at)],
);

/** Términos: a day and what is due. Reminders 7, 3 and 1 days before (claim_deadline_reminders). */
export const claimDeadlines = pgTable(
  'claim_deadlines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    dueOn: day('due_on').notNull(),
    description: varchar('description', { length: 300 }).notNull(),
    doneAt: moment('done_at'),
    doneBy: userRef('done_by'),
    createdBy: userRef('created_by'),
    createdAt: instant('created_at'),
  },
  (table) => [index('claim_deadlines_due_idx').on(table.dueOn).where(sql`${table.doneAt} IS NULL`), index('claim_deadlines_claim_idx').on(table.claimId)],
);

/** One row per reminder sent: the key makes the daily run send each at most once. */
export const claimDeadlineReminders = pgTable(
  'claim_deadline_reminders',
  {
    deadlineId: integer('deadline_id')
      .notNull()
      .references(() => claimDeadlines.id, { onDelete: 'cascade' }),
    daysBefore: smallint('days_before').notNull(),
    sentAt: instant('sent_at'),
  },
  (table) => [primaryKey({ columns: [table.deadlineId, table.daysBefore] })],
);

/** The lawsuit: court, case number and the procedural steps' dates (in order: the schema checks it). */
export const claimLawsuits = pgTable('claim_lawsuits', {
  claimId: integer('claim_id')
    .primaryKey()
    .references(() => claims.id, { onDelete: 'cascade' }),
  court: varchar('court', { length: 200 }).notNull(),
  caseNumber: varchar('case_number', { length: 60 }).notNull(),
  filedOn: day('filed_on').notNull(),
  admittedOn: day('admitted_on'),
  servedOn: day('served_on'),
  answeredOn: day('answered_on'),
  hearingOn: day('hearing_on'),
  judgmentOn: day('judgment_on'),
  enforcementOn: day('enforcement_on'),
  evictionOn: day('eviction_on'),
  notes: text('notes').notNull().default(''),
  updatedBy: userRef('updated_by'),
  updatedAt: instant('updated_at'),
});

/** Costs, amounts recovered and payouts to the owner; corrected by a reversal with a reason, never edited. */
export const claimMovements = pgTable(
  'claim_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: claimMovementKindEnum('kind').notNull(),
    amount: money('amount').notNull(),
    on: day('on').notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
    createdBy: userRef('created_by'),
    createdAt: instant('created_at'),
    reversedAt: moment('reversed_at'),
    reversedBy: userRef('reversed_by'),
    reversalReason: varchar('reversal_reason', { length: 500 }),
    /** The instalment payment a recovery came from: reversing that payment reverses this too. */
    instalmentPaymentId: integer('instalment_payment_id').references((): AnyPgColumn => claimInstalmentPayments.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('claim_movements_claim_idx').on(table.claimId),
    check('claim_movements_amount_positive', sql`${table.amount} > 0`),
    uniqueIndex('claim_movements_instalment_payment_key').on(table.instalmentPaymentId),
  ],
);

/** A payment agreement (convenio de pago): at most one active per case. */
export const claimAgreements = pgTable(
  'claim_agreements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    state: agreementStateEnum('state').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    createdBy: userRef('created_by'),
    createdAt: instant('created_at'),
    endedAt: moment('ended_at'),
  },
  (table) => [uniqueIndex('claim_agreements_one_active').on(table.claimId).where(sql`${table.state} = 'active'`)],
);

export const claimInstalments = pgTable(
  'claim_instalments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => claimAgreements.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    dueOn: day('due_on').notNull(),
    amount: money('amount').notNull(),
    paid: money('paid').notNull().default('0'),
    paidOn: day('paid_on'),
    state: instalmentStateEnum('state').notNull().default('pending'),
  },
  (table) => [uniqueIndex('claim_instalments_seq').on(table.agreementId, table.seq), index('claim_instalments_due_idx').on(table.dueOn).where(sql`${table.state} IN ('pending', 'partial')`)],
);

/** A payment of an instalment, as a rent payment; corrected by a reversal with a reason. */
export const claimInstalmentPayments = pgTable(
  'claim_instalment_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => claimInstalments.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    receivedOn: day('received_on').notNull(),
    method: varchar('method', { length: 30 }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    createdBy: userRef('created_by'),
    createdAt: instant('created_at'),
    reversedAt: moment('reversed_at'),
    reversedBy: userRef('reversed_by'),
    reversalReason: varchar('reversal_reason', { length: 500 }),
  },
  (table) => [index('claim_instalment_payments_idx').on(table.instalmentId), check('claim_instalment_payments_positive', sql`${table.amount} > 0`)],
);

/** The PDFs drawn from templates; they join the case and the expediente. */
export const claimDocuments = pgTable(
  'claim_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: claimDocumentKindEnum('kind').notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    templateVersion: integer('template_version'),
    createdBy: userRef('created_by'),
    createdAt: instant('created_at'),
  },
  (table) => [index('claim_documents_claim_idx').on(table.claimId)],
);

/** Evidence: photos and files from the owner's report or from staff. */
export const claimFiles = pgTable(
  'claim_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    uploadedBy: userRef('uploaded_by'),
    /** The link it came through (the owner's report), when not staff. */
    linkId: integer('link_id').references(() => publicLinks.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
  },
  (table) => [index('claim_files_claim_idx').on(table.claimId)],
);

/** The stages' labels an admin chose; a stage without a row shows its default. */
export const claimStageLabels = pgTable('claim_stage_labels', {
  stage: claimStageEnum('stage').primaryKey(),
  label: varchar('label', { length: 60 }).notNull(),
  updatedBy: userRef('updated_by'),
  updatedAt: instant('updated_at'),
});
