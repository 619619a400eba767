import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { emailStatuses, notificationKinds } from '@portal/domain';
import { users } from './branches-and-users';
import { policies } from './policies';
import { appointments } from './appointments';
import { leads } from './leads';

export const notificationKindEnum = pgEnum('notification_kind', notificationKinds);
export const emailStatusEnum = pgEnum('email_status', emailStatuses);

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/**
 * A user's in-app notification. `dedupe_key` makes a notice idempotent per recipient: a job that
 * runs twice (a retry, two instances) inserts nothing the second time.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    body: text('body').notNull().default(''),
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** A lead's follow-up day (issue 20). */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    readAt: instant('read_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    // The bell reads a user's newest first; NULL keys never collide, so only keyed notices are unique.
    index('notifications_user_id_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_key').on(table.userId, table.dedupeKey),
  ],
);

/** Which notification kinds a user also receives by e-mail; no row means the defaults of the domain. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailKinds: notificationKindEnum('email_kinds').array().notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** An attachment kept with its e-mail until delivered: the bytes as base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Every e-mail is first a row here, written in the transaction of what caused it, then delivered
 * by `deliverDueEmails` (queued → sent | failed). Without SMTP the rows wait, visible to admins.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** The Reply-To header ('' for none): an invitation's answers go to the branch (issue 29). */
    replyTo: varchar('reply_to', { length: 254 }).notNull().default(''),
    status: emailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    // The delivery run's claim: only queued rows, the earliest due first.
    index('email_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('email_outbox_status_id_idx').on(table.status, table.id.desc()),
  ],
);
