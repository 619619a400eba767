import { and, eq, sql } from 'drizzle-orm';
import type { FeeExtraView, FeeInvoiceSummary, FeePayer, FeeState, PaymentMethod, PolicyStatus, PolicyType } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { branches, feePaymentReversals, feePayments, feeTariffs, invoices, policies, policyFees, users } from '../../../db/schema/index';
import { inBranchScope } from '../../../db/scope';
import type { BranchScope } from '../../../lib/branch-scope';

/** What the fee needs of a policy, read within the caller's branch scope. */
export interface FeePolicy {
  id: number;
  branchId: number;
  status: PolicyStatus;
  policyType: PolicyType;
}

export async function findFeePolicy(db: Executor, id: number, scope: BranchScope): Promise<FeePolicy | undefined> {
  const [row] = await db
    .select({ id: policies.id, branchId: policies.branchId, status: policies.status, policyType: policies.policyType })
    .from(policies)
    .where(and(eq(policies.id, id), inBranchScope(policies.branchId, scope)));
  return row;
}

export type FeeRow = typeof policyFees.$inferSelect & { discountByName: string | null; updatedByName: string | null };

/** The policy's fee (null before its rent is known); `lock` for a write: its writes queue on this row. */
export async function findFee(db: Executor, policyId: number, lock = false): Promise<FeeRow | undefined> {
  const discountBy = sql<string | null>`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from ${users} u where u.id = ${policyFees.discountBy})`;
  const updatedBy = sql<string | null>`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from ${users} u where u.id = ${policyFees.updatedBy})`;
  const query = db.select({ fee: policyFees, discountByName: discountBy, updatedByName: updatedBy }).from(policyFees).where(eq(policyFees.policyId, policyId));
  const [row] = lock ? await query.for('update', { of: policyFees }) : await query;
  return row ? { ...row.fee, discountByName: row.discountByName, updatedByName: row.updatedByName } : undefined;
}

/** The extras the tariff a fee was quoted with offers (none with the portal's defaults). */
export async function offeredExtras(db: Executor, tariffId: number | null): Promise<FeeExtraView[]> {
  if (tariffId === null) return [];
  const [row] = await db.select({ extras: feeTariffs.extras }).from(feeTariffs).where(eq(feeTariffs.id, tariffId));
  return row?.extras ?? [];
}

export interface FeeChanges {
  payer?: FeePayer;
  ownerSharePercent?: string | null;
  extras?: FeeExtraView[];
  extrasAmount?: string;
  discount?: string;
  discountReason?: string;
  discountBy?: number | null;
  discountAt?: Date | null;
  subtotal?: string;
  iva?: string;
  total?: string;
  state?: FeeState;
  paidOn?: string | null;
}

export async function updateFee(db: Executor, policyId: number, changes: FeeChanges, userId: number): Promise<void> {
  await db
    .update(policyFees)
    .set({ ...changes, version: sql`${policyFees.version} + 1`, updatedAt: new Date(), updatedBy: userId })
    .where(eq(policyFees.policyId, policyId));
}

/**
 * Keeps `collected`, the state and the day it was fully paid in line with the standing payments
 * (the day of the payment that completed it, received-on order), and raises the version.
 */
export async function recomputeCollected(db: Executor, policyId: number, userId: number): Promise<void> {
  await db.execute(sql`
    with standing as (
      select p.id, p.received_on, p.amount,
             sum(p.amount) over (order by p.received_on, p.id) as running
        from ${feePayments} p
       where p.policy_id = ${policyId}
         and not exists (select 1 from ${feePaymentReversals} r where r.payment_id = p.id)
    ), summary as (
      select coalesce(sum(amount), 0) as collected from standing
    )
    update ${policyFees} f
       set collected = s.collected,
           state = (case when s.collected >= f.total then 'paid' when s.collected = 0 then 'pending' else 'partial' end)::fee_state,
           paid_on = case when s.collected >= f.total and f.total > 0
                          then (select min(received_on) from standing where running >= f.total) end,
           version = f.version + 1, updated_at = now(), updated_by = ${userId}
      from summary s
     where f.policy_id = ${policyId}`);
}

export interface FeePaymentRow {
  id: number;
  amount: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  recordedBy: string;
  recordedAt: Date;
  reversal: { reason: string; by: string; at: Date } | null;
  receipt: { fileName: string; size: number } | null;
  invoice: FeeInvoiceSummary | null;
}

/** The fee's payments, reversed ones included, each with its standing invoice (from the invoices' table). */
export async function loadFeePayments(db: Executor, policyId: number): Promise<FeePaymentRow[]> {
  const result = await db.execute(sql`
    select p.id, p.amount::text as amount, p.received_on::text as "receivedOn", p.method, p.reference, p.created_at as "recordedAt",
      coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), '') as "recordedBy",
      r.reason as "reversalReason", r.created_at as "reversedAt",
      coalesce(nullif(trim(concat_ws(' ', vu.first_name, vu.last_name)), ''), '') as "reversedBy",
      p.receipt_file_name as "receiptFileName", p.receipt_size as "receiptSize",
      i.id as "invoiceId", i.state as "invoiceState", i.uuid as "invoiceUuid", i.total::text as "invoiceTotal"
    from ${feePayments} p
    left join ${users} ru on ru.id = p.recorded_by
    left join ${feePaymentReversals} r on r.payment_id = p.id
    left join ${users} vu on vu.id = r.reversed_by
    left join lateral (
      select id, state, uuid, total from ${invoices} iv where iv.fee_payment_id = p.id and iv.state <> 'canceled' order by iv.id desc limit 1
    ) i on true
    where p.policy_id = ${policyId}
    order by p.received_on, p.id`);
  type Row = {
    id: number | string;
    amount: string;
    receivedOn: string;
    method: PaymentMethod;
    reference: string;
    recordedAt: Date | string;
    recordedBy: string;
    reversalReason: string | null;
    reversedAt: Date | string | null;
    reversedBy: string;
    receiptFileName: string | null;
    receiptSize: string | number | null;
    invoiceId: number | string | null;
    invoiceState: FeeInvoiceSummary['state'] | null;
    invoiceUuid: string | null;
    invoiceTotal: string | null;
  };
  return rowsOf<Row>(result).map((row) => ({
    id: Number(row.id),
    amount: row.amount,
    receivedOn: row.receivedOn,
    method: row.method,
    reference: row.reference,
    recordedBy: row.recordedBy,
    recordedAt: new Date(row.recordedAt),
    reversal: row.reversalReason === null ? null : { reason: row.reversalReason, by: row.reversedBy, at: new Date(row.reversedAt ?? 0) },
    receipt: row.receiptFileName === null ? null : { fileName: row.receiptFileName, size: Number(row.receiptSize) },
    invoice: row.invoiceId === null ? null : { id: Number(row.invoiceId), state: row.invoiceState!, uuid: row.invoiceUuid, total: row.invoiceTotal ?? '0.00' },
  }));
}

/** A payment's receipt file, as the file store keeps it. */
export interface FeeReceiptFile {
  fileName: string;
  storedName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export interface NewFeePayment {
  policyId: number;
  amount: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  recordedBy: number;
  receipt: FeeReceiptFile | null;
}

export async function insertFeePayment(db: Executor, { receipt, ...payment }: NewFeePayment): Promise<number> {
  const file = receipt
    ? { receiptFileName: receipt.fileName, receiptStoredName: receipt.storedName, receiptMimeType: receipt.mimeType, receiptSize: receipt.size, receiptSha256: receipt.sha256 }
    : {};
  const [row] = await db
    .insert(feePayments)
    .values({ ...payment, ...file })
    .returning({ id: feePayments.id });
  return row!.id;
}

/** A fee payment of the caller's branch, with its receipt's file and whether it has a standing invoice. */
export async function findFeePayment(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({
      id: feePayments.id,
      policyId: feePayments.policyId,
      amount: feePayments.amount,
      storedName: feePayments.receiptStoredName,
      fileName: feePayments.receiptFileName,
      mimeType: feePayments.receiptMimeType,
      size: feePayments.receiptSize,
      standingInvoices: sql<number>`(select count(*)::int from ${invoices} i where i.fee_payment_id = ${feePayments.id} and i.state <> 'canceled')`,
    })
    .from(feePayments)
    .innerJoin(policies, eq(policies.id, feePayments.policyId))
    .where(and(eq(feePayments.id, id), inBranchScope(policies.branchId, scope)));
  return row ? { ...row, standingInvoices: Number(row.standingInvoices) } : undefined;
}

/** Records the reversal once; false when the payment was reversed already. */
export async function insertFeeReversal(db: Executor, values: { paymentId: number; reason: string; reversedBy: number }): Promise<boolean> {
  const rows = await db.insert(feePaymentReversals).values(values).onConflictDoNothing().returning({ id: feePaymentReversals.paymentId });
  return rows.length === 1;
}

/** Whether the policy's branch asks for the fee paid before its contracts, and whether it is. */
export async function feeGate(db: Executor, policyId: number): Promise<{ required: boolean; paid: boolean }> {
  const result = await db.execute(sql`
    select b.require_fee_before_contracts as required, coalesce(f.state = 'paid', false) as paid
      from ${policies} p join ${branches} b on b.id = p.branch_id
      left join ${policyFees} f on f.policy_id = p.id
     where p.id = ${policyId}`);
  const [row] = rowsOf<{ required: boolean; paid: boolean }>(result);
  return { required: Boolean(row?.required), paid: Boolean(row?.paid) };
}
