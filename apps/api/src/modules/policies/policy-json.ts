import { isoInstant } from '../../db/json-sql';

/**
 * A whole policy as JSON text, built by PostgreSQL in the shape `toPolicy` (repository.ts) gives
 * the API, its keys in `policySchema`'s order — for the spec's full lists (issue 13) and for the
 * answers of one policy (GET /api/policy/unique/{id}, a new policy's 201: issue 30). At 100,000 policies those lists are 280 MB
 * of JSON; built in Node they cost six queries and some thirty objects per policy, which kept
 * the server 60–100 MB above its idle size and the list past its 10 s on PostgreSQL. Built here
 * the server reads one text column per policy and writes it out.
 *
 * Two renderings of one shape must not drift: the policies tests compare, policy by policy, this
 * JSON with `loadPolicies` (each field, nulls, vehicles, guarantee addresses, references).
 *
 * The statement selects from a page of `policies` aliased `p`, LEFT JOINed to its property
 * (`pr`), owner (`o`) and rent (`r`); a policy whose property is not there yet (mid-write in
 * another transaction's snapshot) gets a null JSON and is left out, as `withChildren` does.
 */

const addressColumns = [
  ['street', 'street'],
  ['exteriorNumber', 'exterior_number'],
  ['interiorNumber', 'interior_number'],
  ['colony', 'colony'],
  ['municipality', 'municipality'],
  ['state', 'state'],
  ['zipCode', 'zip_code'],
] as const;

/** `json_build_object('street', t.work_street, …)` for the address columns of `alias` under `prefix`. */
function addressJson(alias: string, prefix = ''): string {
  return `json_build_object(${addressColumns.map(([key, column]) => `'${key}', ${alias}.${prefix}${column}`).join(', ')})`;
}


/** numeric(12,2) as the number drizzle's `mode: 'number'` gives (15000, not 15000.00). */
const money = (column: string) => `${column}::float8`;

const contact = (alias: string) => `'phone', ${alias}.phone, 'mobile', ${alias}.mobile, 'email', ${alias}.email, 'rfc', ${alias}.rfc, 'curp', ${alias}.curp`;

/**
 * Where each child table is read from: the tables themselves, or — for a policy being created —
 * the data-modifying CTEs of the statement inserting it (insertWholePolicy), whose RETURNING rows
 * have the tables' columns: the new policy's answer is built by the statement that writes it.
 */
export interface PolicyJsonTables {
  tenants: string;
  tenantReferences: string;
  guarantors: string;
  guarantorVehicles: string;
  properties: string;
  propertyOwners: string;
  rents: string;
}

const storedTables: PolicyJsonTables = {
  tenants: 'tenants',
  tenantReferences: 'tenant_references',
  guarantors: 'guarantors',
  guarantorVehicles: 'guarantor_vehicles',
  properties: 'properties',
  propertyOwners: 'property_owners',
  rents: 'rents',
};

const tenantsJson = (tables: PolicyJsonTables) => `(
  SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'name', t.name, 'address', ${addressJson('t')}, ${contact('t')},
    'profession', t.profession, 'monthlyIncome', ${money('t.monthly_income')}, 'company', t.company,
    'seniority', t.seniority, 'immediateBoss', t.immediate_boss, 'workAddress', ${addressJson('t', 'work_')},
    'requiresInvoice', t.requires_invoice,
    'references', (
      SELECT coalesce(json_agg(json_build_object('id', tr.id, 'name', tr.name, 'phone', tr.phone, 'type', tr.type) ORDER BY tr.position), '[]')
      FROM ${tables.tenantReferences} tr WHERE tr.tenant_id = t.id)
  ) ORDER BY t.position), '[]')
  FROM ${tables.tenants} t WHERE t.policy_id = p.id)`;

const guarantorsJson = (tables: PolicyJsonTables) => `(
  SELECT coalesce(json_agg(json_build_object(
    'id', g.id, 'name', g.name, 'address', ${addressJson('g')}, ${contact('g')},
    'sameAddressAsGuarantee', g.same_address_as_guarantee,
    'guaranteeAddress', CASE WHEN g.has_guarantee_address THEN ${addressJson('g', 'guarantee_')} END,
    'vehicle', (
      SELECT json_build_object('id', v.id, 'brand', v.brand, 'model', v.model, 'year', v.year, 'color', v.color, 'licensePlate', v.license_plate)
      FROM ${tables.guarantorVehicles} v WHERE v.guarantor_id = g.id)
  ) ORDER BY g.position), '[]')
  FROM ${tables.guarantors} g WHERE g.policy_id = p.id)`;

const propertyJson = `json_build_object(
  'id', pr.id,
  'owner', json_build_object('id', o.id, 'name', o.name, 'address', ${addressJson('o')}, ${contact('o')}),
  'address', ${addressJson('pr')},
  'propertyType', pr.property_type, 'parkingSpots', pr.parking_spots, 'identification', pr.identification,
  'services', json_build_object('water', pr.service_water, 'electricity', pr.service_electricity,
    'maintenance', pr.service_maintenance, 'other', pr.service_other, 'details', pr.service_details),
  'commercialUse', pr.commercial_use, 'commercialServices', pr.commercial_services,
  'commercialServicesDetails', pr.commercial_services_details, 'specialObjects', pr.special_objects,
  'specialObjectsDetails', pr.special_objects_details, 'description', pr.description,
  'rent', json_build_object(
    'id', r.id, 'price', ${money('r.price')}, 'includesMaintenance', r.includes_maintenance,
    'maintenanceAmount', ${money('r.maintenance_amount')}, 'providesInvoice', r.provides_invoice,
    'contractStartDate', r.contract_start_date, 'propertyDeliveryDate', r.property_delivery_date,
    'gracePeriod', r.grace_period, 'lateInterestMonthlyRate', r.late_interest_monthly_rate::float8, 'deposit', ${money('r.deposit')}, 'bankDeposit', r.bank_deposit,
    'accountNumber', r.account_number, 'bank', r.bank, 'clabe', r.clabe, 'accountHolder', r.account_holder,
    'realEstate', r.real_estate, 'realEstateInfo', json_build_object('name', r.real_estate_name, 'agent', r.real_estate_agent,
      'brokerId', r.broker_id, 'brokerName', (select b.name from brokers b where b.id = r.broker_id))))`;

/** The property's address on one line, as `toPolicy` writes `propertyAddress`. */
const propertyAddressLine = `concat_ws(', ',
  nullif(concat_ws(' ', nullif(pr.street, ''), nullif(pr.exterior_number, '')), ''),
  nullif(pr.colony, ''), nullif(pr.municipality, ''))`;

const policyJson = (tables: PolicyJsonTables) => `CASE WHEN pr.id IS NOT NULL THEN json_build_object(
  'id', p.id, 'investigationId', p.investigation_id, 'policyNumber', p.policy_number, 'status', p.status,
  'previousPolicy', p.previous_policy, 'policyType', p.policy_type, 'guarantorRequired', p.guarantor_required,
  'isElectronicSignature', p.is_electronic_signature, 'specialnote', p.specialnote,
  'branchId', p.branch_id, 'userId', p.user_id,
  'termMonths', p.term_months, 'endDate', p.end_date,
  'renewedToPolicyId', p.renewed_to_policy_id, 'renewedFromPolicyId', p.renewed_from_policy_id,
  'tenants', ${tenantsJson(tables)},
  'guarantors', ${guarantorsJson(tables)},
  'property', ${propertyJson},
  'guarantorNames', array_to_string(p.guarantor_names, ', '), 'ownerName', p.owner_name,
  'propertyAddress', ${propertyAddressLine},
  'createdAt', ${isoInstant('p.created_at')}, 'updatedAt', ${isoInstant('p.updated_at')}, 'version', p.version
)::text END`;

/**
 * The columns and joins the repository wraps around a set of `policies` rows aliased `p`
 * (`loadPolicyJsonRange`): each row's JSON, null when its property is missing.
 */
export function policyJsonSelectFrom(tables: PolicyJsonTables) {
  return {
    columns: `${policyJson(tables)} AS json`,
    joins: `LEFT JOIN ${tables.properties} pr ON pr.policy_id = p.id
    LEFT JOIN ${tables.propertyOwners} o ON o.property_id = pr.id
    LEFT JOIN ${tables.rents} r ON r.property_id = pr.id`,
  };
}

/** The same, from the stored tables. */
export const policyJsonSelect = policyJsonSelectFrom(storedTables);
