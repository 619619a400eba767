import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { policyStatuses, policyTypes, propertyTypes, referenceTypes } from '@portal/domain';
import { branches, users } from './branches-and-users';
import { brokers } from './brokers';

export const policyStatusEnum = pgEnum('policy_status', policyStatuses);
export const policyTypeEnum = pgEnum('policy_type', policyTypes);
export const propertyTypeEnum = pgEnum('property_type', propertyTypes);
export const referenceTypeEnum = pgEnum('reference_type', referenceTypes);

/**
 * Millisecond precision: a JavaScript Date holds the value exactly, so the list's keyset cursor
 * (created_at, id) round-trips without skipping or repeating rows.
 */
const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

type AddressKey = 'street' | 'exteriorNumber' | 'interiorNumber' | 'colony' | 'municipality' | 'state' | 'zipCode';
type AddressColumns<K extends string> = { [A in AddressKey as `${K}${Capitalize<A>}`]: ReturnType<typeof addressColumn> };

function addressColumn(name: string, length: number) {
  return varchar(name, { length }).notNull().default('');
}

/**
 * A person's or property's postal address, kept in the row that owns it (a value, not an entity:
 * it lives and dies with its owner, so there are no orphan addresses). '' where not given.
 * `addressColumns('workAddress', 'work_')` gives workAddressStreet → work_street, and so on.
 */
function addressColumns<K extends string>(key: K, sqlPrefix: string): AddressColumns<K> {
  const lengths: Record<AddressKey, [string, number]> = {
    street: ['street', 150],
    exteriorNumber: ['exterior_number', 20],
    interiorNumber: ['interior_number', 20],
    colony: ['colony', 120],
    municipality: ['municipality', 120],
    state: ['state', 80],
    zipCode: ['zip_code', 5],
  };
  const entries = Object.entries(lengths).map(([field, [name, length]]) => [
    `${key}${field[0]!.toUpperCase()}${field.slice(1)}`,
    addressColumn(`${sqlPrefix}${name}`, length),
  ]);
  return Object.fromEntries(entries) as AddressColumns<K>;
}

const contactColumns = () => ({
  phone: varchar('phone', { length: 30 }).notNull().default(''),
  mobile: varchar('mobile', { length: 30 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
});

export const policies = pgTable(
  'policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    investigationId: varchar('investigation_id', { length: 30 }).notNull(),
    policyNumber: varchar('policy_number', { length: 40 }).notNull().default(''),
    status: policyStatusEnum('status').notNull().default('created'),
    previousPolicy: varchar('previous_policy', { length: 40 }).notNull().default(''),
    policyType: policyTypeEnum('policy_type').notNull().default('basica'),
    guarantorRequired: boolean('guarantor_required').notNull().default(false),
    isElectronicSignature: boolean('is_electronic_signature').notNull().default(false),
    specialnote: text('specialnote').notNull().default(''),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The list row, kept with the policy so the list and its search read one table (written by
    // the same transaction as the children they summarise).
    tenantNames: text('tenant_names').array().notNull().default(sql`'{}'::text[]`),
    guarantorNames: text('guarantor_names').array().notNull().default(sql`'{}'::text[]`),
    ownerName: varchar('owner_name', { length: 150 }).notNull().default(''),
    street: varchar('street', { length: 150 }).notNull().default(''),
    exteriorNumber: varchar('exterior_number', { length: 20 }).notNull().default(''),
    colony: varchar('colony', { length: 120 }).notNull().default(''),
    municipality: varchar('municipality', { length: 120 }).notNull().default(''),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** The term (issue 15): months from the rent's contract start date, copied here with the end
     * date the server computes from both, so the list and the daily job read one table. */
    termMonths: smallint('term_months').notNull().default(12),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** A renewal and the policy it renews point at each other. */
    renewedToPolicyId: integer('renewed_to_policy_id').references((): AnyPgColumn => policies.id, { onDelete: 'set null' }),
    renewedFromPolicyId: integer('renewed_from_policy_id').references((): AnyPgColumn => policies.id, { onDelete: 'set null' }),
    /** Every searched field, lower-cased and without accents, for one trigram-indexed LIKE. */
    searchText: text('search_text').notNull().default(''),
    /** Raised by a trigger on every UPDATE (migration 0025): the record's ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [
    uniqueIndex('policies_investigation_id_key').on(table.investigationId),
    // One policy per folio de póliza across the company; '' is "not numbered yet" (migration 0024).
    uniqueIndex('policies_policy_number_key').on(table.policyNumber).where(sql`${table.policyNumber} <> ''`),
    // A folio fragment ('INV-1511') searched as a prefix, whatever the database's collation.
    index('policies_investigation_id_pattern_idx').on(table.investigationId.op('varchar_pattern_ops')),
    // The list's order (newest first) within a branch, with and without the status filter;
    // scanned backwards for ORDER BY created_at DESC, id DESC.
    index('policies_branch_created_idx').on(table.branchId, table.createdAt, table.id),
    // An admin's list across every branch.
    index('policies_created_idx').on(table.createdAt, table.id),
    index('policies_branch_status_created_idx').on(table.branchId, table.status, table.createdAt, table.id),
    index('policies_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('policies_user_id_idx').on(table.userId),
    // The daily job: policies in force whose end date is before (or near) a day.
    index('policies_status_end_date_idx').on(table.status, table.endDate),
    uniqueIndex('policies_renewed_to_policy_id_key').on(table.renewedToPolicyId),
    uniqueIndex('policies_renewed_from_policy_id_key').on(table.renewedFromPolicyId),
  ],
);

/**
 * The last policy number given per branch and year (`{code}-{year}-{NNNNN}`). Taken with an
 * upsert that returns the new value inside the transaction that moves the policy to 'contracts':
 * concurrent transactions queue on the row, and a rolled-back one gives its number back.
 */
export const policyNumberCounters = pgTable(
  'policy_number_counters',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (table) => [primaryKey({ name: 'policy_number_counters_pkey', columns: [table.branchId, table.year] })],
);

export const tenants = pgTable(
  'tenants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** Order in the form: the first tenant is the main one. */
    position: smallint('position').notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    ...addressColumns('address', ''),
    ...contactColumns(),
    profession: varchar('profession', { length: 120 }).notNull().default(''),
    monthlyIncome: money('monthly_income'),
    company: varchar('company', { length: 150 }).notNull().default(''),
    seniority: varchar('seniority', { length: 60 }).notNull().default(''),
    immediateBoss: varchar('immediate_boss', { length: 150 }).notNull().default(''),
    ...addressColumns('workAddress', 'work_'),
    requiresInvoice: boolean('requires_invoice').notNull().default(false),
    /** Issue 35: the person's RFC and CURP, matched against their e.firma certificate ('' when unknown). */
    rfc: varchar('rfc', { length: 13 }).notNull().default(''),
    curp: varchar('curp', { length: 18 }).notNull().default(''),
  },
  (table) => [index('tenants_policy_id_idx').on(table.policyId, table.position)],
);

export const tenantReferences = pgTable(
  'tenant_references',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 150 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    type: referenceTypeEnum('type').notNull().default('personal'),
  },
  (table) => [index('tenant_references_tenant_id_idx').on(table.tenantId, table.position)],
);

export const guarantors = pgTable(
  'guarantors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    ...addressColumns('address', ''),
    ...contactColumns(),
    sameAddressAsGuarantee: boolean('same_address_as_guarantee').notNull().default(true),
    /** False when the guarantee property is the guarantor's own address (no separate address). */
    hasGuaranteeAddress: boolean('has_guarantee_address').notNull().default(false),
    ...addressColumns('guaranteeAddress', 'guarantee_'),
    /** Issue 35: the person's RFC and CURP, matched against their e.firma certificate ('' when unknown). */
    rfc: varchar('rfc', { length: 13 }).notNull().default(''),
    curp: varchar('curp', { length: 18 }).notNull().default(''),
  },
  (table) => [index('guarantors_policy_id_idx').on(table.policyId, table.position)],
);

/** A Plus Auto guarantor's vehicle: at most one per guarantor. */
export const guarantorVehicles = pgTable('guarantor_vehicles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  guarantorId: integer('guarantor_id')
    .notNull()
    .unique('guarantor_vehicles_guarantor_id_key')
    .references(() => guarantors.id, { onDelete: 'cascade' }),
  brand: varchar('brand', { length: 60 }).notNull().default(''),
  model: varchar('model', { length: 60 }).notNull().default(''),
  year: smallint('year'),
  color: varchar('color', { length: 40 }).notNull().default(''),
  licensePlate: varchar('license_plate', { length: 20 }).notNull().default(''),
  createdAt: instant('created_at'),
  updatedAt: instant('updated_at'),
});

/** The rented property, one per policy, with its services (water, electricity…) inline. */
export const properties = pgTable('properties', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  policyId: integer('policy_id')
    .notNull()
    .unique('properties_policy_id_key')
    .references(() => policies.id, { onDelete: 'cascade' }),
  ...addressColumns('address', ''),
  propertyType: propertyTypeEnum('property_type').notNull().default('house'),
  parkingSpots: integer('parking_spots').notNull().default(0),
  identification: varchar('identification', { length: 60 }).notNull().default(''),
  serviceWater: boolean('service_water').notNull().default(false),
  serviceElectricity: boolean('service_electricity').notNull().default(false),
  serviceMaintenance: boolean('service_maintenance').notNull().default(false),
  serviceOther: varchar('service_other', { length: 200 }).notNull().default(''),
  serviceDetails: text('service_details').notNull().default(''),
  commercialUse: boolean('commercial_use').notNull().default(false),
  commercialServices: boolean('commercial_services').notNull().default(false),
  commercialServicesDetails: text('commercial_services_details').notNull().default(''),
  specialObjects: boolean('special_objects').notNull().default(false),
  specialObjectsDetails: text('special_objects_details').notNull().default(''),
  description: text('description').notNull().default(''),
});

export const propertyOwners = pgTable('property_owners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  propertyId: integer('property_id')
    .notNull()
    .unique('property_owners_property_id_key')
    .references(() => properties.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  ...addressColumns('address', ''),
  ...contactColumns(),
  /** Issue 35: the owner's RFC and CURP, matched against their e.firma certificate ('' when unknown). */
  rfc: varchar('rfc', { length: 13 }).notNull().default(''),
  curp: varchar('curp', { length: 18 }).notNull().default(''),
});

/** The lease's money and dates, with the real-estate agency's name and agent inline. */
export const rents = pgTable('rents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  propertyId: integer('property_id')
    .notNull()
    .unique('rents_property_id_key')
    .references(() => properties.id, { onDelete: 'cascade' }),
  price: money('price').notNull(),
  includesMaintenance: boolean('includes_maintenance').notNull().default(false),
  maintenanceAmount: money('maintenance_amount'),
  providesInvoice: boolean('provides_invoice').notNull().default(false),
  contractStartDate: date('contract_start_date', { mode: 'string' }),
  propertyDeliveryDate: date('property_delivery_date', { mode: 'string' }),
  gracePeriod: smallint('grace_period'),
  /** Moratorium interest, % a month (issue 32); null: the lease sets none. */
  lateInterestMonthlyRate: numeric('late_interest_monthly_rate', { precision: 5, scale: 2, mode: 'number' }),
  deposit: money('deposit'),
  bankDeposit: boolean('bank_deposit').notNull().default(false),
  accountNumber: varchar('account_number', { length: 30 }).notNull().default(''),
  bank: varchar('bank', { length: 80 }).notNull().default(''),
  clabe: varchar('clabe', { length: 18 }).notNull().default(''),
  accountHolder: varchar('account_holder', { length: 150 }).notNull().default(''),
  realEstate: boolean('real_estate').notNull().default(false),
  realEstateName: varchar('real_estate_name', { length: 150 }).notNull().default(''),
  realEstateAgent: varchar('real_estate_agent', { length: 150 }).notNull().default(''),
  /** Issue 34: the asesor or inmobiliaria from the directory; the text above stays where the old text matched none. */
  brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'set null' }),
}, (table) => [index('rents_broker_id_idx').on(table.brokerId)]);

/** The policy's history: who did what, when; from → to status and the sections that changed. */
export const policyEvents = pgTable(
  'policy_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: policyStatusEnum('from_status'),
    toStatus: policyStatusEnum('to_status'),
    changes: text('changes').array().notNull().default(sql`'{}'::text[]`),
    note: text('note').notNull().default(''),
    /** Written by the server on its own (the daily job): the history shows 'Sistema' as the actor. */
    bySystem: boolean('by_system').notNull().default(false),
    /**
     * Who acted when no staff member did and it was not the server: a person outside by their
     * link ('Lucía Gómez (inquilino, por enlace)'). Empty otherwise (issue 29).
     */
    actorLabel: varchar('actor_label', { length: 200 }).notNull().default(''),
    createdAt: instant('created_at'),
  },
  (table) => [index('policy_events_policy_id_idx').on(table.policyId, table.createdAt)],
);

/**
 * How many policies each branch has in each status, kept exact by statement-level triggers on
 * `policies` (migrations 0003 and 0033, decision 004): the dashboard and the list's total without
 * a search text sum these rows instead of counting the branch's policies. A count is split into
 * slots, one per database connection's pid (modulo 32), so creates on different connections do
 * not wait on one row: a (branch, status) total is the sum of its slots.
 */
export const policyStatusCounts = pgTable(
  'policy_status_counts',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    status: policyStatusEnum('status').notNull(),
    slot: smallint('slot').notNull().default(0),
    total: integer('total').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'policy_status_counts_pkey', columns: [table.branchId, table.status, table.slot] })],
);
