import { boolean, char, date, index, integer, pgEnum, pgTable, text, time, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { appointmentStatuses, appointmentTypes, attendeeRoles } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { policies } from './policies';

export const appointmentStatusEnum = pgEnum('appointment_status', appointmentStatuses);
export const appointmentTypeEnum = pgEnum('appointment_type', appointmentTypes);
export const attendeeRoleEnum = pgEnum('attendee_role', attendeeRoles);

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();

/**
 * An appointment of a branch (a contract signature, an inspection…). Date and times are the
 * business's wall clock in Mexico City, as staff type them; the calendar feed turns them into
 * instants.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    location: varchar('location', { length: 300 }).notNull(),
    type: appointmentTypeEnum('type').notNull().default('signature'),
    status: appointmentStatusEnum('status').notNull().default('pending'),
    /** The video call: a Jitsi Meet room the portal makes, or a Meet/Zoom/Teams link pasted (https; Teams' are long). */
    googleMeetUrl: varchar('google_meet_url', { length: 1000 }),
    /** iCalendar SEQUENCE of the invitations (issue 20): each change sent to attendees raises it; UID stays. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /** The policy the appointment is about (issue 14), one of the same branch; the service checks it. */
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    /** When the 24-hour reminder went out (issue 15); cleared when the date or start time changes. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, precision: 3, mode: 'date' }),
    /** Raised by a trigger on every UPDATE (migration 0025): the record's ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  // The calendar asks for a branch's days; the list pages the same order. The expediente asks for a policy's.
  (table) => [
    index('appointments_branch_date_idx').on(table.branchId, table.date, table.startTime),
    index('appointments_policy_id_idx').on(table.policyId),
    // The reminder run looks only at the days ahead that were not reminded yet.
    index('appointments_reminder_due_idx').on(table.date).where(sql`${table.remindedAt} is null`),
  ],
);

export const attendees = pgTable(
  'appointment_attendees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    externalId: varchar('external_id', { length: 200 }).notNull().default(''),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    role: attendeeRoleEnum('role').notNull().default('tenant'),
    confirmed: boolean('confirmed').notNull().default(false),
    /**
     * The invitation (issue 20): the SHA-256 of the token behind its 'Confirmar asistencia' and
     * 'No podré asistir' links, until when they work, and the answer ('yes' | 'no') with its time.
     */
    rsvpTokenHash: char('rsvp_token_hash', { length: 64 }),
    rsvpExpiresAt: timestamp('rsvp_expires_at', { withTimezone: true, precision: 3, mode: 'date' }),
    response: varchar('response', { length: 3 }),
    respondedAt: timestamp('responded_at', { withTimezone: true, precision: 3, mode: 'date' }),
    invitedAt: timestamp('invited_at', { withTimezone: true, precision: 3, mode: 'date' }),
  },
  (table) => [
    index('appointment_attendees_appointment_id_idx').on(table.appointmentId),
    uniqueIndex('appointment_attendees_rsvp_token_hash_key').on(table.rsvpTokenHash),
  ],
);

/**
 * A user's private calendar feed: only the SHA-256 of the token is kept, so the database never
 * holds a working link. One per user; regenerating replaces it, revoking deletes it.
 */
export const appointmentFeeds = pgTable(
  'appointment_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    createdAt: instant('created_at'),
  },
  (table) => [uniqueIndex('appointment_feeds_token_hash_key').on(table.tokenHash)],
);
