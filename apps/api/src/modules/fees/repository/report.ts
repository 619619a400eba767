import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import { branches, feePaymentReversals, feePayments, invoices, policies, policyFees, users } from '../../../db/schema/index';

/*
 * The billing report's sums (issue 34), per branch, for the Mexico City days `from`–`to` (a
 * month). Instants (a quote, a reversal, an invoice) count on their Mexico City day.
 */

const localDay = (column: SQL) => sql`(${column} at time zone 'America/Mexico_City')::date`;

export interface BillingRow {
  branchId: number;
  branchName: string;
  quotedCount: number;
  quotedSubtotal: string;
  quotedIva: string;
  quotedTotal: string;
  received: string;
  reversed: string;
  pendingCount: number;
  pendingAmount: string;
  discountCount: number;
  discountAmount: string;
  issuedCount: number;
  issuedTotal: string;
  cancelledCount: number;
  cancelledTotal: string;
}

/** One row per branch in scope (`branchId` undefined: all), zeros where nothing happened. */
export async function billingRows(db: Executor, branchId: number | undefined, from: string, to: string): Promise<BillingRow[]> {
  const inScope = branchId === undefined ? sql`true` : sql`b.id = ${branchId}`;
  const result = await db.execute(sql`
    with quoted as (
      select p.branch_id, count(*)::int as n, sum(f.subtotal) as subtotal, sum(f.iva) as iva, sum(f.total) as total
        from ${policyFees} f join ${policies} p on p.id = f.policy_id
       where ${localDay(sql`f.quoted_at`)} between ${from}::date and ${to}::date
       group by p.branch_id
    ), received as (
      select p.branch_id, sum(fp.amount) as amount
        from ${feePayments} fp join ${policies} p on p.id = fp.policy_id
       where fp.received_on between ${from}::date and ${to}::date
       group by p.branch_id
    ), reversed as (
      select p.branch_id, sum(fp.amount) as amount
        from ${feePaymentReversals} r join ${feePayments} fp on fp.id = r.payment_id join ${policies} p on p.id = fp.policy_id
       where ${localDay(sql`r.created_at`)} between ${from}::date and ${to}::date
       group by p.branch_id
    ), owed as (
      select p.branch_id, greatest(f.total - coalesce((
               select sum(fp.amount) from ${feePayments} fp
                where fp.policy_id = f.policy_id and fp.received_on <= ${to}::date
                  and not exists (select 1 from ${feePaymentReversals} r where r.payment_id = fp.id and ${localDay(sql`r.created_at`)} <= ${to}::date)
             ), 0), 0) as amount
        from ${policyFees} f join ${policies} p on p.id = f.policy_id
       where ${localDay(sql`f.quoted_at`)} <= ${to}::date and p.status <> 'cancelled'
    ), pending as (
      select branch_id, count(*)::int as n, sum(amount) as amount from owed where amount > 0 group by branch_id
    ), discounts as (
      select p.branch_id, count(*)::int as n, sum(f.discount) as amount
        from ${policyFees} f join ${policies} p on p.id = f.policy_id
       where f.discount > 0 and ${localDay(sql`f.discount_at`)} between ${from}::date and ${to}::date
       group by p.branch_id
    ), issued as (
      select i.branch_id, count(*)::int as n, sum(i.total) as total from ${invoices} i
       where i.state <> 'issuing' and ${localDay(sql`i.issued_at`)} between ${from}::date and ${to}::date
       group by i.branch_id
    ), cancelled as (
      select i.branch_id, count(*)::int as n, sum(i.total) as total from ${invoices} i
       where i.state = 'canceled' and ${localDay(sql`i.canceled_at`)} between ${from}::date and ${to}::date
       group by i.branch_id
    )
    select b.id as "branchId", b.name as "branchName",
           coalesce(q.n, 0) as "quotedCount", coalesce(q.subtotal, 0)::numeric(14,2)::text as "quotedSubtotal",
           coalesce(q.iva, 0)::numeric(14,2)::text as "quotedIva", coalesce(q.total, 0)::numeric(14,2)::text as "quotedTotal",
           coalesce(rc.amount, 0)::numeric(14,2)::text as received, coalesce(rv.amount, 0)::numeric(14,2)::text as reversed,
           coalesce(pe.n, 0) as "pendingCount", coalesce(pe.amount, 0)::numeric(14,2)::text as "pendingAmount",
           coalesce(d.n, 0) as "discountCount", coalesce(d.amount, 0)::numeric(14,2)::text as "discountAmount",
           coalesce(iss.n, 0) as "issuedCount", coalesce(iss.total, 0)::numeric(14,2)::text as "issuedTotal",
           coalesce(ca.n, 0) as "cancelledCount", coalesce(ca.total, 0)::numeric(14,2)::text as "cancelledTotal"
      from ${branches} b
      left join quoted q on q.branch_id = b.id
      left join received rc on rc.branch_id = b.id
      left join reversed rv on rv.branch_id = b.id
      left join pending pe on pe.branch_id = b.id
      left join discounts d on d.branch_id = b.id
      left join issued iss on iss.branch_id = b.id
      left join cancelled ca on ca.branch_id = b.id
     where ${inScope}
     order by b.name, b.id`);
  return rowsOf<BillingRow>(result).map((row) => ({
    ...row,
    branchId: Number(row.branchId),
    quotedCount: Number(row.quotedCount),
    pendingCount: Number(row.pendingCount),
    discountCount: Number(row.discountCount),
    issuedCount: Number(row.issuedCount),
    cancelledCount: Number(row.cancelledCount),
  }));
}

export interface DiscountRow {
  branchId: number;
  policyId: number;
  folio: string;
  amount: string;
  reason: string;
  by: string;
  at: Date;
}

/** The discounts set in the month, with who set them and why. */
export async function discountRows(db: Executor, branchId: number | undefined, from: string, to: string): Promise<DiscountRow[]> {
  const result = await db.execute(sql`
    select p.branch_id as "branchId", p.id as "policyId", coalesce(nullif(p.policy_number, ''), p.investigation_id) as folio,
           f.discount::text as amount, f.discount_reason as reason, f.discount_at as at,
           coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), '') as by
      from ${policyFees} f join ${policies} p on p.id = f.policy_id
      left join ${users} u on u.id = f.discount_by
     where f.discount > 0 and ${localDay(sql`f.discount_at`)} between ${from}::date and ${to}::date
       and ${branchId === undefined ? sql`true` : sql`p.branch_id = ${branchId}`}
     order by f.discount_at, p.id`);
  return rowsOf<DiscountRow & { at: Date | string }>(result).map((row) => ({ ...row, branchId: Number(row.branchId), policyId: Number(row.policyId), at: new Date(row.at) }));
}

/** Today's pending: what every fee of the scope still owes (cancelled policies left out). */
export async function pendingNow(db: Executor, branchId: number | undefined): Promise<{ count: number; amount: string }> {
  const result = await db.execute(sql`
    select count(*)::int as count, coalesce(sum(f.total - f.collected), 0)::numeric(14,2)::text as amount
      from ${policyFees} f join ${policies} p on p.id = f.policy_id
     where f.total > f.collected and p.status <> 'cancelled'
       and ${branchId === undefined ? sql`true` : sql`p.branch_id = ${branchId}`}`);
  const [row] = rowsOf<{ count: number; amount: string }>(result);
  return { count: Number(row?.count ?? 0), amount: row?.amount ?? '0.00' };
}
