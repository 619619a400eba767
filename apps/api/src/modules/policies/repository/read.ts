import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Policy } from '@portal/domain';
import { readTogether, rowsOf, type Executor } from '../../../db/client';
import type { CursorPosition } from '../../../lib/keyset-cursor';
import { brokers, guarantors, guarantorVehicles, policies, properties, propertyOwners, rents, tenantReferences, tenants } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';
import { policyJsonSelect } from '../policy-json';
import { filterSql, positionAfter, type PolicyFilter } from './filter';
import { toGuarantor, toPolicy, toTenant } from './policy-from-rows';

// --- reading whole policies --------------------------------------------------------------------

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

/** The policies of `rows` made whole: each child table read once, for the rows `where` selects. */
async function withChildren(db: Executor, rows: Array<typeof policies.$inferSelect>, where: SQL | undefined): Promise<Policy[]> {
  if (rows.length === 0) return [];
  const selected = db.select({ id: policies.id }).from(policies).where(where);
  const [tenantRows, guarantorRows, propertyRows] = await readTogether(db, [
    () => db.select().from(tenants).where(inArray(tenants.policyId, selected)).orderBy(asc(tenants.policyId), asc(tenants.position)),
    () => db.select().from(guarantors).where(inArray(guarantors.policyId, selected)).orderBy(asc(guarantors.policyId), asc(guarantors.position)),
    () =>
      db
        .select({ property: properties, owner: propertyOwners, rent: rents, brokerName: brokers.name })
        .from(properties)
        .innerJoin(propertyOwners, eq(propertyOwners.propertyId, properties.id))
        .innerJoin(rents, eq(rents.propertyId, properties.id))
        .leftJoin(brokers, eq(brokers.id, rents.brokerId))
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
