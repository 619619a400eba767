import { and, asc, desc, eq, inArray, like, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  DashboardStats,
  Guarantor,
  Policy,
  PolicyEvent,
  PolicyAgent,
  PolicyInput,
  PolicySort,
  PolicyStatus,
  PolicySummary,
  PolicyType,
  Tenant,
} from '@portal/domain';
import { businessTimeZone, emptyDashboardStats, policyStatuses, systemActorName } from '@portal/domain';
import { executeNamed, readTogether, rowsOf, statementName, type Executor } from '../../db/client';
import type { CursorPosition } from '../../lib/keyset-cursor';
import { cappedCount, cappedCountSql, toCappedTotal, type CappedTotal } from '../../db/capped-count';
import {
  branches,
  guarantors,
  guarantorVehicles,
  policies,
  policyEvents,
  policyNumberCounters,
  policyStatusCounts,
  properties,
  propertyOwners,
  rents,
  tenantReferences,
  tenants,
  users,
} from '../../db/schema/index';
import { addressValues, readAddress } from './mapping';
import { policyJsonSelect, policyJsonSelectFrom } from './policy-json';
import { policySummaryJson } from './summary-json';
import { inBranchScope } from '../../db/scope';
import { containsPattern, prefixPattern } from '../../db/sql-search';
import type { BranchScope } from '../../lib/branch-scope';
import type { SearchAfter } from './search-cursor';

// --- reading whole policies --------------------------------------------------------------------

type PolicyRow = typeof policies.$inferSelect;

/** Which policies a read selects; every field left out selects all. */
export interface PolicyFilter {
  scope?: BranchScope;
  id?: number;
  ids?: number[];
  status?: PolicyStatus | undefined;
  /** Folded (foldForSearch) text that search_text must contain (a folio fragment: the folio must start with). */
  text?: string | undefined;
  type?: PolicyType | undefined;
  /** The user who created the policy (the list's agent filter). */
  userId?: number | undefined;
  /** Calendar days (yyyy-MM-dd) of creation in Mexico City, both included. */
  createdFrom?: string | null | undefined;
  createdTo?: string | null | undefined;
}

function filterSql(filter: PolicyFilter): SQL | undefined {
  return and(
    filter.scope ? inBranchScope(policies.branchId, filter.scope) : undefined,
    filter.id === undefined ? undefined : eq(policies.id, filter.id),
    filter.ids === undefined ? undefined : inArray(policies.id, filter.ids),
    filter.status === undefined ? undefined : eq(policies.status, filter.status),
    filter.text ? textMatch(filter.text) : undefined,
    filter.type === undefined ? undefined : eq(policies.policyType, filter.type),
    filter.userId === undefined ? undefined : eq(policies.userId, filter.userId),
    filter.createdFrom ? sql`${policies.createdAt} >= ${businessDayStart(filter.createdFrom, 0)}` : undefined,
    filter.createdTo ? sql`${policies.createdAt} < ${businessDayStart(filter.createdTo, 1)}` : undefined,
  );
}

/** A folded text that starts like a folio (INV-ddMMyyyy-HHmm-NNN). */
const folioStart = /^inv-/;

/**
 * A folio fragment ('inv-1511…') is the start of a folio: looked up as a prefix in the folio's
 * own index (pattern ops, migration 0010) — in the trigram index 'inv' and 'nv-' are in every
 * row, which cost 50 ms at 1,000,000 policies (issue 13). Any other text: contained anywhere in
 * search_text, through its trigram index.
 */
function textMatch(text: string): SQL {
  return folioStart.test(text)
    ? sql`${policies.investigationId} like ${prefixPattern(text.toUpperCase())}`
    : sql`${policies.searchText} like ${containsPattern(text)}`;
}

/**
 * The instant a Mexico City calendar day (plus `days`) starts, as a constant expression: the
 * range then bounds the (…, created_at, id) indexes' scans like any other value.
 */
function businessDayStart(day: string, days: 0 | 1): SQL {
  return sql`((${day}::date + ${days}::int)::timestamp at time zone ${businessTimeZone})`;
}

/**
 * Whole policies (with tenants, references, guarantors, vehicles, property, owner and rent) for
 * the rows `filter` selects: one query per table, whatever the number of policies, each child
 * query filtered by the same condition through a subquery.
 */
export async function loadPolicies(db: Executor, filter: PolicyFilter, order: 'newest' | 'none' = 'newest'): Promise<Policy[]> {
  const where = filterSql(filter);
  const query = db.select().from(policies).where(where);
  const rows = order === 'newest' ? await query.orderBy(desc(policies.createdAt), desc(policies.id)) : await query;
  return withChildren(db, rows, where);
}

/**
 * Where a batch of `size` policies after `after` ends (newest first): the position of its last
 * row, or null when fewer than `size` are left. An index scan of `size` entries.
 */
export async function policyBatchEnd(db: Executor, filter: PolicyFilter, after: CursorPosition | null, size: number): Promise<CursorPosition | null> {
  const [row] = await db
    .select({ createdAt: policies.createdAt, id: policies.id })
    .from(policies)
    .where(and(filterSql(filter), positionAfter(after)))
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .offset(size - 1)
    .limit(1);
  return row ?? null;
}

/**
 * Whole policies as JSON texts (built by PostgreSQL: policy-json.ts), newest first, after `after`
 * and up to and including `through` (to the end when null), `size` at most: one batch of the
 * spec's full lists, which are streamed batch by batch, so neither the server nor the database
 * holds a whole branch. One short string per policy, nothing else: the server makes no objects.
 */
export async function loadPolicyJsonRange(
  db: Executor,
  filter: PolicyFilter,
  after: CursorPosition | null,
  through: CursorPosition | null,
  size: number,
): Promise<string[]> {
  const where = and(filterSql(filter), positionAfter(after), through ? sql`(${policies.createdAt}, ${policies.id}) >= (${through.createdAt.toISOString()}::timestamptz, ${through.id})` : undefined);
  // The LIMIT (at most a batch) keeps the plan on the (created_at, id) index walked backwards.
  const page = sql`SELECT * FROM ${policies} ${where ? sql`WHERE ${where}` : sql``}
    ORDER BY ${policies.createdAt} DESC, ${policies.id} DESC LIMIT ${size}`;
  const { columns, joins } = policyJsonSelect;
  const rows = rowsOf<{ json: string | null }>(
    await db.execute(sql`SELECT ${sql.raw(columns)} FROM (${page}) p ${sql.raw(joins)} ORDER BY p.created_at DESC, p.id DESC`),
  );
  return rows.flatMap((row) => (row.json === null ? [] : [row.json]));
}

/** One policy's JSON (policy-json.ts) and its version (the answer's ETag). */
export interface PolicyJsonRow {
  json: string;
  version: number;
}

/**
 * The statement of `loadPolicyJson`, built once per database and prepared once per connection
 * (issue 30): reading a policy whole took six statements (one per child table, each built by
 * drizzle, its rows mapped and made into objects, then zod's pass over the answer) — the largest
 * cost of opening a policy and of a create's answer. Here PostgreSQL builds the JSON in one
 * statement whose plan is reused. The branch test is `coalesce`d so one text serves both scopes.
 */
const policyJsonStatements = new WeakMap<Executor, ReturnType<typeof preparePolicyJson>>();

function preparePolicyJson(db: Executor) {
  const { columns, joins } = policyJsonSelect;
  return db
    .select({ json: sql<string | null>`${sql.raw(columns)}`, version: sql<number>`p.version` })
    .from(sql`${policies} p ${sql.raw(joins)}`)
    .where(sql`p.id = ${sql.placeholder('id')} and p.branch_id = coalesce(${sql.placeholder('branchId')}::int, p.branch_id)`)
    .prepare('policy_json_by_id');
}

/** One policy within `scope`, as the JSON PostgreSQL builds; null when not there (or still without its property). */
export async function loadPolicyJson(db: Executor, id: number, scope: BranchScope): Promise<PolicyJsonRow | null> {
  let statement = policyJsonStatements.get(db);
  if (!statement) policyJsonStatements.set(db, (statement = preparePolicyJson(db)));
  const [row] = await statement.execute({ id, branchId: scope.branchId ?? null });
  return row?.json ? { json: row.json, version: Number(row.version) } : null;
}

/**
 * Rows after a keyset position in a sort's order (newest first by default); all rows for null.
 * The status sort's position is (status, created_at, id), statuses in their lifecycle order
 * (the enum's), newest first within each status.
 */
function positionAfter(after: SearchAfter | null, order: PolicySort = 'newest'): SQL | undefined {
  if (!after) return undefined;
  const instant = sql`(${after.createdAt.toISOString()}::timestamptz, ${after.id})`;
  if (order === 'oldest') return sql`(${policies.createdAt}, ${policies.id}) > ${instant}`;
  const newer = sql`(${policies.createdAt}, ${policies.id}) < ${instant}`;
  if (order === 'newest' || !after.status) return newer;
  const status = sql`${after.status}::policy_status`;
  return sql`(${policies.status} > ${status} or (${policies.status} = ${status} and ${newer}))`;
}

/** A sort's ORDER BY: the keyset order positionAfter continues. */
function orderFor(order: PolicySort): SQL[] {
  if (order === 'oldest') return [asc(policies.createdAt), asc(policies.id)];
  const newest = [desc(policies.createdAt), desc(policies.id)];
  return order === 'status' ? [asc(policies.status), ...newest] : newest;
}

/** The policies of `rows` made whole: each child table read once, for the rows `where` selects. */
async function withChildren(db: Executor, rows: Array<typeof policies.$inferSelect>, where: SQL | undefined): Promise<Policy[]> {
  if (rows.length === 0) return [];
  const selected = db.select({ id: policies.id }).from(policies).where(where);
  const [tenantRows, guarantorRows, propertyRows] = await readTogether(db, [
    () => db.select().from(tenants).where(inArray(tenants.policyId, selected)).orderBy(asc(tenants.policyId), asc(tenants.position)),
    () => db.select().from(guarantors).where(inArray(guarantors.policyId, selected)).orderBy(asc(guarantors.policyId), asc(guarantors.position)),
    () =>
      db
        .select({ property: properties, owner: propertyOwners, rent: rents })
        .from(properties)
        .innerJoin(propertyOwners, eq(propertyOwners.propertyId, properties.id))
        .innerJoin(rents, eq(rents.propertyId, properties.id))
        .where(inArray(properties.policyId, selected)),
  ]);
  const selectedTenants = db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.policyId, selected));
  const selectedGuarantors = db.select({ id: guarantors.id }).from(guarantors).where(inArray(guarantors.policyId, selected));
  const [referenceRows, vehicleRows] = await readTogether(db, [
    () =>
      db
        .select()
        .from(tenantReferences)
        .where(inArray(tenantReferences.tenantId, selectedTenants))
        .orderBy(asc(tenantReferences.tenantId), asc(tenantReferences.position)),
    () => db.select().from(guarantorVehicles).where(inArray(guarantorVehicles.guarantorId, selectedGuarantors)),
  ]);

  const referencesByTenant = groupBy(referenceRows, (row) => row.tenantId);
  const vehicleByGuarantor = new Map(vehicleRows.map((row) => [row.guarantorId, row]));
  const tenantsByPolicy = groupBy(tenantRows, (row) => row.policyId);
  const guarantorsByPolicy = groupBy(guarantorRows, (row) => row.policyId);
  const propertyByPolicy = new Map(propertyRows.map((row) => [row.property.policyId, row]));

  return rows.flatMap((row) => {
    const property = propertyByPolicy.get(row.id);
    // A policy is always written with its property; one without is mid-write in another
    // transaction's snapshot and is left out rather than shown half-made.
    if (!property) return [];
    return [
      toPolicy(
        row,
        (tenantsByPolicy.get(row.id) ?? []).map((tenant) => toTenant(tenant, referencesByTenant.get(tenant.id) ?? [])),
        (guarantorsByPolicy.get(row.id) ?? []).map((guarantor) => toGuarantor(guarantor, vehicleByGuarantor.get(guarantor.id))),
        property,
      ),
    ];
  });
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function toTenant(row: typeof tenants.$inferSelect, references: Array<typeof tenantReferences.$inferSelect>): Tenant {
  return {
    id: row.id,
    name: row.name,
    address: readAddress(row, 'address'),
    phone: row.phone,
    mobile: row.mobile,
    email: row.email,
    profession: row.profession,
    monthlyIncome: row.monthlyIncome,
    company: row.company,
    seniority: row.seniority,
    immediateBoss: row.immediateBoss,
    workAddress: readAddress(row, 'workAddress'),
    requiresInvoice: row.requiresInvoice,
    references: references.map(({ id, name, phone, type }) => ({ id, name, phone, type })),
  };
}

function toGuarantor(row: typeof guarantors.$inferSelect, vehicle: typeof guarantorVehicles.$inferSelect | undefined): Guarantor {
  return {
    id: row.id,
    name: row.name,
    address: readAddress(row, 'address'),
    phone: row.phone,
    mobile: row.mobile,
    email: row.email,
    sameAddressAsGuarantee: row.sameAddressAsGuarantee,
    guaranteeAddress: row.hasGuaranteeAddress ? readAddress(row, 'guaranteeAddress') : null,
    vehicle: vehicle
      ? { id: vehicle.id, brand: vehicle.brand, model: vehicle.model, year: vehicle.year, color: vehicle.color, licensePlate: vehicle.licensePlate }
      : null,
  };
}

interface PropertyRows {
  property: typeof properties.$inferSelect;
  owner: typeof propertyOwners.$inferSelect;
  rent: typeof rents.$inferSelect;
}

function toPolicy(row: PolicyRow, tenantList: Tenant[], guarantorList: Guarantor[], { property, owner, rent }: PropertyRows): Policy {
  const address = readAddress(property, 'address');
  return {
    id: row.id,
    investigationId: row.investigationId,
    policyNumber: row.policyNumber,
    status: row.status,
    previousPolicy: row.previousPolicy,
    policyType: row.policyType,
    guarantorRequired: row.guarantorRequired,
    isElectronicSignature: row.isElectronicSignature,
    specialnote: row.specialnote,
    branchId: row.branchId,
    userId: row.userId,
    termMonths: row.termMonths,
    endDate: row.endDate,
    renewedToPolicyId: row.renewedToPolicyId,
    renewedFromPolicyId: row.renewedFromPolicyId,
    version: row.version,
    tenants: tenantList,
    guarantors: guarantorList,
    property: {
      id: property.id,
      owner: { id: owner.id, name: owner.name, address: readAddress(owner, 'address'), phone: owner.phone, mobile: owner.mobile, email: owner.email },
      address,
      propertyType: property.propertyType,
      parkingSpots: property.parkingSpots,
      identification: property.identification,
      services: {
        water: property.serviceWater,
        electricity: property.serviceElectricity,
        maintenance: property.serviceMaintenance,
        other: property.serviceOther,
        details: property.serviceDetails,
      },
      commercialUse: property.commercialUse,
      commercialServices: property.commercialServices,
      commercialServicesDetails: property.commercialServicesDetails,
      specialObjects: property.specialObjects,
      specialObjectsDetails: property.specialObjectsDetails,
      description: property.description,
      rent: {
        id: rent.id,
        price: rent.price,
        includesMaintenance: rent.includesMaintenance,
        maintenanceAmount: rent.maintenanceAmount,
        providesInvoice: rent.providesInvoice,
        contractStartDate: rent.contractStartDate,
        propertyDeliveryDate: rent.propertyDeliveryDate,
        gracePeriod: rent.gracePeriod,
        deposit: rent.deposit,
        bankDeposit: rent.bankDeposit,
        accountNumber: rent.accountNumber,
        bank: rent.bank,
        clabe: rent.clabe,
        accountHolder: rent.accountHolder,
        realEstate: rent.realEstate,
        realEstateInfo: { name: rent.realEstateName, agent: rent.realEstateAgent },
      },
    },
    guarantorNames: row.guarantorNames.join(', '),
    ownerName: row.ownerName,
    propertyAddress: [[address.street, address.exteriorNumber].filter(Boolean).join(' '), address.colony, address.municipality]
      .filter(Boolean)
      .join(', '),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// --- the policy row ----------------------------------------------------------------------------

/** What the policies row holds besides the children: the input's own fields and the list summary. */
export type PolicyRowValues = Omit<typeof policies.$inferInsert, 'id' | 'createdAt'>;

export async function updatePolicyRow(db: Executor, id: number, values: Partial<PolicyRowValues>): Promise<void> {
  await db.update(policies).set(values).where(eq(policies.id, id));
}

/** The row's status and branch, locked until the transaction ends (two status changes queue). */
export async function lockPolicy(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({
      id: policies.id,
      status: policies.status,
      branchId: policies.branchId,
      policyNumber: policies.policyNumber,
      renewedToPolicyId: policies.renewedToPolicyId,
      version: policies.version,
    })
    .from(policies)
    .where(filterSql({ id, scope }))
    .for('update');
  return row ?? null;
}

// --- the policy number ------------------------------------------------------------------------

/** The unique index on the folio de póliza (migration 0024): one policy per number, company-wide. */
export const policyNumberIndex = 'policies_policy_number_key';

/** Whether a policy already has this folio de póliza (in any branch). */
export async function policyNumberExists(db: Executor, policyNumber: string): Promise<boolean> {
  // The blank test lets the planner use the partial unique index whatever the parameter.
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.policyNumber, policyNumber), sql`${policies.policyNumber} <> ''`))
    .limit(1);
  return row !== undefined;
}

/**
 * The next number of a branch's year and the branch's code. The upsert takes the counter row's
 * lock until the transaction ends: a concurrent transaction's upsert waits for it, then adds one
 * to the committed value (or, if this one rolled back, to the value before it). No gaps, no
 * duplicates; the first number of a year inserts the row.
 */
export async function takePolicyNumber(db: Executor, branchId: number, year: number): Promise<{ code: string; sequence: number }> {
  const [counter] = await db
    .insert(policyNumberCounters)
    .values({ branchId, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [policyNumberCounters.branchId, policyNumberCounters.year],
      set: { lastValue: sql`${policyNumberCounters.lastValue} + 1` },
    })
    .returning({ sequence: policyNumberCounters.lastValue });
  const [branch] = await db.select({ code: branches.code }).from(branches).where(eq(branches.id, branchId));
  return { code: branch!.code, sequence: counter!.sequence };
}

/** What a policy number is given by, and what search_text is rebuilt from when it is. */
export async function numberingState(db: Executor, id: number) {
  const [row] = await db
    .select({
      status: policies.status,
      branchId: policies.branchId,
      investigationId: policies.investigationId,
      policyNumber: policies.policyNumber,
      tenantNames: policies.tenantNames,
      guarantorNames: policies.guarantorNames,
      ownerName: policies.ownerName,
      street: policies.street,
      exteriorNumber: policies.exteriorNumber,
      colony: policies.colony,
      municipality: policies.municipality,
    })
    .from(policies)
    .where(eq(policies.id, id));
  return row ?? null;
}

/** The numbers of the investigation folios of the minute `INV-…-HHmm-` already given (read on the prefix index). */
export async function takenFolioNumbers(db: Executor, minute: string): Promise<number[]> {
  const rows = await db
    .select({ folio: policies.investigationId })
    .from(policies)
    .where(like(policies.investigationId, `${minute}___`));
  return rows.map((row) => Number(row.folio.slice(minute.length))).filter(Number.isInteger);
}

// --- children: written to match the input exactly --------------------------------------------

/** A foreign key's value: a known id, or an id a statement takes from a CTE of the same statement. */
type ParentId = number | SQL;

function tenantValues(policyId: ParentId, position: number, tenant: PolicyInput['tenants'][number]) {
  return {
    policyId,
    position,
    name: tenant.name,
    ...addressValues(tenant.address, 'address'),
    phone: tenant.phone,
    mobile: tenant.mobile,
    email: tenant.email,
    profession: tenant.profession,
    monthlyIncome: tenant.monthlyIncome,
    company: tenant.company,
    seniority: tenant.seniority,
    immediateBoss: tenant.immediateBoss,
    ...addressValues(tenant.workAddress, 'workAddress'),
    requiresInvoice: tenant.requiresInvoice,
  };
}

function referenceValues(tenantId: ParentId, references: PolicyInput['tenants'][number]['references']) {
  return references.map((reference, index) => ({ tenantId, position: index, ...reference }));
}

function guarantorValues(policyId: ParentId, position: number, guarantor: PolicyInput['guarantors'][number]) {
  return {
    policyId,
    position,
    name: guarantor.name,
    ...addressValues(guarantor.address, 'address'),
    phone: guarantor.phone,
    mobile: guarantor.mobile,
    email: guarantor.email,
    sameAddressAsGuarantee: guarantor.sameAddressAsGuarantee,
    hasGuaranteeAddress: guarantor.guaranteeAddress !== null,
    ...addressValues(guarantor.guaranteeAddress, 'guaranteeAddress'),
  };
}

function vehicleValues(vehicle: NonNullable<PolicyInput['guarantors'][number]['vehicle']>) {
  return { ...vehicle, updatedAt: new Date() };
}

function propertyValues(property: PolicyInput['property']) {
  const { services, address } = property;
  return {
    ...addressValues(address, 'address'),
    propertyType: property.propertyType,
    parkingSpots: property.parkingSpots,
    identification: property.identification,
    serviceWater: services.water,
    serviceElectricity: services.electricity,
    serviceMaintenance: services.maintenance,
    serviceOther: services.other,
    serviceDetails: services.details,
    commercialUse: property.commercialUse,
    commercialServices: property.commercialServices,
    commercialServicesDetails: property.commercialServicesDetails,
    specialObjects: property.specialObjects,
    specialObjectsDetails: property.specialObjectsDetails,
    description: property.description,
  };
}

function ownerValues(owner: PolicyInput['property']['owner']) {
  return { name: owner.name, ...addressValues(owner.address, 'address'), phone: owner.phone, mobile: owner.mobile, email: owner.email };
}

function rentValues(rent: PolicyInput['property']['rent']) {
  const { realEstateInfo, ...rentFields } = rent;
  return { ...rentFields, realEstateName: realEstateInfo.name, realEstateAgent: realEstateInfo.agent };
}

/**
 * A new policy and all its children in ONE statement (issue 30): a chain of data-modifying CTEs,
 * each child taking its parent's id from the CTE that inserted it (tenants and guarantors by
 * position). Written one table at a time a create sent eight to ten statements, each built by
 * drizzle, sent, planned and answered while the transaction held its rows; the CPU of those
 * round trips was most of a create's. Foreign keys are checked at the end of the statement, when
 * every row is there. Every CTE returns its rows whole (createWholePolicy builds the answer from
 * them), and a child table the input has nothing for is an empty CTE of its own, so the names are
 * always there.
 */
function wholePolicyParts(db: Executor, values: PolicyRowValues, input: PolicyInput): SQL[] {
  const cte = (name: string, insert: { returning(): { getSQL(): SQL } }) => sql`${sql.raw(name)} as (${insert.returning().getSQL()})`;
  const noRows = (name: string, table: string) => sql.raw(`${name} as (select * from ${table} where false)`);
  const policyId = sql`(select id from new_policy)`;
  const tenantId = (position: number) => sql`(select id from new_tenants where position = ${position})`;
  const guarantorId = (position: number) => sql`(select id from new_guarantors where position = ${position})`;
  const propertyId = sql`(select id from new_property)`;
  const references = input.tenants.flatMap((tenant, position) => referenceValues(tenantId(position), tenant.references));
  const vehicles = input.guarantors.flatMap((guarantor, position) => (guarantor.vehicle ? [{ guarantorId: guarantorId(position), ...vehicleValues(guarantor.vehicle) }] : []));
  return [
    cte('new_policy', db.insert(policies).values(values)),
    cte('new_tenants', db.insert(tenants).values(input.tenants.map((tenant, position) => tenantValues(policyId, position, tenant)))),
    references.length > 0 ? cte('new_references', db.insert(tenantReferences).values(references)) : noRows('new_references', 'tenant_references'),
    input.guarantors.length > 0
      ? cte('new_guarantors', db.insert(guarantors).values(input.guarantors.map((guarantor, position) => guarantorValues(policyId, position, guarantor))))
      : noRows('new_guarantors', 'guarantors'),
    vehicles.length > 0 ? cte('new_vehicles', db.insert(guarantorVehicles).values(vehicles)) : noRows('new_vehicles', 'guarantor_vehicles'),
    cte('new_property', db.insert(properties).values({ policyId, ...propertyValues(input.property) })),
    cte('new_owner', db.insert(propertyOwners).values({ propertyId, ...ownerValues(input.property.owner) })),
    cte('new_rent', db.insert(rents).values({ propertyId, ...rentValues(input.property.rent) })),
  ];
}

/** A new policy and all its children in one statement (wholePolicyParts); returns the policy's id. */
export async function insertWholePolicy(db: Executor, values: PolicyRowValues, input: PolicyInput): Promise<number> {
  const parts = wholePolicyParts(db, values, input);
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`with ${sql.join(parts, sql`, `)} select id from new_policy`));
  return Number(row!.id);
}

/** The CTEs of wholePolicyParts, as policy-json.ts reads a policy from them. */
const newPolicyTables = policyJsonSelectFrom({
  tenants: 'new_tenants',
  tenantReferences: 'new_references',
  guarantors: 'new_guarantors',
  guarantorVehicles: 'new_vehicles',
  properties: 'new_property',
  propertyOwners: 'new_owner',
  rents: 'new_rent',
});

/**
 * A new policy, its children and its first history event in ONE statement — atomic without a
 * transaction — answering the policy's JSON (policy-json.ts) built from the rows the statement
 * inserted (issue 30). For a create that nothing else joins (no pack, no policy number, no
 * signing round): one statement on one pool checkout instead of BEGIN, the insert, the event, the
 * answer's read and COMMIT. A statement's CTEs cannot read each other's rows from the tables, only
 * from their RETURNING, which is why every CTE returns its rows whole here.
 */
export async function createWholePolicy(
  db: Executor,
  values: PolicyRowValues,
  input: PolicyInput,
  event: Omit<PolicyEventValues, 'policyId'>,
): Promise<PolicyJsonRow & { id: number }> {
  const parts = wholePolicyParts(db, values, input);
  parts.push(sql`new_event as (${db.insert(policyEvents).values({ ...event, policyId: sql`(select id from new_policy)` as unknown as number }).getSQL()})`);
  const { columns, joins } = newPolicyTables;
  const [row] = await executeNamed<{ id: number; json: string; version: number }>(
    db,
    'new_policy',
    sql`with ${sql.join(parts, sql`, `)} select p.id, p.version, ${sql.raw(columns)} from new_policy p ${sql.raw(joins)}`,
  );
  return { id: Number(row!.id), json: row!.json, version: Number(row!.version) };
}

/**
 * Makes an existing policy's tenants, guarantors, property, owner and rent what `input` says:
 * children whose id the input keeps are updated in place (documents tied to them stay tied), new
 * ones are inserted, and those the input left out are deleted with everything under them.
 * (A new policy's are written by insertWholePolicy.)
 */
export async function writeChildren(db: Executor, policyId: number, input: PolicyInput): Promise<void> {
  await writeTenants(db, policyId, input.tenants);
  await writeGuarantors(db, policyId, input.guarantors);
  await writeProperty(db, policyId, input.property);
}

async function keptIds(db: Executor, table: typeof tenants | typeof guarantors, policyId: number, wanted: Array<number | undefined>) {
  const existing = await db.select({ id: table.id }).from(table).where(eq(table.policyId, policyId));
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = wanted.filter((id): id is number => id !== undefined && existingIds.has(id));
  await db.delete(table).where(and(eq(table.policyId, policyId), kept.length > 0 ? notInArray(table.id, kept) : undefined));
  return new Set(kept);
}

async function writeTenants(db: Executor, policyId: number, list: PolicyInput['tenants']) {
  const kept = await keptIds(db, tenants, policyId, list.map((tenant) => tenant.id));
  for (const [position, tenant] of list.entries()) {
    const values = tenantValues(policyId, position, tenant);
    let tenantId: number;
    if (tenant.id !== undefined && kept.has(tenant.id)) {
      tenantId = tenant.id;
      await db.update(tenants).set(values).where(eq(tenants.id, tenantId));
      await db.delete(tenantReferences).where(eq(tenantReferences.tenantId, tenantId));
    } else {
      [{ id: tenantId }] = (await db.insert(tenants).values(values).returning({ id: tenants.id })) as [{ id: number }];
    }
    if (tenant.references.length > 0) await db.insert(tenantReferences).values(referenceValues(tenantId, tenant.references));
  }
}

async function writeGuarantors(db: Executor, policyId: number, list: PolicyInput['guarantors']) {
  const kept = await keptIds(db, guarantors, policyId, list.map((guarantor) => guarantor.id));
  for (const [position, guarantor] of list.entries()) {
    const values = guarantorValues(policyId, position, guarantor);
    let guarantorId: number;
    if (guarantor.id !== undefined && kept.has(guarantor.id)) {
      guarantorId = guarantor.id;
      await db.update(guarantors).set(values).where(eq(guarantors.id, guarantorId));
    } else {
      [{ id: guarantorId }] = (await db.insert(guarantors).values(values).returning({ id: guarantors.id })) as [{ id: number }];
    }
    if (guarantor.vehicle) {
      const vehicle = vehicleValues(guarantor.vehicle);
      await db
        .insert(guarantorVehicles)
        .values({ guarantorId, ...vehicle })
        .onConflictDoUpdate({ target: guarantorVehicles.guarantorId, set: vehicle });
    } else if (kept.has(guarantorId)) {
      // Only a guarantor kept from before can have a vehicle to remove.
      await db.delete(guarantorVehicles).where(eq(guarantorVehicles.guarantorId, guarantorId));
    }
  }
}

async function writeProperty(db: Executor, policyId: number, property: PolicyInput['property']) {
  const values = propertyValues(property);
  const [{ id: propertyId }] = (await db
    .insert(properties)
    .values({ policyId, ...values })
    .onConflictDoUpdate({ target: properties.policyId, set: values })
    .returning({ id: properties.id })) as [{ id: number }];

  const owner = ownerValues(property.owner);
  await db
    .insert(propertyOwners)
    .values({ propertyId, ...owner })
    .onConflictDoUpdate({ target: propertyOwners.propertyId, set: owner });

  const rent = rentValues(property.rent);
  await db
    .insert(rents)
    .values({ propertyId, ...rent })
    .onConflictDoUpdate({ target: rents.propertyId, set: rent });
}

// --- the list ------------------------------------------------------------------------------------

export interface SummarySearch {
  /** Branch, status, text, type, agent and dates; the cursor's position comes separately. */
  filter: PolicyFilter;
  order: PolicySort;
  after: SearchAfter | null;
  limit: number;
}

const summaryColumns = {
  id: policies.id,
  investigationId: policies.investigationId,
  policyNumber: policies.policyNumber,
  status: policies.status,
  policyType: policies.policyType,
  branchId: policies.branchId,
  tenantNames: policies.tenantNames,
  guarantorNames: policies.guarantorNames,
  // Written out in full: drizzle leaves columns unqualified inside sql``, which a subquery would misread.
  firstGuarantorId: sql<number | null>`(select g.id from guarantors g where g.policy_id = policies.id order by g.position limit 1)`,
  ownerName: policies.ownerName,
  street: policies.street,
  exteriorNumber: policies.exteriorNumber,
  colony: policies.colony,
  municipality: policies.municipality,
  deliveryDate: policies.deliveryDate,
  contractStartDate: policies.startDate,
  endDate: policies.endDate,
  renewedToPolicyId: policies.renewedToPolicyId,
  createdAt: policies.createdAt,
  updatedAt: policies.updatedAt,
};

/** What an export adds to the list's row: who created the policy. */
const exportColumns = {
  ...summaryColumns,
  userId: policies.userId,
  agentName: sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = policies.user_id)`,
};

type SummaryRow = Omit<PolicySummary, 'propertyAddress' | 'createdAt' | 'updatedAt'> & {
  street: string;
  exteriorNumber: string;
  colony: string;
  municipality: string;
  createdAt: Date;
  updatedAt: Date;
};

/** How many policies match, counted up to the cap (a short search may match most of a branch). */
function countPolicies(db: Executor, filter: PolicyFilter): Promise<CappedTotal> {
  return cappedCount(db, matchingPolicies(db, filter));
}

function matchingPolicies(db: Executor, filter: PolicyFilter) {
  return db.select({ one: sql`1` }).from(policies).where(filterSql(filter));
}

/** The sum of the status counters of a branch (all when undefined) and status (any when undefined). */
function statusCountersTotal(db: Executor, scope: { branchId: number | undefined; status: PolicyStatus | undefined }) {
  return db
    .select({ total: sql<number>`coalesce(sum(${policyStatusCounts.total}), 0)::int` })
    .from(policyStatusCounts)
    .where(
      and(
        scope.branchId === undefined ? undefined : eq(policyStatusCounts.branchId, scope.branchId),
        scope.status === undefined ? undefined : eq(policyStatusCounts.status, scope.status),
      ),
    );
}

/** Where a search's total comes from: its matches up to the cap (a text), or the status counters. */
export type TotalFrom = 'matches' | 'counters';

/** A search's total in a statement of its own (a page that came back empty carries none). */
export async function countSearchTotal(db: Executor, filter: PolicyFilter, totalFrom: TotalFrom): Promise<CappedTotal> {
  if (totalFrom === 'matches') return countPolicies(db, filter);
  return { total: await countFromStatusCounts(db, { branchId: filter.scope?.branchId, status: filter.status }), totalIsCapped: false };
}

/**
 * Whether a search's statement may be prepared once per connection and its plan reused (issue 30):
 * branch, status, type and agent are equalities whose best plan is the same whatever the value
 * (an index walked in the sort's order), and planning was a third of PostgreSQL's time for such a
 * page. A text or a date range is planned for its values every time: how many rows match decides
 * between walking the index and taking the matches from the trigram index.
 */
function plannedOnce(filter: PolicyFilter): boolean {
  return !filter.text && !filter.createdFrom && !filter.createdTo;
}

/**
 * The sort's keys with `LIMIT n` written after the last one, instead of drizzle's `.limit(n)`,
 * which sends n as a parameter: PostgreSQL plans a parameter LIMIT as if it read a tenth of the
 * table, so it judged the reusable plan (the same index walk) many times dearer than a fresh one
 * and planned every search again. `limit` is the validated page size, an integer.
 */
function withLimit(keys: SQL[], limit: number): SQL[] {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`page limit ${limit}`);
  return [...keys.slice(0, -1), sql`${keys.at(-1)} limit ${sql.raw(String(limit))}`];
}

/** A row of a search's page: its JSON (summary-json.ts) and where it stands in the sort (the cursor). */
export interface SummaryJsonRow {
  json: string;
  createdAt: Date;
  id: number;
  status: PolicyStatus;
}

/**
 * One page, newest first, in the order of the (branch_id, [status,] created_at, id) indexes, each
 * row as the JSON the API sends (built by PostgreSQL), and its total in the same statement, one
 * round trip (issue 13): the total is an uncorrelated scalar subquery, so PostgreSQL computes it
 * once and repeats it on every row. With a text it counts the matches up to the cap (as
 * countPolicies); without one it sums the status counters (as countFromStatusCounts). An empty
 * page carries no total: the caller counts apart.
 */
export async function findSummaryPage(
  db: Executor,
  search: SummarySearch,
  totalFrom: TotalFrom,
): Promise<{ rows: SummaryJsonRow[]; total: CappedTotal | undefined }> {
  const { filter, order, after, limit } = search;
  const totalSql =
    totalFrom === 'matches'
      ? cappedCountSql(matchingPolicies(db, filter))
      : sql<number>`(${statusCountersTotal(db, { branchId: filter.scope?.branchId, status: filter.status })})`;
  const query = db
    .select({ json: sql<string>`${sql.raw(policySummaryJson)}`, createdAt: policies.createdAt, id: policies.id, status: policies.status, pageTotal: totalSql })
    .from(policies)
    .where(and(filterSql(filter), positionAfter(after, order)))
    .orderBy(...withLimit(orderFor(order), limit));
  const rows = await (plannedOnce(filter) ? query.prepare(statementName('policy_search', query.toSQL().sql)).execute() : query);
  const first = rows[0];
  if (!first) return { rows: [], total: undefined };
  const count = Number(first.pageTotal);
  const total = totalFrom === 'counters' ? { total: count, totalIsCapped: false } : toCappedTotal(count);
  return { rows: rows.map(({ pageTotal: _total, ...row }) => row), total };
}

export type ExportRow = SummaryRow & { userId: number | null; agentName: string | null };

/** One batch of an export: the list's rows (and who created each) after `after`, in the sort's order. */
export async function findExportBatch(db: Executor, search: SummarySearch): Promise<ExportRow[]> {
  const { filter, order, after, limit } = search;
  return db
    .select(exportColumns)
    .from(policies)
    .where(and(filterSql(filter), positionAfter(after, order)))
    .orderBy(...orderFor(order))
    .limit(limit);
}

/** The users of a branch (all when undefined), by name: the list's agent filter. */
export async function listAgents(db: Executor, scope: BranchScope): Promise<PolicyAgent[]> {
  const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  return db
    .select({ id: users.id, name })
    .from(users)
    .where(inBranchScope(users.branchId, scope))
    .orderBy(asc(name), asc(users.id));
}

/** Whether the user is active and works in the branch (a renewal keeps its agent only then). */
export async function isActiveUserOfBranch(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.branchId, branchId), eq(users.status, 'active')));
  return row !== undefined;
}

/** Whether the policy exists within `scope`. */
export async function policyExists(db: Executor, id: number, scope: BranchScope): Promise<boolean> {
  const [row] = await db.select({ id: policies.id }).from(policies).where(filterSql({ id, scope }));
  return row !== undefined;
}

/**
 * The number of policies of a branch (all branches when undefined) and status (any when
 * undefined), from the counters the triggers on `policies` keep: ten rows at most, however many
 * policies there are. Exactly count(*) of the same rows.
 */
async function countFromStatusCounts(db: Executor, scope: { branchId: number | undefined; status: PolicyStatus | undefined }): Promise<number> {
  const [row] = await statusCountersTotal(db, scope);
  return row?.total ?? 0;
}

/** The dashboard's counts of a branch, or of every branch (undefined): a sum of the counters. */
export async function countByStatus(db: Executor, branchId: number | undefined): Promise<DashboardStats> {
  const rows = await db
    .select({ status: policyStatusCounts.status, total: sql<number>`sum(${policyStatusCounts.total})::int` })
    .from(policyStatusCounts)
    .where(branchId === undefined ? undefined : eq(policyStatusCounts.branchId, branchId))
    .groupBy(policyStatusCounts.status);
  const stats = { ...emptyDashboardStats };
  for (const row of rows) if (policyStatuses.includes(row.status)) stats[row.status] = Number(row.total);
  return stats;
}

// --- history -------------------------------------------------------------------------------------

export interface PolicyEventValues {
  policyId: number;
  userId: number | null;
  fromStatus: PolicyStatus | null;
  toStatus: PolicyStatus | null;
  changes: string[];
  note: string;
  /** The server acting on its own (no user): the history names 'Sistema'. */
  bySystem?: boolean;
  /** A person outside acting by their link (no user): the history names them so (outsideActorNames). */
  actorLabel?: string;
}

export async function insertEvent(db: Executor, values: PolicyEventValues): Promise<void> {
  await db.insert(policyEvents).values(values);
}

export async function listEvents(db: Executor, policyId: number): Promise<PolicyEvent[]> {
  const rows = await db
    .select({
      id: policyEvents.id,
      policyId: policyEvents.policyId,
      userId: policyEvents.userId,
      userName: sql<string>`case when ${policyEvents.bySystem} then ${systemActorName} when ${policyEvents.actorLabel} <> '' then ${policyEvents.actorLabel} else coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '') end`,
      fromStatus: policyEvents.fromStatus,
      toStatus: policyEvents.toStatus,
      changes: policyEvents.changes,
      note: policyEvents.note,
      createdAt: policyEvents.createdAt,
    })
    .from(policyEvents)
    .leftJoin(users, eq(users.id, policyEvents.userId))
    .where(eq(policyEvents.policyId, policyId))
    .orderBy(desc(policyEvents.createdAt), desc(policyEvents.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
