import type { Executor } from '../../db/client';
import { sendLinkAgain } from '../public-links/index';
import * as repo from './repository';

/*
 * Signing in order (issue 35): at the start only the first signer's link is e-mailed (rounds.ts).
 * When a signer signs, each signer whose predecessors have all signed gets their link — a new
 * token, e-mailed to them alone — and their turn is open (`invited_at`). A round signed all at
 * once has nothing to open.
 */

const dayMs = 86_400_000;
/** A round made before issue 35 has no deadline (and was never in order): the branches' default length. */
const defaultRoundDays = 15;

/** The signers not invited yet, not done, and with every signer before them (by position) signed. */
function nextInTurn(signers: readonly repo.RoundSigner[]): repo.RoundSigner[] {
  return signers.filter(
    (signer) =>
      signer.invitedAt === null &&
      signer.signedAt === null &&
      signer.declinedAt === null &&
      signers.every((other) => other.position >= signer.position || other.signedAt !== null),
  );
}

/**
 * In the signer's transaction (the round's row locked, so two signatures at once open a turn
 * once): the next signers' links sent and their turn opened. Their link lives until the round's deadline.
 */
export async function openNextTurn(tx: Executor, round: repo.RoundRow, signers: repo.RoundSigner[], now: Date): Promise<void> {
  if (!round.sequential) return;
  const expiresAt = round.expiresAt ?? new Date(now.getTime() + defaultRoundDays * dayMs);
  for (const signer of nextInTurn(signers)) {
    await sendLinkAgain(tx, signer.linkId, {
      baseUrl: round.linksBaseUrl,
      expiresAt,
      reason: 'turn',
      ...(round.subject === 'contracts' ? {} : { document: round.subject }),
      now,
    });
    await repo.updateSignature(tx, signer.linkId, { invitedAt: now });
  }
}
