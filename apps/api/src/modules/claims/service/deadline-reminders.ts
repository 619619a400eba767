import { businessDate } from '@portal/domain';
import type { Db } from '../../../db/client';
import { notifyClaimDeadline } from '../../notifications/index';
import { recordDueDeadlineReminders } from '../repository/reminders';

/*
 * The daily 'claim-deadlines' job (issue 33): the términos' reminders (7, 3 and 1 days before, in
 * Mexico City's calendar) and the missed notice (the day after), each once, recorded and notified
 * in one transaction: both or neither.
 */

export async function runClaimDeadlines(db: Db, now: Date = new Date()): Promise<{ today: string; reminders: number; missed: number; notified: number }> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const rows = await recordDueDeadlineReminders(tx, today, now);
    let notified = 0;
    for (const row of rows) notified += await notifyClaimDeadline(tx, row);
    const missed = rows.filter((row) => row.daysBefore === 0).length;
    return { today, reminders: rows.length - missed, missed, notified };
  });
}
