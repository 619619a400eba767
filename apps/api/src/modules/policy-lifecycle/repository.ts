import { and, eq, sql } from 'drizzle-orm';
import { policyLifecycleMessages, type ExpiryReminderDay, type PolicyStatus } from '@portal/domain';
import { rowsOf, type Executor } from '../../db/client';
import { branches, policies, policyEvents, users } from '../../db/schema/index';

/** One set-based move of the daily job: which rows it takes and what they become. */
interface Move {
  to: PolicyStatus;
  note: string;
  /** The rows due `today` (`yyyy-MM-dd`, Mexico City), as a subquery of `policies p`. */
  due: (today: string) => ReturnType<typeof sql>;
}

/** Past their end date: still in force yesterday, expired today (the end date is the last day in force). */
const expire: Move = {
  to: 'expired',
  note: policyLifecycleMessages.expiredNote,
  due: (today) => sql`p.status in ('active', 'expiring') and p.end_date < ${today}::date`,
};

/** Ending within the branch's notice period (today included). */
const markExpiring: Move = {
  to: 'expiring',
  note: policyLifecycleMessages.expiringNote,
  due: (today) => sql`p.status = 'active' and p.end_date >= ${today}::date
    and p.end_date <= ${today}::date + (select b.expiry_notice_days from ${branches} b where b.id = p.branch_id)`,
};

export const dailyMoves = { expire, markExpiring } as const;

/**
 * Moves at most `limit` due policies to the move's status in one statement and writes each one's
 * history event by "Sistema" (no user): lock the batch, update it, insert the events, report
 * how many. The (status, end_date) index finds the rows; the status counters follow through the
 * statement triggers on `policies` (migration 0003). Rows another transaction changed meanwhile
 * are re-checked after their lock (READ COMMITTED), so a policy is moved once.
 */
export async function moveDueBatch(db: Executor, move: Move, today: string, now: Date, limit: number): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select p.id, p.status from ${policies} p where ${move.due(today)} limit ${limit} for update of p
    ), moved as (
      update ${policies} p set status = ${move.to}::policy_status, updated_at = ${at}::timestamptz, updated_by = null
      from due where p.id = due.id
      returning p.id, due.status as from_status
    ), logged as (
      insert into ${policyEvents} (policy_id, user_id, from_status, to_status, changes, note, by_system, created_at)
      select id, null::int, from_status, ${move.to}::policy_status, '{}'::text[], ${move.note}, true, ${at}::timestamptz from moved
      returning policy_id
    )
    select count(*)::int as moved from logged`);
  return Number(rowsOf<{ moved: number }>(result)[0]?.moved ?? 0);
}

/** Policies in force whose end date is exactly 60, 30 or 7 days after `today`. */
export async function findReminders(db: Executor, today: string, days: readonly ExpiryReminderDay[]) {
  const offsets = sql.join(days.map((day) => sql`${today}::date + ${day}::int`), sql`, `);
  const result = await db.execute(sql`
    select p.id as "policyId", (p.end_date - ${today}::date)::int as "daysLeft"
    from ${policies} p
    where p.status in ('active', 'expiring') and p.end_date in (${offsets})
    order by p.end_date, p.id`);
  return rowsOf<{ policyId: number; daysLeft: ExpiryReminderDay }>(result).map((row) => ({
    policyId: Number(row.policyId),
    daysLeft: Number(row.daysLeft) as ExpiryReminderDay,
  }));
}

/** Whether the user is active and works in the branch (a renewal keeps its agent only then). */
export async function isActiveUserOfBranch(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.branchId, branchId), eq(users.status, 'active')));
  return row !== undefined;
}

/** The branch's maximum yearly rent increase for renewals (issue 32), with its source. */
export interface RentCap {
  percent: number | null;
  source: string;
}

export async function branchRentCap(db: Executor, branchId: number): Promise<RentCap> {
  const [row] = await db.select({ percent: branches.maxRentIncreasePercent, source: branches.maxRentIncreaseSource }).from(branches).where(eq(branches.id, branchId));
  return { percent: row?.percent ?? null, source: row?.source ?? '' };
}
