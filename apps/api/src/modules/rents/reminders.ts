import { businessDate, formatPesos, periodLabel, spanishLongDate } from '@portal/domain';
import type { Db } from '../../db/client';
import { queueEmails, rentReminderEmail, type NewEmail } from '../email/index';
import { recordDueReminders, type ReminderRow } from './repository/reminders';

/*
 * The daily 'rent-reminders' job (issue 32): the tenant is e-mailed a few days (the branch's
 * setting) before each month's due date, once per month, through the e-mail outbox. The reminder
 * is recorded and the e-mail queued in one transaction: both or neither.
 */

function reminderEmail(row: ReminderRow): NewEmail {
  const email = rentReminderEmail({
    tenantName: row.tenantName,
    branchName: row.branchName,
    period: periodLabel(row.period),
    amount: formatPesos(row.owed),
    dueOn: spanishLongDate(row.dueOn),
    propertyAddress: row.propertyAddress,
  });
  return { recipient: row.tenantEmail, kind: 'rent_reminder', ...email };
}

export async function runRentReminders(db: Db, now: Date = new Date()): Promise<{ today: string; reminded: number }> {
  const today = businessDate(now);
  const reminded = await db.transaction(async (tx) => {
    const rows = await recordDueReminders(tx, today);
    await queueEmails(tx, rows.map(reminderEmail));
    return rows.length;
  });
  return { today, reminded };
}
