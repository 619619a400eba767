import { businessDate } from '@portal/domain';
import type { Db } from '../../db/client';
import { askOwners, type AskingReport } from './confirmations/asking';
import { createMissingSchedules, markOverdue } from './repository/arrears';

const notAsked: AskingReport = { ownersAsked: 0, ownersAskedAgain: 0, agentsTold: 0 };

/**
 * The daily 'rent-arrears' job: schedules for policies in force without one, then the months
 * fallen into arrears; then the owners asked whether each month's rent arrived (its own
 * transaction: the arrears stand even if the asking fails and is retried). The owners' links
 * need the portal's public address (PUBLIC_URL): without it nobody is asked.
 */
export async function runRentArrears(db: Db, now: Date = new Date(), options: { publicUrl?: string | undefined } = {}) {
  const today = businessDate(now);
  const arrears = await db.transaction(async (tx) => {
    const created = await createMissingSchedules(tx, today);
    const overdue = await markOverdue(tx, today);
    return { today, created, overdueMonths: overdue.months, overduePolicies: overdue.policies };
  });
  const { publicUrl } = options;
  const asking = publicUrl ? await db.transaction((tx) => askOwners(tx, { today, now, baseUrl: publicUrl })) : notAsked;
  return { ...arrears, ...asking, askingSkipped: !publicUrl };
}
