import { claimOwnerMessages, outsideActorNames } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { insertClaimEvent } from '../repository/claims';
import { findActiveNonPaymentClaim } from '../repository/owner';
import { openClaim } from '../service/open';

/**
 * The owner answered 'No' to a rent confirmation (issue 33), in the answer's transaction and after
 * the month was put En mora: a draft case of missed rent the agent reviews (its rent claimed is
 * the months in arrears, this one included), or, when the policy already has one not closed, a
 * line in that case's history instead of a second case.
 */
export async function recordRentNotReceived(tx: Executor, notice: { policyId: number; period: string; ownerName: string }): Promise<void> {
  const who = outsideActorNames.byLink(notice.ownerName, 'Propietario');
  const note = claimOwnerMessages.rentNotReceived(notice.period);
  const current = await findActiveNonPaymentClaim(tx, notice.policyId);
  if (current) {
    await insertClaimEvent(tx, { claimId: current.id, fromStage: null, toStage: null, note, userId: null, actorLabel: who });
    return;
  }
  await openClaim(tx, { policyId: notice.policyId, type: 'non_payment', description: note, source: 'rent_confirmation', status: 'draft', reportedBy: who }, { userId: null, label: who });
}
