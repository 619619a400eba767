import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, feePaymentReversals, feePayments, invoices, policies, policyFees } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';

/* The invoices' SQL (issue 34): every read of an invoice or a payment carries the branch scope. */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export interface PaymentToInvoice {
  id: number;
  policyId: number;
  branchId: number;
  amount: string;
  method: string;
  receivedOn: string;
  reversed: boolean;
  ivaPercent: string;
  policyFolio: string;
}

/** The payment with what its invoice needs, locked until the transaction ends (two requests for it queue). */
export async function lockPaymentToInvoice(tx: Executor, paymentId: number, scope: BranchScope): Promise<PaymentToInvoice | undefined> {
  const [row] = await tx
    .select({
      id: feePayments.id,
      policyId: feePayments.policyId,
      branchId: policies.branchId,
      amount: feePayments.amount,
      method: feePayments.method,
      receivedOn: feePayments.receivedOn,
      reversed: sql<boolean>`${feePaymentReversals.paymentId} is not null`,
      ivaPercent: policyFees.ivaPercent,
      policyFolio: sql<string>`coalesce(nullif(${policies.policyNumber}, ''), ${policies.investigationId})`,
    })
    .from(feePayments)
    .innerJoin(policyFees, eq(policyFees.policyId, feePayments.policyId))
    .innerJoin(policies, eq(policies.id, feePayments.policyId))
    .leftJoin(feePaymentReversals, eq(feePaymentReversals.paymentId, feePayments.id))
    .where(and(eq(feePayments.id, paymentId), inBranchScope(policies.branchId, scope)))
    .for('update', { of: feePayments });
  return row;
}

/** The invoice a request's Idempotency-Key made, in the caller's scope. */
export async function findByIdempotencyKey(db: Executor, key: string, scope: BranchScope): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.idempotencyKey, key), inBranchScope(invoices.branchId, scope)));
  return row;
}

/** The payment's invoice that stands (issuing or valid), if any. */
export async function findStandingForPayment(db: Executor, paymentId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.feePaymentId, paymentId), sql`${invoices.state} <> 'canceled'`));
  return row;
}

export async function insertIssuing(tx: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

/** Nothing half-issued: the PAC refused, the row that held the key goes (the payment stays). */
export async function deleteIssuing(db: Executor, id: number): Promise<void> {
  await db.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.state, 'issuing')));
}

export async function markValid(db: Executor, id: number, values: Pick<NewInvoice, 'providerId' | 'uuid' | 'series' | 'folioNumber' | 'issuedAt' | 'livemode'>): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, state: 'valid' })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

/** Records where a file the PAC gave is stored, unless another request stored it first; whether it was recorded. */
export async function setStoredFile(db: Executor, id: number, kind: 'xml' | 'pdf', storedName: string): Promise<boolean> {
  const column = kind === 'xml' ? invoices.xmlStoredName : invoices.pdfStoredName;
  const rows = await db
    .update(invoices)
    .set(kind === 'xml' ? { xmlStoredName: storedName } : { pdfStoredName: storedName })
    .where(and(eq(invoices.id, id), isNull(column)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function findInvoice(db: Executor, id: number, scope: BranchScope): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), inBranchScope(invoices.branchId, scope)));
  return row;
}

/** Whether the policy exists in the scope. */
export async function policyInScope(db: Executor, policyId: number, scope: BranchScope): Promise<boolean> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  return Boolean(row);
}

/** The policy's issued invoices (not those still being stamped), newest first. */
export async function policyInvoices(db: Executor, policyId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.policyId, policyId), sql`${invoices.state} <> 'issuing'`))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/** No cancellation asked for, or one the customer rejected or let expire (it may be asked again). */
const cancellable = sql`(${invoices.cancellationStatus} is null or ${invoices.cancellationStatus} in ('none', 'rejected', 'expired'))`;

/**
 * Takes the invoice's cancellation for this request: only a standing invoice no one is already
 * cancelling (two clicks on 'Cancelar factura' make one request to the PAC). Its row, or none.
 */
export async function claimCancellation(db: Executor, id: number, scope: BranchScope): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ cancellationStatus: 'requesting' })
    .where(and(eq(invoices.id, id), eq(invoices.state, 'valid'), cancellable, inBranchScope(invoices.branchId, scope)))
    .returning();
  return row;
}

export async function releaseCancellation(db: Executor, id: number): Promise<void> {
  await db
    .update(invoices)
    .set({ cancellationStatus: null })
    .where(and(eq(invoices.id, id), eq(invoices.cancellationStatus, 'requesting')));
}

export async function recordCancellation(db: Executor, id: number, values: Pick<NewInvoice, 'state' | 'cancelMotive' | 'replacementInvoiceId' | 'cancellationStatus' | 'canceledAt' | 'canceledBy'>): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row!;
}

export interface ListFilter {
  /** 'YYYY-MM': issued that month in Mexico City. */
  month: string;
  branchId: number | undefined;
  state: 'valid' | 'canceled' | undefined;
}

export type ListedInvoice = InvoiceRow & { policyFolio: string; branchName: string };

/** The month's invoices issued (standing or cancelled since), oldest first, with their policy's folio and branch. */
export async function listInvoices(db: Executor, filter: ListFilter): Promise<ListedInvoice[]> {
  const monthStart = sql`(${`${filter.month}-01`}::date)::timestamp at time zone 'America/Mexico_City'`;
  const nextMonthStart = sql`((${`${filter.month}-01`}::date + interval '1 month')::date)::timestamp at time zone 'America/Mexico_City'`;
  const conditions: Array<SQL | undefined> = [
    sql`${invoices.state} <> 'issuing'`,
    sql`${invoices.issuedAt} >= ${monthStart}`,
    sql`${invoices.issuedAt} < ${nextMonthStart}`,
    filter.branchId === undefined ? undefined : eq(invoices.branchId, filter.branchId),
    filter.state ? eq(invoices.state, filter.state) : undefined,
  ];
  const rows = await db
    .select({
      invoice: invoices,
      policyFolio: sql<string>`coalesce(nullif(${policies.policyNumber}, ''), ${policies.investigationId})`,
      branchName: branches.name,
    })
    .from(invoices)
    .innerJoin(policies, eq(policies.id, invoices.policyId))
    .innerJoin(branches, eq(branches.id, invoices.branchId))
    .where(and(...conditions))
    .orderBy(invoices.issuedAt, invoices.id);
  return rows.map((row) => ({ ...row.invoice, policyFolio: row.policyFolio, branchName: row.branchName }));
}
