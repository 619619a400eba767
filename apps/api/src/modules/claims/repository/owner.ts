import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { policyDisplayFolio, type ClaimStage, type ClaimStatus, type ClaimType, type PolicyStatus } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { inBranchScope } from '../../../db/scope';
import { branches, claims, policies, properties, propertyOwners } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';
import { stageLabelSql } from './summaries';

/* The owner's side of the cases (issue 33): who their link goes to, and what their page lists. */

export interface OwnerLinkTarget {
  policyId: number;
  status: PolicyStatus;
  branchName: string;
  owner: { name: string; email: string; mobile: string; phone: string } | null;
}

/** The policy (within `scope`) and its owner's contacts: who the 'claim_owner' link is made for. */
export async function findOwnerLinkTarget(db: Executor, policyId: number, scope: BranchScope): Promise<OwnerLinkTarget | null> {
  const [row] = await db
    .select({
      policyId: policies.id,
      status: policies.status,
      branchName: sql<string>`coalesce(${branches.name}, '')`,
      ownerName: propertyOwners.name,
      email: propertyOwners.email,
      mobile: propertyOwners.mobile,
      phone: propertyOwners.phone,
    })
    .from(policies)
    .leftJoin(branches, eq(branches.id, policies.branchId))
    .leftJoin(properties, eq(properties.policyId, policies.id))
    .leftJoin(propertyOwners, eq(propertyOwners.propertyId, properties.id))
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  if (!row) return null;
  const { ownerName, email, mobile, phone, ...policy } = row;
  return { ...policy, owner: ownerName === null ? null : { name: ownerName, email: email ?? '', mobile: mobile ?? '', phone: phone ?? '' } };
}

export interface OwnerPolicyHeader {
  folio: string;
  status: PolicyStatus;
  propertyAddress: string;
}

/** The policy as the owner's page names it: its folio and the property's address (street, number, colony, municipality). */
export async function findOwnerPolicyHeader(db: Executor, policyId: number): Promise<OwnerPolicyHeader | null> {
  const [row] = await db
    .select({
      policyNumber: policies.policyNumber,
      investigationId: policies.investigationId,
      status: policies.status,
      propertyAddress: sql<string>`trim(concat_ws(' ', nullif(${policies.street}, ''), nullif(${policies.exteriorNumber}, ''), nullif(${policies.colony}, ''), nullif(${policies.municipality}, '')))`,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (!row) return null;
  return { folio: policyDisplayFolio(row), status: row.status, propertyAddress: row.propertyAddress };
}

export interface OwnerCaseRow {
  id: number;
  type: ClaimType;
  status: ClaimStatus;
  stage: ClaimStage;
  stageLabel: string;
  openedAt: Date;
  lastChangeAt: Date;
}

/**
 * The policy's cases for the owner's page, the open ones first, newest first: only their type,
 * stage (with the label an admin chose) and dates — nothing staff wrote.
 */
export async function listOwnerCases(db: Executor, policyId: number): Promise<OwnerCaseRow[]> {
  const result = await db.execute(sql`
    select c.id, c.type, c.status, c.stage, ${stageLabelSql} as "stageLabel", c.opened_at as "openedAt",
      coalesce((select max(e.created_at) from claim_events e where e.claim_id = c.id), c.opened_at) as "lastChangeAt"
    from claims c
    where c.policy_id = ${policyId}
    order by (c.status = 'closed'), c.opened_at desc, c.id desc`);
  return rowsOf<OwnerCaseRow>(result).map((row) => ({ ...row, id: Number(row.id), openedAt: new Date(row.openedAt), lastChangeAt: new Date(row.lastChangeAt) }));
}

/** The policy's latest case of missed rent not yet closed (draft or open), its row held for the caller's write. */
export async function findActiveNonPaymentClaim(db: Executor, policyId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.policyId, policyId), eq(claims.type, 'non_payment'), ne(claims.status, 'closed')))
    .orderBy(desc(claims.openedAt), desc(claims.id))
    .limit(1)
    .for('update');
  return row ?? null;
}
