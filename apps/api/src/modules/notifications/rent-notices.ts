import { rentConfirmationMessages as messages, rentProofMessages } from '@portal/domain';
import type { Executor } from '../../db/client';
import * as repo from './repository';
import { notify } from './service';

/*
 * The owner's rent confirmations (rents module, issue 32): what the office hears when the owner
 * says a rent did not arrive, or does not answer at all.
 */

/** The owner answered 'No' (in the answer's transaction): the policy's agent and its branch's managers. */
export async function notifyRentNotReceived(tx: Executor, notice: { policyId: number; period: string; ownerName: string }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [notice.policyId]);
  if (!policy) return;
  const managers = await repo.findBranchManagerIds(tx, policy.id);
  await notify(tx, {
    recipients: [policy.agentId, ...managers].filter((id): id is number => id !== null),
    kind: 'rent_not_received',
    title: messages.notReceived(notice.period),
    body: messages.notReceivedBody(policy.label, notice.ownerName),
    policyId: policy.id,
  });
}

/** Asked twice without an answer (daily run): the policy's agent, once per confirmation. */
export async function notifyRentConfirmationUnanswered(tx: Executor, notice: { confirmationId: number; policyId: number; period: string; ownerName: string }): Promise<number> {
  const [policy] = await repo.findPolicyNotices(tx, [notice.policyId]);
  if (!policy?.agentId) return 0;
  const notified = await notify(tx, {
    recipients: [policy.agentId],
    kind: 'rent_confirmation_unanswered',
    title: messages.unansweredTitle(notice.period),
    body: messages.unansweredBody(policy.label, notice.ownerName),
    policyId: policy.id,
    dedupeKey: `rent_confirmation_unanswered:${notice.confirmationId}`,
  });
  return notified.length;
}

/** A tenant sent a proof of payment by link (in the upload's transaction): the policy's agent, once per proof. */
export async function notifyRentProofReceived(tx: Executor, notice: { proofId: number; policyId: number; amount: string }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [notice.policyId]);
  if (!policy?.agentId) return;
  await notify(tx, {
    recipients: [policy.agentId],
    kind: 'rent_proof_received',
    title: rentProofMessages.notificationTitle,
    body: rentProofMessages.notificationBody(policy.label, notice.amount),
    policyId: policy.id,
    dedupeKey: `rent_proof_received:${notice.proofId}`,
  });
}
