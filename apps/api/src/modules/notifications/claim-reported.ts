import { claimOwnerMessages, claimTypeLabels, type ClaimType } from '@portal/domain';
import type { Executor } from '../../db/client';
import * as repo from './repository';
import { notify } from './service';

/*
 * Incidencias (issue 33): a case the owner reported from outside the office (their link's
 * 'Reportar un problema'), a draft the agent reviews before it is worked.
 */

/** In the report's transaction: the policy's agent and its branch's managers, once per case. */
export async function notifyClaimReported(tx: Executor, notice: { claimId: number; number: string; policyId: number; type: ClaimType; ownerName: string }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [notice.policyId]);
  if (!policy) return;
  const managers = await repo.findBranchManagerIds(tx, policy.id);
  await notify(tx, {
    recipients: [policy.agentId, ...managers].filter((id): id is number => id !== null),
    kind: 'claim_reported',
    title: claimOwnerMessages.notificationTitle(notice.number),
    body: claimOwnerMessages.notificationBody(policy.label, notice.ownerName, claimTypeLabels[notice.type]),
    policyId: policy.id,
    dedupeKey: `claim_reported:${notice.claimId}`,
  });
}
