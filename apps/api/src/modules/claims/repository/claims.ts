import { and, asc, eq, sql } from 'drizzle-orm';
import { policyDisplayFolio, type ClaimResult, type ClaimStage, type PolicyStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { inBranchScope } from '../../../db/scope';
import { branches, claimEvents, claims, policies, properties, propertyOwners, rentMonths, type ClaimedMonth } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';

export type { ClaimedMonth } from '../../../db/schema/index';

/* The case's own SQL (issue 33): every staff read is scoped to the actor's branch through the policy. */

export interface ClaimPolicy {
  id: number;
  status: PolicyStatus;
  branchId: number | null;
  folio: string;
}

/** The policy a case is opened on, within `scope` (null: not found or another branch). */
export async function findClaimPolicy(db: Executor, policyId: number, scope: BranchScope): Promise<ClaimPolicy | null> {
  const [row] = await db
    .select({ id: policies.id, status: policies.status, branchId: policies.branchId, policyNumber: policies.policyNumber, investigationId: policies.investigationId })
    .from(policies)
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  if (!row) return null;
  const { policyNumber, investigationId, ...policy } = row;
  return { ...policy, folio: policyDisplayFolio({ policyNumber, investigationId }) };
}

/** The months En mora and what each still owes, oldest first (the rent claimed by default). */
export async function arrearsMonthsOf(db: Executor, policyId: number): Promise<ClaimedMonth[]> {
  const rows = await db
    .select({ dueOn: rentMonths.dueOn, owedCents: sql<string>`((${rentMonths.amountDue} - ${rentMonths.paid}) * 100)::bigint::text` })
    .from(rentMonths)
    .where(and(eq(rentMonths.policyId, policyId), eq(rentMonths.state, 'overdue'), sql`${rentMonths.amountDue} > ${rentMonths.paid}`))
    .orderBy(asc(rentMonths.seq));
  return rows.map((row) => ({ period: row.dueOn.slice(0, 7), amountCents: Number(row.owedCents) }));
}

export type ClaimInsert = Omit<typeof claims.$inferInsert, 'id' | 'version' | 'updatedAt'>;

export async function insertClaim(db: Executor, values: ClaimInsert): Promise<number> {
  const [row] = await db.insert(claims).values(values).returning({ id: claims.id });
  return row!.id;
}

export type ClaimRow = typeof claims.$inferSelect & { branchId: number | null; policyStatus: PolicyStatus };

/** A case within `scope` (null otherwise); `lock` holds its row for a write (FOR UPDATE). */
export async function findClaim(db: Executor, claimId: number, scope: BranchScope, lock = false): Promise<ClaimRow | null> {
  const query = db
    .select({ claim: claims, branchId: policies.branchId, policyStatus: policies.status })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claims.id, claimId), inBranchScope(policies.branchId, scope)));
  const [row] = lock ? await query.for('update', { of: claims }) : await query;
  return row ? { ...row.claim, branchId: row.branchId, policyStatus: row.policyStatus } : null;
}

export type ClaimChanges = Partial<Pick<typeof claims.$inferInsert, 'status' | 'stage' | 'result' | 'closedAt' | 'description' | 'rentClaimed' | 'servicesClaimed' | 'damagesClaimed' | 'arrearsMonths' | 'assigneeId'>>;

/** Writes `changes` and raises the version, only if it is still `version` (false: someone wrote first). */
export async function updateClaim(db: Executor, claimId: number, version: number, changes: ClaimChanges, userId: number | null): Promise<boolean> {
  const rows = await db
    .update(claims)
    .set({ ...changes, version: sql`${claims.version} + 1`, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(claims.id, claimId), eq(claims.version, version)))
    .returning({ id: claims.id });
  return rows.length === 1;
}

export interface ClaimEventValues {
  claimId: number;
  fromStage: ClaimStage | null;
  toStage: ClaimStage | null;
  result?: ClaimResult | null;
  note: string;
  userId: number | null;
  actorLabel?: string;
  ownerNotified?: boolean;
}

export async function insertClaimEvent(db: Executor, values: ClaimEventValues): Promise<void> {
  await db.insert(claimEvents).values(values);
}

/** Whom a stage change is told: the policy's owner (their e-mail, '' when none) and the branch's name. */
export async function claimOwnerContact(db: Executor, policyId: number): Promise<{ name: string; email: string; branchName: string } | null> {
  const [row] = await db
    .select({ name: propertyOwners.name, email: propertyOwners.email, branchName: branches.name })
    .from(policies)
    .innerJoin(properties, eq(properties.policyId, policies.id))
    .innerJoin(propertyOwners, eq(propertyOwners.propertyId, properties.id))
    .leftJoin(branches, eq(branches.id, policies.branchId))
    .where(eq(policies.id, policyId));
  return row ? { name: row.name, email: row.email.trim(), branchName: row.branchName ?? '' } : null;
}

