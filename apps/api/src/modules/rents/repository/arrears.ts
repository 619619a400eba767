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

/** Every month fallen into arrears becomes En mora, and its policy's arrears row follows (migration 0034's `rent_months_mark_overdue`). */
export async function markOverdue(db: Executor, today: string): Promise<{ months: number; policies: number }> {
  const result = await db.execute(sql`select months, policies from rent_months_mark_overdue(${today}::date)`);
  const [row] = rowsOf<{ months: number; policies: number }>(result);
  return { months: Number(row?.months ?? 0), policies: Number(row?.policies ?? 0) };
}
