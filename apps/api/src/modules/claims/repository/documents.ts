import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ClaimDocumentKind, RentMonthState } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { inBranchScope } from '../../../db/scope';
import { claimDocuments, claims, policies, rentMonths } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';

/* The SQL of a case's documents drawn from templates (issue 33). */

export interface ScheduleMonth {
  seq: number;
  dueOn: string;
  amountDue: string;
  paid: string;
  state: RentMonthState;
}

/** The policy's rent schedule, month by month (each month's seq is its pagaré's number); empty without one. */
export async function scheduleMonths(db: Executor, policyId: number): Promise<ScheduleMonth[]> {
  return db
    .select({ seq: rentMonths.seq, dueOn: rentMonths.dueOn, amountDue: rentMonths.amountDue, paid: rentMonths.paid, state: rentMonths.state })
    .from(rentMonths)
    .where(eq(rentMonths.policyId, policyId))
    .orderBy(asc(rentMonths.seq));
}

export type ClaimDocumentInsert = Omit<typeof claimDocuments.$inferInsert, 'id' | 'createdAt'>;

export async function insertClaimDocument(db: Executor, values: ClaimDocumentInsert): Promise<number> {
  const [row] = await db.insert(claimDocuments).values(values).returning({ id: claimDocuments.id });
  return row!.id;
}

const createdByName = sql<string>`coalesce((select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${claimDocuments.createdBy}), '')`;

const documentColumns = {
  id: claimDocuments.id,
  claimId: claimDocuments.claimId,
  kind: claimDocuments.kind,
  storedName: claimDocuments.storedName,
  fileName: claimDocuments.fileName,
  size: claimDocuments.size,
  sha256: claimDocuments.sha256,
  createdBy: createdByName,
  createdAt: claimDocuments.createdAt,
};

export interface StoredClaimDocument {
  id: number;
  claimId: number;
  policyId: number;
  kind: ClaimDocumentKind;
  storedName: string;
  fileName: string;
  size: number;
  sha256: string;
  createdBy: string;
  createdAt: Date;
}

/** One document of a case within `scope` (null: unknown or another branch's). */
export async function findClaimDocument(db: Executor, documentId: number, scope: BranchScope): Promise<StoredClaimDocument | null> {
  const [row] = await db
    .select({ ...documentColumns, policyId: claims.policyId })
    .from(claimDocuments)
    .innerJoin(claims, eq(claims.id, claimDocuments.claimId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claimDocuments.id, documentId), inBranchScope(policies.branchId, scope)));
  return row ?? null;
}

/** Every case document of a policy, newest first (the expediente lists them; its caller checked the branch). */
export async function listPolicyClaimDocuments(db: Executor, policyId: number) {
  return db
    .select({ ...documentColumns, policyId: claims.policyId })
    .from(claimDocuments)
    .innerJoin(claims, eq(claims.id, claimDocuments.claimId))
    .where(eq(claims.policyId, policyId))
    .orderBy(desc(claimDocuments.createdAt), desc(claimDocuments.id));
}

/** The policy's newest case (the templates admin's preview draws from it), or null. */
export async function latestClaimOfPolicy(db: Executor, policyId: number): Promise<{ id: number; branchId: number | null } | null> {
  const [row] = await db
    .select({ id: claims.id, branchId: policies.branchId })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(eq(claims.policyId, policyId))
    .orderBy(desc(claims.id))
    .limit(1);
  return row ?? null;
}
