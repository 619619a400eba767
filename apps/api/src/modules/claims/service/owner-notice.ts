import { claimNumber, claimOwnerNextSteps, claimOwnerStageText, type ClaimStage } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { claimStageEmail, queueEmails } from '../../email/index';
import { claimOwnerContact } from '../repository/claims';
import { stageLabelOf } from '../repository/stage-labels';

/*
 * The owner told of a stage change (issue 33): an e-mail to the owner's address on the policy,
 * queued in the change's transaction (both or neither), with the case, its stage (as the office
 * names it) and the next step in plain Spanish — never the internal note.
 */

/** The words the owner reads, by e-mail here and in the agent's WhatsApp. */
async function ownerStageText(tx: Executor, claim: { id: number; policyId: number }, stage: ClaimStage) {
  const owner = await claimOwnerContact(tx, claim.policyId);
  if (!owner) return null;
  const stageLabel = await stageLabelOf(tx, stage);
  const number = claimNumber(claim.id);
  const text = claimOwnerStageText({ ownerName: owner.name, number, stageLabel, nextStep: claimOwnerNextSteps[stage], branchName: owner.branchName });
  return { owner, number, stageLabel, text };
}

/** Queues the owner's e-mail; false when the owner has no e-mail address (the stage changes all the same). */
export async function noticeOwnerOfStage(tx: Executor, claim: { id: number; policyId: number }, stage: ClaimStage): Promise<boolean> {
  const notice = await ownerStageText(tx, claim, stage);
  if (!notice?.owner.email) return false;
  const email = claimStageEmail({ branchName: notice.owner.branchName, number: notice.number, stageLabel: notice.stageLabel, text: notice.text });
  await queueEmails(tx, [{ recipient: notice.owner.email, kind: 'claim_stage', ...email }]);
  return true;
}
