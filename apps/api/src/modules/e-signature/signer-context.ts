import { signingMessages } from '@portal/domain';
import type { Executor } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { requirePrivacyAccepted, resolveLink, type ActiveLink } from '../public-links/index';
import * as repo from './repository';

/*
 * What every signer's action starts from (issue 17; issue 35 adds the turn and the deadline): the
 * link the token opens, its round and the signer's row, and the checks made before anything is
 * written. The simple signature (service.ts) and the e.firma (efirma/) share them.
 */

const minuteMs = 60_000;
/** A verified code lets its holder sign for this long. */
const verifiedForMs = 30 * minuteMs;

export interface SignerContext {
  link: ActiveLink;
  round: repo.RoundRow;
  signature: repo.SignatureRow;
}

/** The live signing link a token opens (any other token: the uniform 404). A request resolves its token once. */
export const signingLink = (db: Executor, token: string, lock = false) => resolveLink(db, token, 'sign', { lock });

/** The link's round and signer row; `lock` takes them for update (the link's own row the caller locked). */
export async function signerContext(db: Executor, link: ActiveLink, lock = false): Promise<SignerContext> {
  const roundId = link.signingRoundId;
  const round = roundId === null ? undefined : await repo.findRound(db, roundId, lock);
  const signature = await repo.findSignature(db, link.id, lock);
  if (!round || !signature) throw notFound(signingMessages.roundClosed);
  return { link, round, signature };
}

/** Inside a write's transaction: the signer's link, round and row, each locked for update in that order. */
export const lockedSignerContext = async (tx: Executor, token: string) => signerContext(tx, await signingLink(tx, token, true), true);

export const locked = () => new AppError(423, signingMessages.codeLocked);

/** Whether the round's deadline has passed (the daily job then marks it expired). */
export const roundExpired = (round: repo.RoundRow, now = new Date()) => round.expiresAt !== null && round.expiresAt.getTime() <= now.getTime();

/** The checks every signing action makes first: the aviso accepted, the round open, not locked, not signed yet. */
export async function ensureCanAct(db: Executor, context: SignerContext, now = new Date()): Promise<void> {
  await requirePrivacyAccepted(db, context.link);
  if (context.signature.signedAt) throw conflict(signingMessages.alreadySigned);
  if (context.round.status !== 'open' || context.signature.declinedAt || roundExpired(context.round, now)) throw conflict(signingMessages.roundClosed);
  if (context.round.sequential && context.signature.invitedAt === null) throw conflict(signingMessages.notYourTurn);
  if (context.signature.lockedAt) throw locked();
}

/** Whether the signer confirmed their one-time code recently enough to sign now. */
export const codeFresh = (signature: repo.SignatureRow, now: Date) => signature.otpVerifiedAt !== null && now.getTime() - signature.otpVerifiedAt.getTime() <= verifiedForMs;
