import { policyMessages, roundMessages } from '@portal/domain';
import type { Db } from '../../db/client';
import { conflict, ensure, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import type { FileStore } from '../../lib/file-store';
import { discard } from './completion';
import * as repo from './repository';
import { startRound, type SigningOptions } from './rounds';

/*
 * 'Enviar de nuevo' (issue 35): a round that expired, or that a signer declined, is sent again as
 * a new round over the policy's current pack — the same start as 'Enviar Contratos' (new links,
 * the branch's order and deadline as they are now). The policy must still be in 'signature'.
 */

const resendable = new Set(['expired', 'declined']);

/**
 * POST /api/policy/{id}/signing/resend: 404 outside the actor's branch; 409 when the policy left
 * 'signature', is not signed electronically, a round is open, or the newest round is neither
 * expired nor declined. The policy's row is held while it checks and starts, so two clicks make one round.
 */
export async function resendRound(
  db: Db,
  files: FileStore,
  actor: AuthUser,
  policyId: number,
  start: { baseUrl: string } & SigningOptions,
  onDiscardError: (error: unknown, storedName: string) => void,
): Promise<void> {
  if (!(await repo.policyInScope(db, policyId, actorScope(actor)))) throw notFound(policyMessages.notFound);
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const state = ensure(await repo.policySigningState(tx, policyId, true), notFound(policyMessages.notFound));
      if (state.status !== 'signature') throw conflict(roundMessages.resendNotInSignature);
      if (await repo.openRoundOf(tx, policyId)) throw conflict(roundMessages.resendStillOpen);
      const newest = await repo.newestRoundOf(tx, policyId);
      if (!newest || !resendable.has(newest.status)) throw conflict(roundMessages.resendNothingToResend);
      const started = await startRound(tx, files, actor, { policyId, ...start, note: roundMessages.resentNote }, written);
      if (!started) throw conflict(roundMessages.resendNotElectronic);
    });
  } catch (error) {
    await discard(files, written, onDiscardError);
    throw error;
  }
}
