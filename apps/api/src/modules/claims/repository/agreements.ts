import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AgreementState, InstalmentState, RecordablePaymentMethod } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { inBranchScope } from '../../../db/scope';
import { claimAgreements, claimInstalmentPayments, claimInstalments, claimMovements, claims, policies } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';

/* The SQL of a case's payment agreement (issue 33): the agreement, its instalments and their payments. */

export async function activeAgreementOf(db: Executor, claimId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: claimAgreements.id })
    .from(claimAgreements)
    .where(and(eq(claimAgreements.claimId, claimId), eq(claimAgreements.state, 'active')));
  return row ?? null;
}

export async function insertAgreement(db: Executor, values: { claimId: number; notes: string; createdBy: number }, instalments: { dueOn: string; amount: string }[]): Promise<number> {
  const [agreement] = await db.insert(claimAgreements).values(values).returning({ id: claimAgreements.id });
  await db.insert(claimInstalments).values(instalments.map((row, index) => ({ agreementId: agreement!.id, seq: index + 1, dueOn: row.dueOn, amount: row.amount })));
  return agreement!.id;
}

/** The case an instalment belongs to, within `scope` (null: unknown or another branch's). */
export async function instalmentClaimId(db: Executor, instalmentId: number, scope: BranchScope): Promise<number | null> {
  const [row] = await db
    .select({ claimId: claimAgreements.claimId })
    .from(claimInstalments)
    .innerJoin(claimAgreements, eq(claimAgreements.id, claimInstalments.agreementId))
    .innerJoin(claims, eq(claims.id, claimAgreements.claimId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claimInstalments.id, instalmentId), inBranchScope(policies.branchId, scope)));
  return row?.claimId ?? null;
}

/** The case an instalment payment belongs to, within `scope`. */
export async function paymentClaimId(db: Executor, paymentId: number, scope: BranchScope): Promise<number | null> {
  const [row] = await db
    .select({ claimId: claimAgreements.claimId })
    .from(claimInstalmentPayments)
    .innerJoin(claimInstalments, eq(claimInstalments.id, claimInstalmentPayments.instalmentId))
    .innerJoin(claimAgreements, eq(claimAgreements.id, claimInstalments.agreementId))
    .innerJoin(claims, eq(claims.id, claimAgreements.claimId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claimInstalmentPayments.id, paymentId), inBranchScope(policies.branchId, scope)));
  return row?.claimId ?? null;
}

export interface InstalmentRow {
  id: number;
  agreementId: number;
  agreementState: AgreementState;
  seq: number;
  dueOn: string;
  amount: string;
  paid: string;
  paidOn: string | null;
  state: InstalmentState;
}

const instalmentColumns = {
  id: claimInstalments.id,
  agreementId: claimInstalments.agreementId,
  agreementState: claimAgreements.state,
  seq: claimInstalments.seq,
  dueOn: claimInstalments.dueOn,
  amount: claimInstalments.amount,
  paid: claimInstalments.paid,
  paidOn: claimInstalments.paidOn,
  state: claimInstalments.state,
};

/** An instalment with its agreement's state; the caller holds the case's lock, this holds the row. */
export async function lockInstalment(db: Executor, instalmentId: number): Promise<InstalmentRow | null> {
  const [row] = await db
    .select(instalmentColumns)
    .from(claimInstalments)
    .innerJoin(claimAgreements, eq(claimAgreements.id, claimInstalments.agreementId))
    .where(eq(claimInstalments.id, instalmentId))
    .for('update', { of: claimInstalments });
  return row ?? null;
}

export async function updateInstalment(db: Executor, instalmentId: number, changes: { paid: string; paidOn: string | null; state: InstalmentState }): Promise<void> {
  await db.update(claimInstalments).set(changes).where(eq(claimInstalments.id, instalmentId));
}

/** The agreement's instalments, in order. */
export async function agreementInstalments(db: Executor, agreementId: number) {
  return db.select({ seq: claimInstalments.seq, amount: claimInstalments.amount, state: claimInstalments.state }).from(claimInstalments).where(eq(claimInstalments.agreementId, agreementId)).orderBy(asc(claimInstalments.seq));
}

export async function setAgreementState(db: Executor, agreementId: number, state: AgreementState, endedAt: Date | null): Promise<void> {
  await db.update(claimAgreements).set({ state, endedAt }).where(eq(claimAgreements.id, agreementId));
}

export interface PaymentValues {
  instalmentId: number;
  amount: string;
  receivedOn: string;
  method: RecordablePaymentMethod;
  reference: string;
  createdBy: number;
}

/** The payment and the recovery it counts as in the case's money, linked so a reversal reverses both. */
export async function insertPaymentWithRecovery(db: Executor, payment: PaymentValues, recovery: { claimId: number; description: string }): Promise<number> {
  const [row] = await db.insert(claimInstalmentPayments).values(payment).returning({ id: claimInstalmentPayments.id });
  await db.insert(claimMovements).values({
    claimId: recovery.claimId,
    kind: 'recovery',
    amount: payment.amount,
    on: payment.receivedOn,
    description: recovery.description,
    createdBy: payment.createdBy,
    instalmentPaymentId: row!.id,
  });
  return row!.id;
}

/** A payment with its instalment (locked: the caller holds the case's lock). */
export async function lockPayment(db: Executor, paymentId: number) {
  const [row] = await db
    .select({ id: claimInstalmentPayments.id, amount: claimInstalmentPayments.amount, reversedAt: claimInstalmentPayments.reversedAt, instalmentId: claimInstalmentPayments.instalmentId })
    .from(claimInstalmentPayments)
    .where(eq(claimInstalmentPayments.id, paymentId))
    .for('update');
  return row ?? null;
}

/** Marks the payment reversed and the recovery it recorded, with the reason. */
export async function reversePaymentAndRecovery(db: Executor, paymentId: number, reversal: { userId: number; reason: string; at: Date }): Promise<void> {
  const values = { reversedAt: reversal.at, reversedBy: reversal.userId, reversalReason: reversal.reason };
  await db.update(claimInstalmentPayments).set(values).where(eq(claimInstalmentPayments.id, paymentId));
  await db
    .update(claimMovements)
    .set(values)
    .where(and(eq(claimMovements.instalmentPaymentId, paymentId), isNull(claimMovements.reversedAt)));
}

// --- the daily run ---------------------------------------------------------------------------------

/** Instalments of agreements in force on open cases, not fully paid, whose day is before `today`: the earliest per agreement. */
export async function firstMissedInstalments(db: Executor, today: string) {
  const rows = await db
    .select({ agreementId: claimInstalments.agreementId, claimId: claimAgreements.claimId, policyId: claims.policyId, assigneeId: claims.assigneeId, instalmentId: claimInstalments.id })
    .from(claimInstalments)
    .innerJoin(claimAgreements, eq(claimAgreements.id, claimInstalments.agreementId))
    .innerJoin(claims, eq(claims.id, claimAgreements.claimId))
    .where(and(inArray(claimInstalments.state, ['pending', 'partial']), lt(claimInstalments.dueOn, today), eq(claimAgreements.state, 'active'), ne(claims.status, 'closed')))
    .orderBy(asc(claimInstalments.agreementId), asc(claimInstalments.seq));
  return rows.filter((row, index) => rows[index - 1]?.agreementId !== row.agreementId);
}

/** Under the case's lock: whether the agreement is still in force (a payment or another run may have come first). */
export async function agreementStillActive(db: Executor, agreementId: number): Promise<boolean> {
  const [row] = await db.select({ state: claimAgreements.state }).from(claimAgreements).where(eq(claimAgreements.id, agreementId)).for('update');
  return row?.state === 'active';
}

/** Every instalment of the agreement not fully paid by `today` becomes 'late'; the earliest first. */
export async function markLate(db: Executor, agreementId: number, today: string) {
  return db
    .update(claimInstalments)
    .set({ state: 'late' })
    .where(and(eq(claimInstalments.agreementId, agreementId), inArray(claimInstalments.state, ['pending', 'partial']), lt(claimInstalments.dueOn, today)))
    .returning({ id: claimInstalments.id, seq: claimInstalments.seq, dueOn: claimInstalments.dueOn, owedCents: sql<string>`((${claimInstalments.amount} - ${claimInstalments.paid}) * 100)::bigint::text` });
}
