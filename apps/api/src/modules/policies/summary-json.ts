import { isoInstant } from '../../db/json-sql';

/**
 * One row of the search (`policySummarySchema`) as JSON text, built by PostgreSQL from the
 * `policies` row being selected (issue 30). Built in Node, a 50-row page cost the server more
 * than the database did: node-postgres parsed twenty columns a row (arrays, dates), drizzle mapped
 * them, the service made a second object of each and JSON.stringify wrote them all out, and the
 * garbage collector took a third of the process under load. Now the server reads one short text
 * per row and joins them.
 *
 * `row_to_json` writes compact JSON (`{"id":1,…}`) with the keys in the order of the select list,
 * which is the order the API always had; dates are `yyyy-MM-dd`, text arrays JSON arrays, and the
 * instants are written as `Date.toISOString()` writes them. The policies tests compare this text,
 * byte for byte, with the summary made from the whole policy.
 */


const propertyAddress = `(SELECT row_to_json(a) FROM (SELECT policies.street AS "street", policies.exterior_number AS "exteriorNumber",
  policies.colony AS "colony", policies.municipality AS "municipality") a)`;

/** The JSON of the `policies` row in scope (the statement selects FROM policies, unaliased). */
export const policySummaryJson = `(SELECT row_to_json(s)::text FROM (SELECT
  policies.id AS "id", policies.investigation_id AS "investigationId", policies.policy_number AS "policyNumber",
  policies.status AS "status", policies.policy_type AS "policyType", policies.branch_id AS "branchId",
  policies.tenant_names AS "tenantNames", policies.guarantor_names AS "guarantorNames",
  (SELECT g.id FROM guarantors g WHERE g.policy_id = policies.id ORDER BY g.position LIMIT 1) AS "firstGuarantorId",
  policies.owner_name AS "ownerName", policies.delivery_date AS "deliveryDate", policies.start_date AS "contractStartDate",
  policies.end_date AS "endDate", policies.renewed_to_policy_id AS "renewedToPolicyId",
  ${propertyAddress} AS "propertyAddress",
  ${isoInstant('policies.created_at')} AS "createdAt", ${isoInstant('policies.updated_at')} AS "updatedAt") s)`;
