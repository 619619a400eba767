import { sql } from 'drizzle-orm';
import { deadlineReminderDays } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';

/*
 * The términos' reminders (issue 33), set-based like the tenant's rent reminders: one statement
 * finds every pending término of a case not closed that is due within the reminder days (or
 * missed), records the reminder it is owed, and answers exactly the rows it recorded. The key
 * (término, days before) makes a second run, or a catch-up after missed days, send nothing twice.
 */

export interface DeadlineReminderRow {
  deadlineId: number;
  claimId: number;
  policyId: number;
  policyNumber: string;
  investigationId: string;
  assigneeId: number | null;
  dueOn: string;
  description: string;
  /** The threshold it is recorded under: 7, 3 or 1 days before, 0 for the missed notice. */
  daysBefore: number;
  /** Days from today to the due day (0: today). */
  daysLeft: number;
}

/**
 * Each pending término due from today to 7 days ahead is owed the nearest threshold at or above its
 * days left (5 days left: the 7 days' reminder, if not sent; 2 days left: the 3 days'): so a day
 * the job did not run is caught up by one reminder, never by a burst of stale ones, and a reminder
 * once passed is not sent late. One missed the day before or earlier is owed the missed notice (0).
 */
export async function recordDueDeadlineReminders(db: Executor, today: string, now: Date): Promise<DeadlineReminderRow[]> {
  const thresholds = [...deadlineReminderDays].sort((a, b) => a - b);
  const maxDays = thresholds.at(-1)!;
  const threshold = sql.join(
    thresholds.map((days) => sql`when d.due_on - ${today}::date <= ${days}::int then ${days}::int`),
    sql` `,
  );
  const result = await db.execute(sql`
    with due as (
      select d.id as deadline_id, d.claim_id, c.policy_id, p.policy_number, p.investigation_id, c.assignee_id, d.due_on, d.description,
        (d.due_on - ${today}::date) as days_left,
        case when d.due_on < ${today}::date then 0 ${threshold} end as days_before
      from claim_deadlines d
      join claims c on c.id = d.claim_id
      join policies p on p.id = c.policy_id
      -- Bounded by the furthest threshold, so the pending términos' due-date index limits the scan.
      where d.done_at is null and d.due_on <= ${today}::date + ${maxDays}::int and c.status <> 'closed'
    ), recorded as (
      insert into claim_deadline_reminders (deadline_id, days_before, sent_at)
      select deadline_id, days_before, ${now.toISOString()}::timestamptz from due
      on conflict (deadline_id, days_before) do nothing
      returning deadline_id, days_before
    )
    select d.deadline_id as "deadlineId", d.claim_id as "claimId", d.policy_id as "policyId", d.policy_number as "policyNumber",
      d.investigation_id as "investigationId", d.assignee_id as "assigneeId", d.due_on::text as "dueOn", d.description,
      d.days_before as "daysBefore", d.days_left as "daysLeft"
    from due d join recorded r on r.deadline_id = d.deadline_id and r.days_before = d.days_before
    order by d.due_on, d.deadline_id`);
  return rowsOf<DeadlineReminderRow>(result).map((row) => ({
    ...row,
    deadlineId: Number(row.deadlineId),
    claimId: Number(row.claimId),
    policyId: Number(row.policyId),
    assigneeId: row.assigneeId === null ? null : Number(row.assigneeId),
    daysBefore: Number(row.daysBefore),
    daysLeft: Number(row.daysLeft),
  }));
}
