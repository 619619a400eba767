import { claimMessages, isBackwardMove, type ClaimResult, type ClaimStage } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { conflict, invalidField } from '../../../lib/app-error';
import * as repo from '../repository/claims';

/*
 * A change of stage (issue 33): each is an event with who, when and why. Closing needs a result;
 * a closed case is read-only except for reopening with a reason; going back (a broken agreement
 * back to Gestión) says why too. The caller holds the case's row (findClaim with lock).
 */

/** Who acts: a user, or someone outside ('Propietario (por enlace)') or the daily run ('Sistema'). */
export interface ClaimActor {
  userId: number | null;
  label: string;
}

export interface StageMove {
  stage: ClaimStage;
  note: string;
  result?: ClaimResult | undefined;
  /** The owner was told of it (an e-mail queued in the same transaction). */
  ownerNotified?: boolean;
}

const backwardNeedsReason = 'Para regresar a una etapa anterior escriba el motivo en la nota';

function ensureMoveAllowed(claim: repo.ClaimRow, move: StageMove): void {
  const closed = claim.status === 'closed';
  if (closed && move.stage === 'closed') throw conflict(claimMessages.closedReadOnly);
  if (closed && !move.note.trim()) throw invalidField('note', claimMessages.reopenNeedsReason);
  if (!closed && claim.stage === move.stage) throw conflict(claimMessages.sameStage);
  if (!closed && isBackwardMove(claim.stage, move.stage) && !move.note.trim()) throw invalidField('note', backwardNeedsReason);
}

/** Moves the locked case to `move.stage` and records the event. Returns false when its version moved meanwhile. */
export async function moveClaimStage(tx: Executor, claim: repo.ClaimRow, move: StageMove, actor: ClaimActor, now: Date = new Date()): Promise<boolean> {
  ensureMoveAllowed(claim, move);
  const closing = move.stage === 'closed';
  const changes: repo.ClaimChanges = { stage: move.stage, status: closing ? 'closed' : 'open', result: closing ? (move.result ?? null) : null, closedAt: closing ? now : null };
  if (!(await repo.updateClaim(tx, claim.id, claim.version, changes, actor.userId))) return false;
  await repo.insertClaimEvent(tx, {
    claimId: claim.id,
    fromStage: claim.stage,
    toStage: move.stage,
    result: changes.result ?? null,
    note: move.note.trim(),
    userId: actor.userId,
    actorLabel: actor.userId === null ? actor.label : '',
    ownerNotified: move.ownerNotified ?? false,
  });
  return true;
}
