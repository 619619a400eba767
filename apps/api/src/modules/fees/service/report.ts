import {
  businessDate,
  centsToMoney,
  feeMessages,
  moneyToCents,
  type BillingBranch,
  type BillingReport,
  type FeeCollections,
} from '@portal/domain';
import type { Executor } from '../../../db/client';
import type { AuthUser } from '../../../lib/auth-user';
import { listBranch } from '../../../lib/branch-scope';
import { branchExists } from '../../branches/index';
import * as repo from '../repository/report';

/*
 * The billing report and the dashboard's 'Cobranza del mes' (issue 34): admins see every branch
 * or the one they choose, managers their own (another branch: 403, as the other reports).
 */

/** 'YYYY-MM' → its first and last day. */
function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const cents = (amount: string): number => moneyToCents(amount) ?? 0;

function branchFigures(row: repo.BillingRow): Omit<BillingBranch, 'branchId' | 'branchName' | 'discountItems'> {
  return {
    quoted: { count: row.quotedCount, subtotal: row.quotedSubtotal, iva: row.quotedIva, total: row.quotedTotal },
    collected: { received: row.received, reversed: row.reversed, net: centsToMoney(cents(row.received) - cents(row.reversed)) },
    pending: { count: row.pendingCount, amount: row.pendingAmount },
    discounts: { count: row.discountCount, amount: row.discountAmount },
    invoices: { issued: { count: row.issuedCount, total: row.issuedTotal }, cancelled: { count: row.cancelledCount, total: row.cancelledTotal } },
  };
}

/** The branches' figures added up (each sum in cents). */
function totalsOf(rows: repo.BillingRow[]): BillingReport['totals'] {
  const sum = (pick: (row: repo.BillingRow) => string) => centsToMoney(rows.reduce((total, row) => total + cents(pick(row)), 0));
  const count = (pick: (row: repo.BillingRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const received = sum((row) => row.received);
  const reversed = sum((row) => row.reversed);
  return {
    quoted: { count: count((row) => row.quotedCount), subtotal: sum((row) => row.quotedSubtotal), iva: sum((row) => row.quotedIva), total: sum((row) => row.quotedTotal) },
    collected: { received, reversed, net: centsToMoney(cents(received) - cents(reversed)) },
    pending: { count: count((row) => row.pendingCount), amount: sum((row) => row.pendingAmount) },
    discounts: { count: count((row) => row.discountCount), amount: sum((row) => row.discountAmount) },
    invoices: {
      issued: { count: count((row) => row.issuedCount), total: sum((row) => row.issuedTotal) },
      cancelled: { count: count((row) => row.cancelledCount), total: sum((row) => row.cancelledTotal) },
    },
  };
}

const listMessages = { otherBranchList: feeMessages.otherBranch, branchNotFound: feeMessages.branchNotFound };

/** GET /api/reports/billing. */
export async function billingReport(db: Executor, actor: AuthUser, query: { month: string; branchId?: number | undefined }): Promise<BillingReport> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const { from, to } = monthDays(query.month);
  const [rows, discounts] = await Promise.all([repo.billingRows(db, branchId, from, to), repo.discountRows(db, branchId, from, to)]);
  return {
    month: query.month,
    branches: rows.map((row) => ({
      branchId: row.branchId,
      branchName: row.branchName,
      ...branchFigures(row),
      discountItems: discounts
        .filter((discount) => discount.branchId === row.branchId)
        .map(({ branchId: _branch, ...discount }) => ({ ...discount, at: discount.at.toISOString() })),
    })),
    totals: totalsOf(rows),
  };
}

/** GET /api/fees/collections: this month's net collections against what is pending today. */
export async function feeCollections(db: Executor, actor: AuthUser, now: Date = new Date()): Promise<FeeCollections> {
  const branchId = await listBranch(actor, undefined, listMessages, (id) => branchExists(db, id));
  const month = businessDate(now).slice(0, 7);
  const { from, to } = monthDays(month);
  const [rows, pending] = await Promise.all([repo.billingRows(db, branchId, from, to), repo.pendingNow(db, branchId)]);
  return { month, collected: totalsOf(rows).collected.net, pending: pending.amount, pendingPolicies: pending.count };
}
