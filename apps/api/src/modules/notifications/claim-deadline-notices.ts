import { claimMessages, claimNumber, policyDisplayFolio, spanishLongDate } from '@portal/domain';
import type { Executor } from '../../db/client';
import * as repo from './repository';
import { notify } from './service';

/*
 * The incidencias' términos (claims module, issue 33): a court deadline must not be missed, so
 * the case's assignee and the branch's managers hear of it 7, 3 and 1 days before and the day
 * after it was missed — in the bell and, by default, by e-mail ('claim_deadline').
 */

export interface ClaimDeadlineNotice {
  deadlineId: number;
  claimId: number;
  policyId: number;
  policyNumber: string;
  investigationId: string;
  assigneeId: number | null;
  dueOn: string;
  description: string;
  /** 7, 3 or 1 (days before), 0 for the missed notice: with the término, the notice's key. */
  daysBefore: number;
  daysLeft: number;
}

/** One notice per término and threshold (its dedupe key), in the daily run's transaction; answers how many were told. */
export async function notifyClaimDeadline(tx: Executor, notice: ClaimDeadlineNotice): Promise<number> {
  const managers = await repo.findBranchManagerIds(tx, notice.policyId);
  const number = claimNumber(notice.claimId);
  const folio = policyDisplayFolio({ policyNumber: notice.policyNumber, investigationId: notice.investigationId });
  const dueOn = spanishLongDate(notice.dueOn);
  const missed = notice.daysBefore === 0;
  const notified = await notify(tx, {
    recipients: [notice.assigneeId, ...managers].filter((id): id is number => id !== null),
    kind: 'claim_deadline',
    title: missed ? claimMessages.deadlineMissedTitle(number) : claimMessages.deadlineReminderTitle(number, notice.daysLeft),
    body: missed ? claimMessages.deadlineMissedBody(notice.description, dueOn, folio) : claimMessages.deadlineReminderBody(notice.description, dueOn, folio),
    policyId: notice.policyId,
    dedupeKey: `claim_deadline:${notice.deadlineId}:${notice.daysBefore}`,
  });
  return notified.length;
}
