import { businessDate, centsToMoney, claimAgreementMessages as messages } from '@portal/domain';
import type { Db } from '../../../db/client';
import { notifyClaimInstalmentMissed } from '../../notifications/index';
import { findClaim } from '../repository/claims';
import type { ClaimActor } from '../service/stage';
import * as repo from '../repository/agreements';
import { enterStage } from './service';

/*
 * The daily 'claim-instalments' run (issue 33): each instalment is followed as a rent month is. One
 * not fully paid after its day (Mexico City) is late; its agreement is broken; the case goes back
 * to Gestión extrajudicial (if it was still in Convenio de pago) with the reason as its event; the
 * assignee and the branch's managers are told. A second run finds nothing to do: the agreement is
 * no longer in force, and each notice has its key.
 */

const system: ClaimActor = { userId: null, label: 'Sistema' };

export interface ClaimInstalmentsRun {
  today: string;
  /** Agreements broken by this run. */
  broken: number;
  /** Notifications written (one per person told). */
  notices: number;
}

export async function runClaimInstalments(db: Db, now: Date = new Date()): Promise<ClaimInstalmentsRun> {
  const today = businessDate(now);
  let broken = 0;
  let notices = 0;
  for (const missed of await repo.firstMissedInstalments(db, today)) {
    // One transaction per agreement: a case that fails to move does not hold back the others' notices.
    const told = await db.transaction(async (tx) => {
      const claim = await findClaim(tx, missed.claimId, { branchId: undefined }, true);
      if (!claim || claim.status === 'closed' || !(await repo.agreementStillActive(tx, missed.agreementId))) return null;
      const late = (await repo.markLate(tx, missed.agreementId, today)).sort((a, b) => a.seq - b.seq);
      const first = late[0];
      if (!first) return null;
      await repo.setAgreementState(tx, missed.agreementId, 'broken', now);
      const movedBack = claim.stage === 'agreement';
      await enterStage(tx, claim, movedBack ? 'extrajudicial' : claim.stage, messages.brokenNote(first.seq), system, now);
      return notifyClaimInstalmentMissed(tx, {
        claimId: claim.id,
        policyId: claim.policyId,
        instalmentId: first.id,
        assigneeId: claim.assigneeId,
        seq: first.seq,
        dueOn: first.dueOn,
        owed: centsToMoney(Number(first.owedCents)),
        movedBack,
      });
    });
    if (told === null) continue;
    broken++;
    notices += told;
  }
  return { today, broken, notices };
}
