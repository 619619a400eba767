import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';

/*
 * The daily arrears run (issue 32), set-based: one statement each, whether 10 policies or a
 * million (the bench runs it at 12 million months).
 */

/**
 * Writes the schedule of every policy in force that has none: a policy activated before the
 * portal kept rents, or one whose contract start date came after its activation. Its arrears
 * are followed from `today` on (its earlier months stay Pendiente: nobody recorded them here).
 */
export async function createMissingSchedules(db: Executor, today: string): Promise<number> {
  const result = await db.execute(sql`
    select rent_schedule_create(array(
      select p.id from policies p
      where p.status in ('active', 'expiring') and p.start_date is not null
        and not exists (select 1 from rent_schedules s where s.policy_id = p.id)
    ), ${today}::date) as created`);
  return Number(rowsOf<{ created: number }>(result)[0]?.created ?? 0);
}

/**
 * Every month past its due date plus grace and not fully paid becomes En mora: the partial index
 * on open months by deadline finds them; a month due before its schedule's `tracked_from`, or of
 * a cancelled policy, is left as it is. Returns the months and policies it moved.
 */
export async function markOverdue(db: Executor, today: string): Promise<{ months: number; policies: number }> {
  const result = await db.execute(sql`
    with moved as (
      update rent_months m set state = 'overdue'
      from rent_schedules s, policies p
      where m.state in ('pending', 'partial') and (m.due_on + m.grace_days) < ${today}::date
        and s.policy_id = m.policy_id and (m.due_on + m.grace_days) >= s.tracked_from
        and p.id = m.policy_id and p.status in ('active', 'expiring', 'expired')
      returning m.policy_id
    )
    select count(*)::int as months, count(distinct policy_id)::int as policies from moved`);
  const [row] = rowsOf<{ months: number; policies: number }>(result);
  return { months: Number(row?.months ?? 0), policies: Number(row?.policies ?? 0) };
}
