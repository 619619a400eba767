import { sql } from 'drizzle-orm';
import { maxRentReminderDays } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';

/*
 * The tenant's reminders (issue 32), set-based: one statement finds every month whose due date is
 * within its branch's reminder days, not yet reminded, and records the reminder; the e-mails are
 * queued for exactly the rows it recorded, in the same transaction. The month's primary key in
 * rent_reminders makes a second run, or a catch-up after missed days, send nothing twice.
 */

export interface ReminderRow {
  monthId: number;
  policyId: number;
  period: string;
  dueOn: string;
  /** What the month still owes ('18500.00'). */
  owed: string;
  tenantName: string;
  tenantEmail: string;
  branchName: string;
  propertyAddress: string;
}

/**
 * Records and answers the reminders due `today` (Mexico City): months still owed of a policy in
 * force, followed here, due after today and at most the branch's `rent_reminder_days` later (so a
 * day the job did not run is caught up the next), to the first tenant with an e-mail; once per
 * month. A branch without reminder days (null) sends none.
 */
export async function recordDueReminders(db: Executor, today: string): Promise<ReminderRow[]> {
  const result = await db.execute(sql`
    with due as (
      select m.id as month_id, m.policy_id, m.due_on, (m.amount_due - m.paid) as owed, b.name as branch_name,
        concat_ws(', ', nullif(trim(concat_ws(' ', pr.street, pr.exterior_number)), ''), nullif(trim(pr.colony), '')) as property_address,
        t.name as tenant_name, t.email as tenant_email
      from rent_months m
      join rent_schedules s on s.policy_id = m.policy_id
      join policies p on p.id = m.policy_id
      join branches b on b.id = p.branch_id
      join properties pr on pr.policy_id = p.id
      cross join lateral (
        select t.name, trim(t.email) as email from tenants t
        where t.policy_id = p.id and trim(t.email) <> ''
        order by t.position, t.id limit 1
      ) t
      where m.state in ('pending', 'partial') and m.amount_due > m.paid
        -- Bounded by the setting's maximum first, so the open months' due-date index limits the scan.
        and m.due_on > ${today}::date and m.due_on <= ${today}::date + ${maxRentReminderDays}::int
        and b.rent_reminder_days is not null and m.due_on <= ${today}::date + b.rent_reminder_days
        and m.due_on >= s.tracked_from
        and p.status in ('active', 'expiring')
        and not exists (select 1 from rent_reminders r where r.month_id = m.id)
    ), recorded as (
      insert into rent_reminders (month_id, policy_id, sent_on, email)
      select month_id, policy_id, ${today}::date, tenant_email from due
      on conflict (month_id) do nothing
      returning month_id
    )
    select d.month_id as "monthId", d.policy_id as "policyId", to_char(d.due_on, 'YYYY-MM') as period, d.due_on::text as "dueOn",
      d.owed::numeric(12,2)::text as owed, d.tenant_name as "tenantName", d.tenant_email as "tenantEmail",
      d.branch_name as "branchName", d.property_address as "propertyAddress"
    from due d join recorded r on r.month_id = d.month_id
    order by d.policy_id, d.due_on`);
  return rowsOf<ReminderRow>(result).map((row) => ({ ...row, monthId: Number(row.monthId), policyId: Number(row.policyId) }));
}
