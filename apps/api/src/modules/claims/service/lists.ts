import { businessDate, centsToMoney, claimMessages, moneyToCents, type ClaimList, type claimListQuerySchema, type ClaimStats, type ClaimSummary } from '@portal/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import type { AuthUser } from '../../../lib/auth-user';
import { listBranch } from '../../../lib/branch-scope';
import { branchExists } from '../../branches/index';
import * as repo from '../repository/lists';
import { summaryOf } from './read';

/*
 * The cases across the office (issue 33): the list and its exports, the dashboard's cards. A
 * non-admin sees their branch (asking for another is a 403); an admin every branch or the one chosen.
 */

const claimPageSize = 50;

const listMessages = { otherBranchList: claimMessages.otherBranchList, branchNotFound: claimMessages.branchNotFound };

/** The branch a list or a report shows, for the actor (403 another branch; 404 a branch that does not exist). */
export function claimListBranch(db: Db, actor: AuthUser, requested: number | undefined): Promise<number | undefined> {
  return listBranch(actor, requested, listMessages, (id) => branchExists(db, id));
}

type ListQuery = Omit<z.output<typeof claimListQuerySchema>, 'format' | 'page'>;

async function filterFor(db: Db, actor: AuthUser, query: ListQuery, now: Date): Promise<repo.ClaimListFilter> {
  return {
    branchId: await claimListBranch(db, actor, query.branchId),
    stage: query.stage,
    type: query.type,
    status: query.status,
    assignee: query.assignee,
    dueWeek: query.due === 'week',
    minDaysOpen: query.minDaysOpen,
    q: query.q || undefined,
    sort: query.sort,
    today: businessDate(now),
  };
}

/** GET /api/claims: a page of 50, the next términos first unless sorted otherwise. */
export async function listClaims(db: Db, actor: AuthUser, query: ListQuery & { page: number }, now = new Date()): Promise<ClaimList> {
  const filter = await filterFor(db, actor, query, now);
  const [records, total] = await Promise.all([repo.claimPage(db, filter, claimPageSize, (query.page - 1) * claimPageSize), repo.countClaims(db, filter)]);
  return { items: records.map((record) => summaryOf(record, filter.today)), total, page: query.page, pageSize: claimPageSize };
}

/** Every row of the list for an export, batch by batch, in the list's order. */
export async function exportClaims(db: Db, actor: AuthUser, query: ListQuery, now = new Date()): Promise<AsyncIterable<ClaimSummary[]>> {
  const filter = await filterFor(db, actor, query, now);
  const batches = repo.claimBatches(db, filter);
  return (async function* () {
    for await (const batch of batches) yield batch.map((record) => summaryOf(record, filter.today));
  })();
}

/** GET /api/claims/stats: the dashboard's cards for the actor's branch (admins: all, or the one chosen). */
export async function claimStats(db: Db, actor: AuthUser, branchId: number | undefined, now = new Date()): Promise<ClaimStats> {
  const stats = await repo.claimStats(db, await claimListBranch(db, actor, branchId), businessDate(now));
  return { ...stats, amountClaimed: centsToMoney(moneyToCents(stats.amountClaimed) ?? 0) };
}
