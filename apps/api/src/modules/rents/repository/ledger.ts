import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rentConfirmationMessages, type PaymentMethod, type PolicyStatus, type RentMonthState } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { policies, properties, rentAllocations, rentMonths, rentPaymentReversals, rentPayments, rentSchedules, rents, users } from '../../../db/schema/index';
import { inBranchScope } from '../../../db/scope';
import type { BranchScope } from '../../../lib/branch-scope';

/** What the rents need of a policy, read within the caller's branch scope. */
export interface RentPolicy {
  id: number;
  branchId: number;
  status: PolicyStatus;
  startDate: string | null;
  termMonths: number;
  graceDays: number;
  rent: string | null;
  /** The lease's moratorium interest, % a month ('3.50'), or null. */
  lateInterestRate: string | null;
}

export async function findRentPolicy(db: Executor, id: number, scope: BranchScope): Promise<RentPolicy | undefined> {
  const [row] = await db
    .select({
      id: policies.id,
      branchId: policies.branchId,
      status: policies.status,
      startDate: policies.startDate,
      termMonths: policies.termMonths,
      graceDays: sql<number>`coalesce(${rents.gracePeriod}, 0)::int`,
      rent: sql<string | null>`${rents.price}::text`,
      lateInterestRate: sql<string | null>`${rents.lateInterestMonthlyRate}::text`,
    })
    .from(policies)
    .leftJoin(properties, eq(properties.policyId, policies.id))
    .leftJoin(rents, eq(rents.propertyId, properties.id))
    .where(and(eq(policies.id, id), inBranchScope(policies.branchId, scope)));
  return row ? { ...row, graceDays: Number(row.graceDays) } : undefined;
}

export interface ScheduleHeader {
  version: number;
  trackedFrom: string;
}

/** The schedule's header, locked for this transaction's write: payments of one policy queue here. */
export async function lockSchedule(db: Executor, policyId: number): Promise<ScheduleHeader | undefined> {
  const [row] = await db.select({ version: rentSchedules.version, trackedFrom: rentSchedules.trackedFrom }).from(rentSchedules).where(eq(rentSchedules.policyId, policyId)).for('update');
  return row;
}

export async function findSchedule(db: Executor, policyId: number): Promise<ScheduleHeader | undefined> {
  const [row] = await db.select({ version: rentSchedules.version, trackedFrom: rentSchedules.trackedFrom }).from(rentSchedules).where(eq(rentSchedules.policyId, policyId));
  return row;
}

export interface MonthRow {
  id: number;
  seq: number;
  dueOn: string;
  graceDays: number;
  amountDue: string;
  paid: string;
  paidOn: string | null;
  state: RentMonthState;
  waivedReason: string | null;
}

export async function loadMonths(db: Executor, policyId: number): Promise<MonthRow[]> {
  return db
    .select({
      id: rentMonths.id,
      seq: rentMonths.seq,
      dueOn: rentMonths.dueOn,
      graceDays: rentMonths.graceDays,
      amountDue: rentMonths.amountDue,
      paid: rentMonths.paid,
      paidOn: rentMonths.paidOn,
      state: rentMonths.state,
      waivedReason: rentMonths.waivedReason,
    })
    .from(rentMonths)
    .where(eq(rentMonths.policyId, policyId))
    .orderBy(asc(rentMonths.seq));
}

/** The months the schedule will have, before activation: the same SQL rule the activation writes with. */
export async function previewMonths(db: Executor, policy: RentPolicy): Promise<Array<{ seq: number; dueOn: string; graceDays: number; amountDue: string }>> {
  if (!policy.startDate || policy.rent === null) return [];
  const result = await db.execute(sql`
    select seq::int as "seq", due_on::text as "dueOn", grace_days::int as "graceDays", amount_due::numeric(12,2)::text as "amountDue"
    from rent_schedule_rows(${policy.startDate}::date, ${policy.termMonths}::int, ${policy.graceDays}::int, ${policy.rent}::numeric)`);
  return rowsOf<{ seq: number; dueOn: string; graceDays: number; amountDue: string }>(result).map((row) => ({ ...row, seq: Number(row.seq), graceDays: Number(row.graceDays) }));
}

export interface PaymentRow {
  id: number;
  amount: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  recordedBy: string;
  recordedAt: Date;
  reversal: { reason: string; by: string; at: Date } | null;
  receipt: { fileName: string; size: number } | null;
}

/** The policy's payments, reversed ones included, in the order they are applied. */
export async function loadPayments(db: Executor, policyId: number): Promise<PaymentRow[]> {
  const result = await db.execute(sql`
    select p.id, p.amount::text as amount, p.received_on::text as "receivedOn", p.method, p.reference, p.created_at as "recordedAt",
      coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), '') as "recordedBy",
      r.reason as "reversalReason", r.created_at as "reversedAt",
      p.receipt_file_name as "receiptFileName", p.receipt_size as "receiptSize",
      coalesce(nullif(trim(concat_ws(' ', vu.first_name, vu.last_name)), ''), '') as "reversedBy"
    from ${rentPayments} p
    left join ${users} ru on ru.id = p.recorded_by
    left join ${rentPaymentReversals} r on r.payment_id = p.id
    left join ${users} vu on vu.id = r.reversed_by
    where p.policy_id = ${policyId}
    order by p.received_on, p.id`);
  type Row = Omit<PaymentRow, 'reversal' | 'recordedAt' | 'receipt'> & {
    recordedAt: Date | string;
    reversalReason: string | null;
    reversedAt: Date | string | null;
    reversedBy: string;
    receiptFileName: string | null;
    receiptSize: string | number | null;
  };
  return rowsOf<Row>(result).map((row) => ({
    id: Number(row.id),
    amount: row.amount,
    receivedOn: row.receivedOn,
    method: row.method,
    reference: row.reference,
    // A payment the owner confirmed by link has no user behind it.
    recordedBy: row.method === 'owner_report' ? rentConfirmationMessages.ownerRecorder : row.recordedBy,
    recordedAt: new Date(row.recordedAt),
    reversal: row.reversalReason === null ? null : { reason: row.reversalReason, by: row.reversedBy, at: new Date(row.reversedAt ?? 0) },
    receipt: row.receiptFileName === null ? null : { fileName: row.receiptFileName, size: Number(row.receiptSize) },
  }));
}

export async function loadAllocations(db: Executor, policyId: number): Promise<Array<{ paymentId: number; monthId: number; amount: string }>> {
  return db
    .select({ paymentId: rentAllocations.paymentId, monthId: rentAllocations.monthId, amount: rentAllocations.amount })
    .from(rentAllocations)
    .innerJoin(rentMonths, eq(rentMonths.id, rentAllocations.monthId))
    .where(eq(rentMonths.policyId, policyId))
    .orderBy(asc(rentMonths.seq));
}

/** A payment's receipt file, as the file store keeps it. */
export interface ReceiptFile {
  fileName: string;
  storedName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export interface NewPayment {
  policyId: number;
  amount: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  recordedBy: number | null;
  receipt?: ReceiptFile | null | undefined;
}

export async function insertPayment(db: Executor, { receipt, ...payment }: NewPayment): Promise<number> {
  const values = {
    ...payment,
    ...(receipt
      ? { receiptFileName: receipt.fileName, receiptStoredName: receipt.storedName, receiptMimeType: receipt.mimeType, receiptSize: receipt.size, receiptSha256: receipt.sha256 }
      : {}),
  };
  const [row] = await db.insert(rentPayments).values(values).returning({ id: rentPayments.id });
  return row!.id;
}

/** The payment with its policy, within the caller's scope, for a reversal. */
export async function findPayment(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({ id: rentPayments.id, policyId: rentPayments.policyId, amount: rentPayments.amount })
    .from(rentPayments)
    .innerJoin(policies, eq(policies.id, rentPayments.policyId))
    .where(and(eq(rentPayments.id, id), inBranchScope(policies.branchId, scope)));
  return row;
}

/** Records the reversal once; false when the payment was reversed already. */
export async function insertReversal(db: Executor, values: { paymentId: number; reason: string; reversedBy: number }): Promise<boolean> {
  const rows = await db.insert(rentPaymentReversals).values(values).onConflictDoNothing().returning({ id: rentPaymentReversals.paymentId });
  return rows.length === 1;
}

export interface MonthWrite {
  id: number;
  paid: string;
  paidOn: string | null;
  state: RentMonthState;
}

/**
 * Writes a recomputed allocation (decision 026): the months' paid amounts and states in one
 * statement, the allocations replaced, the schedule's version raised (its trigger).
 */
export async function writeAllocation(db: Executor, policyId: number, months: MonthWrite[], allocations: Array<{ paymentId: number; monthId: number; amount: string }>): Promise<void> {
  const paymentIds = db.select({ id: rentPayments.id }).from(rentPayments).where(eq(rentPayments.policyId, policyId));
  await db.delete(rentAllocations).where(inArray(rentAllocations.paymentId, paymentIds));
  if (allocations.length > 0) await db.insert(rentAllocations).values(allocations);
  if (months.length > 0) {
    const values = sql.join(
      months.map((month) => sql`(${month.id}::int, ${month.paid}::numeric, ${month.paidOn}::date, ${month.state}::rent_month_state)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${rentMonths} m set paid = v.paid, paid_on = v.paid_on, state = v.state
      from (values ${values}) as v(id, paid, paid_on, state)
      where m.id = v.id and m.policy_id = ${policyId}`);
  }
  await db.execute(sql`select rent_arrears_refresh(array[${policyId}::int])`);
  await db.update(rentSchedules).set({ updatedAt: new Date() }).where(eq(rentSchedules.policyId, policyId));
}

/** The month with its policy, within the caller's scope, for a waiver. */
export async function findMonth(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({ id: rentMonths.id, policyId: rentMonths.policyId, dueOn: rentMonths.dueOn, state: rentMonths.state, amountDue: rentMonths.amountDue, paid: rentMonths.paid })
    .from(rentMonths)
    .innerJoin(policies, eq(policies.id, rentMonths.policyId))
    .where(and(eq(rentMonths.id, id), inBranchScope(policies.branchId, scope)));
  return row;
}

export async function waiveMonth(db: Executor, id: number, reason: string): Promise<void> {
  await db.update(rentMonths).set({ state: 'waived', waivedReason: reason }).where(eq(rentMonths.id, id));
}

/** A payment's receipt, within the caller's scope: null when there is no such payment or it has none. */
export async function findReceipt(db: Executor, paymentId: number, scope: BranchScope) {
  const [row] = await db
    .select({
      policyId: rentPayments.policyId,
      fileName: rentPayments.receiptFileName,
      storedName: rentPayments.receiptStoredName,
      mimeType: rentPayments.receiptMimeType,
      size: rentPayments.receiptSize,
    })
    .from(rentPayments)
    .innerJoin(policies, eq(policies.id, rentPayments.policyId))
    .where(and(eq(rentPayments.id, paymentId), inBranchScope(policies.branchId, scope)));
  return row;
}
