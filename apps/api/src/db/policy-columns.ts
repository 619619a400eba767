import { sql } from 'drizzle-orm';

/**
 * Whether the policy of the row being selected from `policies` has a guarantor: which documents
 * its investigation asks for depends on it (requiredDocuments). Spelled out in full: drizzle may
 * leave columns unqualified inside raw SQL, and "id" would then be the guarantor's.
 */
export const policyHasGuarantor = sql<boolean>`exists (select 1 from "guarantors" where "guarantors"."policy_id" = "policies"."id")`;
