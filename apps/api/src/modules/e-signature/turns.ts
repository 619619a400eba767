import type { Executor } from '../../db/client';
import type * as repo from './repository';

/*
 * Signing in order (issue 35): when a signer signs, the next one's link is sent. A round signed
 * all at once has nothing to open.
 */

/** Opens the turn of the first signer not invited yet, when every signer before them has signed. */
export async function openNextTurn(_tx: Executor, round: repo.RoundRow, _signers: repo.RoundSigner[], _now: Date): Promise<void> {
  if (!round.sequential) return;
  // Filled in by the signing-order work (issue 35).
}
