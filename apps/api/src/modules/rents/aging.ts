import { agingBucketOf, agingBuckets, arrearsPageSize, businessDate, rentMessages, centsToMoney, daysBetween, moneyToCents, type ArrearsReport, type ArrearsRow } from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { listBranch } from '../../lib/branch-scope';
import { branchExists } from '../branches/index';
import * as repo from './repository/aging';

/** GET /api/rents/arrears: the aging report of the caller's branch (admins: one branch or all). */

const listMessages = { otherBranchList: rentMessages.otherBranchList, branchNotFound: rentMessages.branchNotFound };

function arrearsRow(record: repo.ArrearsRecord, today: string): ArrearsRow {
  const daysLate = daysBetween(record.oldestDueOn, today);
  return {
    policyId: record.policyId,
    folio: record.policyNumber || record.investigationId,
    tenantNames: record.tenantNames.join(', '),
    branchName: record.branchName,
    agentName: record.agentName,
    months: record.months,
    amount: record.amount,
    // An empty sum (no rate) reads '0.00', never null.
    interest: centsToMoney(moneyToCents(record.interest) ?? 0),
    oldestDueOn: record.oldestDueOn,
    daysLate,
    bucket: agingBucketOf(daysLate),
    lastContact: record.lastContactAt && record.lastContactKind ? { at: record.lastContactAt, kind: record.lastContactKind } : null,
  };
}

async function filterFor(db: Db, actor: AuthUser, query: { branchId?: number; bucket?: repo.AgingFilter['bucket'] }, now: Date): Promise<repo.AgingFilter> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  return { branchId, bucket: query.bucket, today: businessDate(now) };
}

export async function arrearsReport(db: Db, actor: AuthUser, query: { branchId?: number; bucket?: repo.AgingFilter['bucket']; page: number }, now = new Date()): Promise<ArrearsReport> {
  const filter = await filterFor(db, actor, query, now);
  const [totals, records, totalItems] = await Promise.all([
    repo.arrearsTotals(db, filter),
    repo.arrearsPage(db, filter, query.page, arrearsPageSize),
    repo.countArrears(db, filter),
  ]);
  const buckets = agingBuckets.map((bucket) => {
    const found = totals.find((row) => row.bucket === bucket);
    return { bucket, policies: found?.policies ?? 0, amount: centsToMoney(moneyToCents(found?.amount ?? '0') ?? 0) };
  });
  const totalCents = buckets.reduce((sum, bucket) => sum + (moneyToCents(bucket.amount) ?? 0), 0);
  return {
    today: filter.today,
    buckets,
    total: { policies: buckets.reduce((sum, bucket) => sum + bucket.policies, 0), amount: centsToMoney(totalCents) },
    items: records.map((record) => arrearsRow(record, filter.today)),
    page: query.page,
    pageSize: arrearsPageSize,
    totalItems,
  };
}

/** The whole report's rows for an export, batch by batch. */
export async function arrearsExport(db: Db, actor: AuthUser, query: { branchId?: number; bucket?: repo.AgingFilter['bucket'] }, now = new Date()): Promise<AsyncIterable<ArrearsRow[]>> {
  const filter = await filterFor(db, actor, query, now);
  const batches = repo.arrearsBatches(db, filter);
  return (async function* () {
    for await (const batch of batches) yield batch.map((record) => arrearsRow(record, filter.today));
  })();
}
