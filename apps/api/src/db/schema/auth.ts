import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './branches-and-users';

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use rotates the token inside its family;
 * presenting an already rotated token revokes the whole family (a stolen copy was used).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_user_id_idx').on(table.userId), index('refresh_tokens_family_id_idx').on(table.familyId)],
);

/**
 * Failed sign-in counters per account and per IP, in the database so the limit holds across
 * restarts and across app instances. `key` is 'email:<address>' or 'ip:<address>'.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Calls per window of a rate-limited public route, per caller (issue 19): in the database so the
 * limit is one limit across app instances. `key` is the route and the caller's address; a row
 * whose window has ended starts a new one on the next call and is deleted a while later.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limit_hits_expires_at_idx').on(table.expiresAt)],
);
