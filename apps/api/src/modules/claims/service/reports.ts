import {
  addDays,
  claimCalendarMaxDays,
  claimMessages,
  claimNumber,
  claimResults,
  businessDate,
  centsToMoney,
  moneyToCents,
  policyDisplayFolio,
  type ClaimCalendarEntry,
  type ClaimMonthlySummary,
} from '@portal/domain';
import type { Db } from '../../../db/client';
import { invalidField } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import * as repo from '../repository/reports';
import { claimListBranch } from './lists';

/* The monthly summary per branch and the calendar of términos (issue 33). */

/** GET /api/claims/summary: one row per branch of the actor's scope for the month ('YYYY-MM'). */
export async function monthlySummary(db: Db, actor: AuthUser, query: { month: string; branchId?: number | undefined }): Promise<ClaimMonthlySummary> {
  const records = await repo.monthlySummary(db, await claimListBranch(db, actor, query.branchId), query.month);
  return {
    month: query.month,
    rows: records.map((record) => ({
      branchId: record.branchId,
      branchName: record.branchName,
      opened: record.opened,
      closed: record.closed,
      // Every result named, zero when none closed with it: a table's columns do not come and go.
      closedByResult: Object.fromEntries(claimResults.map((result) => [result, record.closedByResult[result] ?? 0])) as ClaimMonthlySummary['rows'][number]['closedByResult'],
      amountRecovered: centsToMoney(moneyToCents(record.amountRecovered) ?? 0),
      averageDaysToClose: record.averageDaysToClose,
    })),
  };
}

/**
 * GET /api/claims/deadlines: the términos from `from` to `to` (at most 100 days apart) of the
 * actor's branch (admins: all), optionally of one assignee; a pending one past its day is missed.
 */
export async function calendar(db: Db, actor: AuthUser, query: { from: string; to: string; assignee?: number | undefined }, now = new Date()): Promise<ClaimCalendarEntry[]> {
  if (query.to < query.from) throw invalidField('to', claimMessages.calendarOrder);
  if (query.to > addDays(query.from, claimCalendarMaxDays)) throw invalidField('to', claimMessages.calendarTooLong);
  const today = businessDate(now);
  const records = await repo.calendarDeadlines(db, { branchId: actorScope(actor).branchId, ...query });
  return records.map((record) => ({
    id: record.id,
    claimId: record.claimId,
    dueOn: record.dueOn,
    description: record.description,
    doneAt: record.doneAt ? record.doneAt.toISOString() : null,
    missed: !record.claimClosed && record.doneAt === null && record.dueOn < today,
    createdBy: record.createdBy,
    createdAt: record.createdAt.toISOString(),
    claimNumber: claimNumber(record.claimId),
    policyId: record.policyId,
    policyFolio: policyDisplayFolio({ policyNumber: record.policyNumber, investigationId: record.investigationId }),
    assignee: record.assigneeId === null ? null : { id: record.assigneeId, name: record.assigneeName ?? '' },
  }));
}
