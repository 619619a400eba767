import { businessDate } from '@portal/domain';
import type { Db } from '../../db/client';
import { createMissingSchedules, markOverdue } from './repository/arrears';

/** The daily 'rent-arrears' job: schedules for policies in force without one, then the months fallen into arrears. */
export async function runRentArrears(db: Db, now: Date = new Date()) {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const created = await createMissingSchedules(tx, today);
    const overdue = await markOverdue(tx, today);
    return { today, created, overdueMonths: overdue.months, overduePolicies: overdue.policies };
  });
}
