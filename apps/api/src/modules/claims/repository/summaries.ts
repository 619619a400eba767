import { sql, type SQL } from 'drizzle-orm';
import { defaultClaimStageLabels, type ClaimResult, type ClaimSource, type ClaimStage, type ClaimStatus, type ClaimType } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';

/*
 * The case as a list row (issue 33): one SQL shape for the list, the board, the exports and the
 * detail's head. `c` is claims, `p` its policy; the branch scope and the filters are the caller's
 * `where`. The next deadline is the earliest pending one (a missed one first: it is the earliest).
 */

export interface ClaimSummaryRecord {
  id: number;
  policyId: number;
  policyNumber: string;
  investigationId: string;
  branchId: number | null;
  branchName: string;
  type: ClaimType;
  status: ClaimStatus;
  stage: ClaimStage;
  stageLabel: string;
  result: ClaimResult | null;
  source: ClaimSource;
  tenantNames: string[];
  ownerName: string;
  propertyAddress: string;
  amountClaimed: string;
  assigneeId: number | null;
  assigneeName: string | null;
  openedAt: Date;
  closedAt: Date | null;
  /** Whole days from opening to closing (or to `today`). */
  daysOpen: number;
  nextDeadlineId: number | null;
  nextDeadlineDueOn: string | null;
  nextDeadlineDescription: string | null;
}

/** The stage's label an admin chose, else its default (the defaults live in the domain, not in SQL rows). */
export const stageLabelSql = sql`coalesce((select l.label from claim_stage_labels l where l.stage = c.stage), case c.stage ${sql.join(
  Object.entries(defaultClaimStageLabels).map(([stage, label]) => sql`when ${stage} then ${label}`),
  sql` `,
)} end)`;

/** The earliest pending deadline of each case not closed (a closed case has no next step), by the deadlines' claim index. */
export const nextDeadlineJoin = sql`left join lateral (
    select d.id, d.due_on, d.description from claim_deadlines d where d.claim_id = c.id and d.done_at is null and c.status <> 'closed' order by d.due_on, d.id limit 1) nd on true`;

export function summarySelect(today: string): SQL {
  return sql`select c.id, c.policy_id as "policyId", p.policy_number as "policyNumber", p.investigation_id as "investigationId",
    p.branch_id as "branchId", coalesce(b.name, '') as "branchName", c.type, c.status, c.stage, ${stageLabelSql} as "stageLabel",
    c.result, c.source, p.tenant_names as "tenantNames", p.owner_name as "ownerName",
    trim(concat_ws(' ', nullif(p.street, ''), nullif(p.exterior_number, ''), nullif(p.colony, ''), nullif(p.municipality, ''))) as "propertyAddress",
    (c.rent_claimed + c.services_claimed + c.damages_claimed)::numeric(14,2)::text as "amountClaimed",
    c.assignee_id as "assigneeId", nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "assigneeName",
    c.opened_at as "openedAt", c.closed_at as "closedAt",
    (coalesce((c.closed_at at time zone 'America/Mexico_City')::date, ${today}::date) - (c.opened_at at time zone 'America/Mexico_City')::date)::int as "daysOpen",
    nd.id as "nextDeadlineId", nd.due_on::text as "nextDeadlineDueOn", nd.description as "nextDeadlineDescription"
  from claims c
  join policies p on p.id = c.policy_id
  left join branches b on b.id = p.branch_id
  left join users u on u.id = c.assignee_id
  ${nextDeadlineJoin}`;
}

export function summaryRecords(result: unknown): ClaimSummaryRecord[] {
  return rowsOf<ClaimSummaryRecord>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    policyId: Number(row.policyId),
    branchId: row.branchId === null ? null : Number(row.branchId),
    assigneeId: row.assigneeId === null ? null : Number(row.assigneeId),
    nextDeadlineId: row.nextDeadlineId === null ? null : Number(row.nextDeadlineId),
    daysOpen: Number(row.daysOpen),
    openedAt: new Date(row.openedAt),
    closedAt: row.closedAt === null ? null : new Date(row.closedAt),
  }));
}

/** One case's row, within the caller's `where` (its branch scope). */
export async function claimSummaryById(db: Executor, claimId: number, scopeWhere: SQL, today: string): Promise<ClaimSummaryRecord | null> {
  const result = await db.execute(sql`${summarySelect(today)} where c.id = ${claimId} and ${scopeWhere}`);
  return summaryRecords(result)[0] ?? null;
}

/** A policy's cases, newest first (the caller has checked the policy's branch). */
export async function claimsOfPolicy(db: Executor, policyId: number, today: string): Promise<ClaimSummaryRecord[]> {
  return summaryRecords(await db.execute(sql`${summarySelect(today)} where c.policy_id = ${policyId} order by c.opened_at desc, c.id desc`));
}

/** The branch scope as SQL on `p` (undefined: every branch). */
export function scopeSql(branchId: number | undefined): SQL {
  return branchId === undefined ? sql`true` : sql`p.branch_id = ${branchId}`;
}
