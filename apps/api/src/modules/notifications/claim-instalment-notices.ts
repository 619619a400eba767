import { claimAgreementMessages as messages, claimNumber, spanishLongDate } from '@portal/domain';
import type { Executor } from '../../db/client';
import * as repo from './repository';
import { notify } from './service';

/*
 * Incidencias (issue 33): what the office hears when a payment agreement's instalment goes unpaid
 * (the daily 'claim-instalments' run).
 */

export interface InstalmentMissedNotice {
  claimId: number;
  policyId: number;
  instalmentId: number;
  assigneeId: number | null;
  seq: number;
  dueOn: string;
  /** What the instalment still owed, '5000.00'. */
  owed: string;
  /** Whether the case went back to Gestión extrajudicial (it had not moved on to another stage). */
  movedBack: boolean;
}

/** The case's assignee and its branch's managers, once per instalment (e-mailed by default); how many were told. */
export async function notifyClaimInstalmentMissed(tx: Executor, notice: InstalmentMissedNotice): Promise<number> {
  const [policy] = await repo.findPolicyNotices(tx, [notice.policyId]);
  if (!policy) return 0;
  const managers = await repo.findBranchManagerIds(tx, notice.policyId);
  const number = claimNumber(notice.claimId);
  const notified = await notify(tx, {
    recipients: [notice.assigneeId, ...managers].filter((id): id is number => id !== null),
    kind: 'claim_instalment_missed',
    title: messages.missedTitle(number, notice.seq),
    body: messages.missedBody({ claimNumber: number, policyLabel: policy.label, seq: notice.seq, dueOn: spanishLongDate(notice.dueOn), owed: notice.owed, movedBack: notice.movedBack }),
    policyId: notice.policyId,
    dedupeKey: `claim_instalment_missed:${notice.instalmentId}`,
  });
  return notified.length;
}
