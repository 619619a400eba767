import { index, integer, pgTable, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { recordStatusEnum, roleEnum } from './enums';
import { branches } from './branches';

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
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_branch_id_idx').on(table.branchId),
  ],
);
