import { char, index, integer, jsonb, numeric, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, varchar, date } from 'drizzle-orm/pg-core';
import { moveOutPhotoParties, moveOutStates, type RoomCondition } from '@portal/domain';
import { users } from './branches-and-users';
import { policies } from './policies';
import { signingRounds } from './public-links';

/*
 * 'Entrega del inmueble' (issue 32): one acta de entrega-recepción per policy, its rooms' photos
 * and the links the owner and the tenant add photos through. Money is numeric(12,2) read as a
 * string, or integer cents inside the damages' JSON (decision 026); days are `date`.
 */

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

export const moveOutStateEnum = pgEnum('move_out_state', moveOutStates);
export const moveOutPhotoPartyEnum = pgEnum('move_out_photo_party', moveOutPhotoParties);

export interface StoredRoom {
  key: string;
  name: string;
  condition: RoomCondition;
  notes: string;
}
export interface StoredDamage {
  description: string;
  /** Integer cents: never a float. */
  amountCents: number;
}

export const moveOutActas = pgTable('move_out_actas', {
  policyId: integer('policy_id')
    .primaryKey()
    .references(() => policies.id, { onDelete: 'cascade' }),
  state: moveOutStateEnum('state').notNull().default('draft'),
  deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
  keysCount: smallint('keys_count').notNull().default(0),
  keysNotes: text('keys_notes').notNull().default(''),
  meterWater: varchar('meter_water', { length: 50 }).notNull().default(''),
  meterElectricity: varchar('meter_electricity', { length: 50 }).notNull().default(''),
  meterGas: varchar('meter_gas', { length: 50 }).notNull().default(''),
  rooms: jsonb('rooms').$type<StoredRoom[]>().notNull().default([]),
  damages: jsonb('damages').$type<StoredDamage[]>().notNull().default([]),
  unpaidServices: money('unpaid_services').notNull().default('0'),
  unpaidServicesNotes: text('unpaid_services_notes').notNull().default(''),
  /** Frozen by 'Enviar a firma': what the PDF says, whatever the ledger does afterwards. */
  depositAtSend: money('deposit_at_send'),
  unpaidRentAtSend: money('unpaid_rent_at_send'),
  signingRoundId: integer('signing_round_id').references(() => signingRounds.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const moveOutPhotos = pgTable(
  'move_out_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => moveOutActas.policyId, { onDelete: 'cascade' }),
    roomKey: varchar('room_key', { length: 40 }).notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    /** Staff (uploadedBy) or the party whose link took it. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    party: moveOutPhotoPartyEnum('party'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('move_out_photos_policy_idx').on(table.policyId, table.roomKey)],
);

/** A link for the owner or the tenant to add photos: only the token's SHA-256 is kept. */
export const moveOutPhotoLinks = pgTable(
  'move_out_photo_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => moveOutActas.policyId, { onDelete: 'cascade' }),
    party: moveOutPhotoPartyEnum('party').notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('move_out_photo_links_token_key').on(table.tokenHash), index('move_out_photo_links_policy_idx').on(table.policyId)],
);
