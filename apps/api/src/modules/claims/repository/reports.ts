import { sql } from 'drizzle-orm';
import type { ClaimResult } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { scopeSql } from './summaries';

/*
 * Across cases (issue 33): the monthly summary per branch and the calendar of términos. Days are
 * Mexico City's calendar: an instant counts in the month its local day falls in.
 */

const localDay = (column: string) => sql.raw(`(${column} at time zone 'America/Mexico_City')::date`);

export interface MonthlyRecord {
  branchId: number;
  branchName: string;
  opened: number;
  closed: number;
  closedByResult: Partial<Record<ClaimResult, number>>;
  amountRecovered: string;
  averageDaysToClose: number | null;
}

/**
 * Per branch of the scope (every branch for an admin's "all"): cases opened in the month, cases
 * closed in it (still closed: a reopened case has no closing day) by result and their average
 * days from opening to closing, and what was recovered (recovery movements not reversed, by their day).
 */
export async function monthlySummary(db: Executor, branchId: number | undefined, month: string): Promise<MonthlyRecord[]> {
  const first = sql`${`${month}-01`}::date`;
  const next = sql`(${`${month}-01`}::date + interval '1 month')::date`;
  const closedIn = sql`c.status = 'closed' and ${localDay('c.closed_at')} >= ${first} and ${localDay('c.closed_at')} < ${next}`;
  const result = await db.execute(sql`
    select b.id as "branchId", b.name as "branchName",
      coalesce(s.opened, 0)::int as opened, coalesce(s.closed, 0)::int as closed, s.average_days as "averageDaysToClose",
      coalesce(r.by_result, '{}'::jsonb) as "closedByResult", coalesce(m.recovered, 0)::numeric(14,2)::text as "amountRecovered"
    from branches b
    left join lateral (
      select count(*) filter (where ${localDay('c.opened_at')} >= ${first} and ${localDay('c.opened_at')} < ${next}) as opened,
        count(*) filter (where ${closedIn}) as closed,
        round(avg((${localDay('c.closed_at')} - ${localDay('c.opened_at')})::numeric) filter (where ${closedIn}), 1)::float8 as average_days
      from claims c join policies x on x.id = c.policy_id where x.branch_id = b.id) s on true
    left join lateral (
      select jsonb_object_agg(t.result, t.n) as by_result from (
        select c.result, count(*)::int as n from claims c join policies x on x.id = c.policy_id where x.branch_id = b.id and ${closedIn} group by c.result) t) r on true
    left join lateral (
      select sum(v.amount) as recovered from claim_movements v join claims c on c.id = v.claim_id join policies x on x.id = c.policy_id
      where x.branch_id = b.id and v.kind = 'recovery' and v.reversed_at is null and v."on" >= ${first} and v."on" < ${next}) m on true
    where ${branchId === undefined ? sql`true` : sql`b.id = ${branchId}`}
    order by b.name, b.id`);
  return rowsOf<MonthlyRecord & { closedByResult: Partial<Record<ClaimResult, number>> | string }>(result).map((row) => ({
    ...row,
    branchId: Number(row.branchId),
    opened: Number(row.opened),
    closed: Number(row.closed),
    closedByResult: typeof row.closedByResult === 'string' ? (JSON.parse(row.closedByResult) as Partial<Record<ClaimResult, number>>) : row.closedByResult,
    averageDaysToClose: row.averageDaysToClose === null ? null : Number(row.averageDaysToClose),
  }));
}

export interface CalendarRecord {
  id: number;
  claimId: number;
  dueOn: string;
  description: string;
  doneAt: Date | null;
  createdBy: string;
  createdAt: Date;
  policyId: number;
  policyNumber: string;
  investigationId: string;
  assigneeId: number | null;
  assigneeName: string | null;
  /** A closed case's pending términos are not missed: the case has no next step. */
  claimClosed: boolean;
}

/** The términos due from `from` to `to` (both included) of the scope's cases, optionally of one assignee's. */
export async function calendarDeadlines(db: Executor, filter: { branchId: number | undefined; from: string; to: string; assignee?: number | undefined }): Promise<CalendarRecord[]> {
  const assignee = filter.assignee === undefined ? sql`true` : sql`c.assignee_id = ${filter.assignee}`;
  const result = await db.execute(sql`
    select d.id, d.claim_id as "claimId", d.due_on::text as "dueOn", d.description, d.done_at as "doneAt", d.created_at as "createdAt",
      coalesce((select nullif(trim(concat_ws(' ', x.first_name, x.last_name)), '') from users x where x.id = d.created_by), '') as "createdBy",
      p.id as "policyId", p.policy_number as "policyNumber", p.investigation_id as "investigationId",
      c.assignee_id as "assigneeId", nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "assigneeName",
      c.status = 'closed' as "claimClosed"
    from claim_deadlines d
    join claims c on c.id = d.claim_id
    join policies p on p.id = c.policy_id
    left join users u on u.id = c.assignee_id
    where ${scopeSql(filter.branchId)} and ${assignee} and d.due_on >= ${filter.from}::date and d.due_on <= ${filter.to}::date
    order by d.due_on, d.id`);
  return rowsOf<CalendarRecord>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    claimId: Number(row.claimId),
    policyId: Number(row.policyId),
    assigneeId: row.assigneeId === null ? null : Number(row.assigneeId),
    doneAt: row.doneAt === null ? null : new Date(row.doneAt),
    createdAt: new Date(row.createdAt),
  }));
}
