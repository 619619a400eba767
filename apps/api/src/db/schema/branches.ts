import { index, integer, pgTable, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';
import { recordStatusEnum } from './enums';
import { addresses } from './addresses';
import { users } from './users';

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
    ...timestamps,
  },
  (table) => [
    uniqueIndex('branches_name_key').on(sql`lower(${table.name})`),
    uniqueIndex('branches_address_id_key').on(table.addressId),
    index('branches_manager_id_idx').on(table.managerId),
  ],
);
