import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Postal addresses, shared by branches now and by policies' people and properties later. */
export const addresses = pgTable('addresses', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  street: varchar('street', { length: 150 }).notNull(),
  exteriorNumber: varchar('exterior_number', { length: 20 }).notNull(),
  interiorNumber: varchar('interior_number', { length: 20 }).notNull().default(''),
  colony: varchar('colony', { length: 120 }).notNull(),
  municipality: varchar('municipality', { length: 120 }).notNull(),
  state: varchar('state', { length: 80 }).notNull(),
  zipCode: varchar('zip_code', { length: 5 }).notNull(),
  ...timestamps,
});
