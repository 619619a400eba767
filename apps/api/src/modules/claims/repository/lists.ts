import { sql, type SQL } from 'drizzle-orm';
import { foldForSearch, type ClaimStage, type ClaimType } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { containsPattern, foldSql } from '../../../db/sql-search';
import { nextDeadlineJoin, scopeSql, summaryRecords, summarySelect, type ClaimSummaryRecord } from './summaries';

/*
 * The cases' list, board, exports and dashboard cards (issue 33), on the list row's SQL
 * (summaries.ts): the branch scope and every filter are conditions on `c` (claims), `p` (its
 * policy) and `nd` (its next pending término).
 */

export interface ClaimListFilter {
  /** undefined: every branch (admins). */
  branchId: number | undefined;
  stage?: ClaimStage | undefined;
  type?: ClaimType | undefined;
  /** 'active': drafts and open cases. */
  status?: 'draft' | 'open' | 'closed' | 'active' | undefined;
  assignee?: number | 'none' | undefined;
  /** A pending término due within the next 7 days, or already missed. */
  dueWeek?: boolean;
  minDaysOpen?: number | undefined;
  q?: string | undefined;
  sort: 'next_deadline' | 'opened' | 'amount';
  today: string;
}

const openedDay = sql`(c.opened_at at time zone 'America/Mexico_City')::date`;

/** 'INC-00042', 'inc-42' or '42': the case's id. */
function caseNumberOf(q: string): number | null {
  const match = /^(?:inc-?)?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

function conditions(filter: ClaimListFilter): SQL {
  const parts: SQL[] = [scopeSql(filter.branchId)];
  if (filter.stage) parts.push(sql`c.stage = ${filter.stage}`);
  if (filter.type) parts.push(sql`c.type = ${filter.type}`);
  if (filter.status === 'active') parts.push(sql`c.status in ('draft', 'open')`);
  else if (filter.status) parts.push(sql`c.status = ${filter.status}`);
  if (filter.assignee === 'none') parts.push(sql`c.assignee_id is null`);
  else if (filter.assignee !== undefined) parts.push(sql`c.assignee_id = ${filter.assignee}`);
  // The next pending término is the earliest one: a missed one counts (it is before today).
  if (filter.dueWeek) parts.push(sql`nd.due_on <= ${filter.today}::date + 7`);
  if (filter.minDaysOpen !== undefined) {
    parts.push(sql`coalesce((c.closed_at at time zone 'America/Mexico_City')::date, ${filter.today}::date) - ${openedDay} >= ${filter.minDaysOpen}::int`);
  }
  if (filter.q) parts.push(searchSql(filter.q));
  return sql.join(parts, sql` and `);
}

/** The number, the policy's folio, a tenant's or the owner's name (accents and case ignored). */
function searchSql(q: string): SQL {
  const pattern = containsPattern(foldForSearch(q));
  const matches: SQL[] = [
    sql`${foldSql(sql`p.policy_number`)} like ${pattern}`,
    sql`${foldSql(sql`p.investigation_id`)} like ${pattern}`,
    sql`${foldSql(sql`array_to_string(p.tenant_names, ' ')`)} like ${pattern}`,
    sql`${foldSql(sql`p.owner_name`)} like ${pattern}`,
  ];
  const number = caseNumberOf(q);
  if (number !== null) matches.push(sql`c.id = ${number}`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

/**
 * 'next_deadline': the nearest pending término first (a missed one is the nearest), then the cases
 * without one, the longest open first. 'opened': the newest first. 'amount': the largest claim first.
 */
function orderSql(sort: ClaimListFilter['sort']): SQL {
  if (sort === 'opened') return sql`c.opened_at desc, c.id desc`;
  if (sort === 'amount') return sql`(c.rent_claimed + c.services_claimed + c.damages_claimed) desc, c.id desc`;
  return sql`nd.due_on asc nulls last, c.opened_at asc, c.id asc`;
}

export async function claimPage(db: Executor, filter: ClaimListFilter, limit: number, offset: number): Promise<ClaimSummaryRecord[]> {
  return summaryRecords(await db.execute(sql`${summarySelect(filter.today)} where ${conditions(filter)} order by ${orderSql(filter.sort)} limit ${limit} offset ${offset}`));
}

export async function countClaims(db: Executor, filter: ClaimListFilter): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as total from claims c join policies p on p.id = c.policy_id ${nextDeadlineJoin} where ${conditions(filter)}`);
  return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
}

/** Every row of the list, a thousand at a time in the list's order (an export). */
export async function* claimBatches(db: Executor, filter: ClaimListFilter): AsyncIterable<ClaimSummaryRecord[]> {
  const size = 1000;
  for (let offset = 0; ; offset += size) {
    const batch = await claimPage(db, filter, size, offset);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
  }
}

export interface ClaimStatsRecord {
  open: number;
  drafts: number;
  amountClaimed: string;
  deadlinesThisWeek: number;
  missedDeadlines: number;
}

/** The dashboard's cards: open cases, drafts, what the cases not closed claim, their términos this week and missed. */
export async function claimStats(db: Executor, branchId: number | undefined, today: string): Promise<ClaimStatsRecord> {
  const scope = scopeSql(branchId);
  const result = await db.execute(sql`
    select
      (select count(*)::int from claims c join policies p on p.id = c.policy_id where ${scope} and c.status = 'open') as open,
      (select count(*)::int from claims c join policies p on p.id = c.policy_id where ${scope} and c.status = 'draft') as drafts,
      (select coalesce(sum(c.rent_claimed + c.services_claimed + c.damages_claimed), 0)::numeric(14,2)::text
        from claims c join policies p on p.id = c.policy_id where ${scope} and c.status <> 'closed') as "amountClaimed",
      (select count(*)::int from claim_deadlines d join claims c on c.id = d.claim_id join policies p on p.id = c.policy_id
        where ${scope} and c.status <> 'closed' and d.done_at is null and d.due_on >= ${today}::date and d.due_on <= ${today}::date + 7) as "deadlinesThisWeek",
      (select count(*)::int from claim_deadlines d join claims c on c.id = d.claim_id join policies p on p.id = c.policy_id
        where ${scope} and c.status <> 'closed' and d.done_at is null and d.due_on < ${today}::date) as "missedDeadlines"`);
  const row = rowsOf<ClaimStatsRecord>(result)[0]!;
  return { open: Number(row.open), drafts: Number(row.drafts), amountClaimed: row.amountClaimed, deadlinesThisWeek: Number(row.deadlinesThisWeek), missedDeadlines: Number(row.missedDeadlines) };
}
