import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod, RentProofState } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { branches, policies, publicLinks, rentPaymentProofs, tenants, users } from '../../../db/schema/index';
import { inBranchScope } from '../../../db/scope';
import type { BranchScope } from '../../../lib/branch-scope';

export interface ProofRow {
  id: number;
  policyId: number;
  amount: string;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  fileName: string;
  storedName: string;
  mimeType: string;
  size: number;
  sha256: string;
  state: RentProofState;
  rejectReason: string | null;
  sentBy: string;
  sentAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  paymentId: number | null;
}

const decider = sql<string | null>`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from ${users} u where u.id = ${rentPaymentProofs.decidedBy})`;

const proofColumns = {
  id: rentPaymentProofs.id,
  policyId: rentPaymentProofs.policyId,
  amount: rentPaymentProofs.amount,
  paidOn: rentPaymentProofs.paidOn,
  method: rentPaymentProofs.method,
  reference: rentPaymentProofs.reference,
  fileName: rentPaymentProofs.fileName,
  storedName: rentPaymentProofs.storedName,
  mimeType: rentPaymentProofs.mimeType,
  size: rentPaymentProofs.size,
  sha256: rentPaymentProofs.sha256,
  state: rentPaymentProofs.state,
  rejectReason: rentPaymentProofs.rejectReason,
  sentBy: sql<string>`coalesce(${publicLinks.partyName}, '')`,
  sentAt: rentPaymentProofs.createdAt,
  decidedBy: decider,
  decidedAt: rentPaymentProofs.decidedAt,
  paymentId: rentPaymentProofs.paymentId,
};

/** A policy's proofs, newest first. */
export async function listProofs(db: Executor, policyId: number): Promise<ProofRow[]> {
  return db
    .select(proofColumns)
    .from(rentPaymentProofs)
    .leftJoin(publicLinks, eq(publicLinks.id, rentPaymentProofs.linkId))
    .where(eq(rentPaymentProofs.policyId, policyId))
    .orderBy(desc(rentPaymentProofs.id));
}

/** A proof within the caller's branch scope (another branch's is not found). */
export async function findProof(db: Executor, id: number, scope: BranchScope): Promise<ProofRow | undefined> {
  const [row] = await db
    .select(proofColumns)
    .from(rentPaymentProofs)
    .innerJoin(policies, eq(policies.id, rentPaymentProofs.policyId))
    .leftJoin(publicLinks, eq(publicLinks.id, rentPaymentProofs.linkId))
    .where(and(eq(rentPaymentProofs.id, id), inBranchScope(policies.branchId, scope)));
  return row;
}

export async function insertProof(
  db: Executor,
  values: { policyId: number; linkId: number; amount: string; paidOn: string; method: PaymentMethod; reference: string; fileName: string; storedName: string; mimeType: string; size: number; sha256: string },
): Promise<number> {
  const [row] = await db.insert(rentPaymentProofs).values(values).returning({ id: rentPaymentProofs.id });
  return row!.id;
}

/**
 * Decides a proof once: only a pending one is changed, so of two staff deciding at once exactly
 * one gets true (the other's UPDATE waits for the first's row lock, then finds it decided).
 */
export async function decideProof(
  db: Executor,
  id: number,
  decision: { state: 'accepted'; paymentId: number; by: number } | { state: 'rejected'; reason: string; by: number },
): Promise<boolean> {
  const rows = await db
    .update(rentPaymentProofs)
    .set({
      state: decision.state,
      rejectReason: decision.state === 'rejected' ? decision.reason : null,
      paymentId: decision.state === 'accepted' ? decision.paymentId : null,
      decidedBy: decision.by,
      decidedAt: new Date(),
    })
    .where(and(eq(rentPaymentProofs.id, id), eq(rentPaymentProofs.state, 'pending')))
    .returning({ id: rentPaymentProofs.id });
  return rows.length === 1;
}

/** Takes a pending proof's row for this transaction (null when decided already or gone). */
export async function lockPendingProof(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: rentPaymentProofs.id })
    .from(rentPaymentProofs)
    .where(and(eq(rentPaymentProofs.id, id), eq(rentPaymentProofs.state, 'pending')))
    .for('update');
  return rows.length === 1;
}

/** The policy a tenant's link is made for, within the caller's scope, with its branch's name and the tenant's contacts. */
export async function findLinkTarget(db: Executor, policyId: number, partyIndex: number, scope: BranchScope) {
  const [policy] = await db
    .select({ id: policies.id, branchName: branches.name })
    .from(policies)
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  if (!policy) return undefined;
  const people = await db
    .select({ name: tenants.name, email: tenants.email, mobile: tenants.mobile, phone: tenants.phone })
    .from(tenants)
    .where(eq(tenants.policyId, policyId))
    .orderBy(asc(tenants.position), asc(tenants.id));
  return { policy, tenant: people[partyIndex] ?? null };
}
