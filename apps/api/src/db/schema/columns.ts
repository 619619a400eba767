import { timestamp } from 'drizzle-orm/pg-core';

/** Instants are timestamptz; the server sets both, never the client. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
