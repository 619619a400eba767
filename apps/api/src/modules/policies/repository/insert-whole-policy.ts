import { sql, type SQL } from 'drizzle-orm';
import type { PolicyInput } from '@portal/domain';
import { executeNamed, rowsOf, type Executor } from '../../../db/client';
import { guarantors, guarantorVehicles, policies, policyEvents, properties, propertyOwners, rents, tenantReferences, tenants } from '../../../db/schema/index';
import { policyJsonSelectFrom } from '../policy-json';
import { guarantorValues, ownerValues, propertyValues, referenceValues, rentValues, tenantValues, vehicleValues } from './child-values';
import type { PolicyEventValues } from './history';
import type { PolicyRowValues } from './policy-row';
import type { PolicyJsonRow } from './read';

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
