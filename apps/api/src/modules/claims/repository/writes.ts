import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ClaimMovementKind, ContactChannel, ContactParty, Role } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { inBranchScope } from '../../../db/scope';
import { claimContacts, claimDeadlines, claimLawsuits, claimMovements, claims, policies, users } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';

/* What staff add to a case (issue 33): contacts, términos, the lawsuit, money. The caller holds the case's lock. */

export interface AssigneeStanding {
  role: Role;
  branchId: number | null;
  active: boolean;
}

export async function findAssignee(db: Executor, userId: number): Promise<AssigneeStanding | null> {
  const [row] = await db.select({ role: users.role, branchId: users.branchId, status: users.status }).from(users).where(eq(users.id, userId));
  return row ? { role: row.role, branchId: row.branchId, active: row.status === 'active' } : null;
}

export interface ContactValues {
  claimId: number;
  channel: ContactChannel;
  party: ContactParty;
  personName: string;
  at: Date;
  result: string;
  promisedOn: string | null;
  promisedAmount: string | null;
  createdBy: number;
}

export async function insertContact(db: Executor, values: ContactValues): Promise<void> {
  await db.insert(claimContacts).values(values);
}

export async function insertDeadline(db: Executor, values: { claimId: number; dueOn: string; description: string; createdBy: number }): Promise<void> {
  await db.insert(claimDeadlines).values(values);
}

/** The case a término belongs to, within `scope` (null: unknown or another branch's). */
export async function claimOfDeadline(db: Executor, deadlineId: number, scope: BranchScope): Promise<number | null> {
  const [row] = await db
    .select({ claimId: claimDeadlines.claimId })
    .from(claimDeadlines)
    .innerJoin(claims, eq(claims.id, claimDeadlines.claimId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claimDeadlines.id, deadlineId), inBranchScope(policies.branchId, scope)));
  return row?.claimId ?? null;
}

/** The case a movement belongs to, within `scope` (null: unknown or another branch's). */
export async function claimOfMovement(db: Executor, movementId: number, scope: BranchScope): Promise<number | null> {
  const [row] = await db
    .select({ claimId: claimMovements.claimId })
    .from(claimMovements)
    .innerJoin(claims, eq(claims.id, claimMovements.claimId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claimMovements.id, movementId), inBranchScope(policies.branchId, scope)));
  return row?.claimId ?? null;
}

/** Marks a pending término done; false when it already was. */
export async function completeDeadline(db: Executor, deadlineId: number, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(claimDeadlines)
    .set({ doneAt: at, doneBy: userId })
    .where(and(eq(claimDeadlines.id, deadlineId), isNull(claimDeadlines.doneAt)))
    .returning({ id: claimDeadlines.id });
  return rows.length === 1;
}

export type LawsuitValues = Omit<typeof claimLawsuits.$inferInsert, 'updatedAt'>;

/** The case's one lawsuit, written whole (PUT). */
export async function saveLawsuit(db: Executor, values: LawsuitValues): Promise<void> {
  const { claimId: _claimId, ...changes } = values;
  await db
    .insert(claimLawsuits)
    .values({ ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: claimLawsuits.claimId, set: { ...changes, updatedAt: sql`now()` } });
}

export async function insertMovement(db: Executor, values: { claimId: number; kind: ClaimMovementKind; amount: string; on: string; description: string; createdBy: number }): Promise<void> {
  await db.insert(claimMovements).values(values);
}

/** Reverses a movement once; false when it already was. */
export async function reverseMovement(db: Executor, movementId: number, userId: number, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(claimMovements)
    .set({ reversedAt: at, reversedBy: userId, reversalReason: reason })
    .where(and(eq(claimMovements.id, movementId), isNull(claimMovements.reversedAt)))
    .returning({ id: claimMovements.id });
  return rows.length === 1;
}

/** Whether a movement is the recovery an instalment payment recorded (reversed only with that payment). */
export async function isInstalmentRecovery(db: Executor, movementId: number): Promise<boolean> {
  const [row] = await db.select({ paymentId: claimMovements.instalmentPaymentId }).from(claimMovements).where(eq(claimMovements.id, movementId));
  return row?.paymentId != null;
}
