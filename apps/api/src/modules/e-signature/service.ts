import crypto from 'node:crypto';
import {
  contractDocumentLabels,
  efirmaMessages,
  maskEmail,
  outsideActorNames,
  policyMessages,
  signingCode,
  signingMessages,
  signingSubjectLabels,
  type CodeSent,
  type ContractDocumentKind,
  type SigningRound,
  type SigningView,
  type SignInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { queueEmails, signingCodeEmail } from '../email/index';
import { notifySignatureDeclined } from '../notifications/index';
import { insertEvent } from '../policies/index';
import { relockLink, type ActiveLink } from '../public-links/index';
import { isEmbeddablePng } from './pdf';
import * as repo from './repository';
import { documentFileName } from './document-rounds';
import { discard, discardUnused, drawIfLast, recordSigned, type DrawnDocument, type SignedValues } from './completion';
import type { CompletionServices } from './completion-services';
import { codeFresh, ensureCanAct, lockedSignerContext, locked, signerContext, signingLink } from './signer-context';

/*
 * Signing by link (issue 17, decision 017). A policy marked 'Firma electrónica' entering
 * 'signature' starts a round: the current pack's documents to sign merged into one stored PDF
 * (its SHA-256 is what every signer's evidence names) and one link per signer. Each signer
 * verifies a one-time code sent by e-mail, then signs; the last signature stamps the documents,
 * appends the evidence page, stores them as a new pack version and makes the policy active.
 */

const minuteMs = 60_000;

const sha256 = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest('hex');

// --- the signer's page -----------------------------------------------------------------------------------

/** GET /api/public/links/{token}/signing */
export async function signingView(db: Db, token: string): Promise<SigningView> {
  return viewOf(db, await signingLink(db, token));
}

export async function viewOf(db: Db, link: ActiveLink): Promise<SigningView> {
  const { round, signature } = await signerContext(db, link);
  const [documents, signers] = await Promise.all([repo.packDocuments(db, round.policyId, round.packVersion), repo.roundSigners(db, round.id)]);
  const now = new Date();
  const mine = (kind: ContractDocumentKind | 'move_out') => signature.documentKinds.includes(kind);
  // A document signed on its own (the acta de entrega) is the round's one PDF.
  const own = round.subject === 'contracts' ? [] : [{ kind: 'move_out' as const, label: signingSubjectLabels.move_out, pageCount: round.pageCount ?? 0, sha256: round.packSha256, method: 'simple' as const, mine: true }];
  return {
    status: round.status,
    documents: [
      ...own,
      ...documents
        .filter((document) => round.subject === 'contracts' && round.documentKinds.includes(document.kind))
        .map((document) => ({
          kind: document.kind,
          label: contractDocumentLabels[document.kind],
          pageCount: document.pageCount,
          sha256: document.sha256,
          method: round.methods[document.kind] === 'efirma' ? ('efirma' as const) : ('simple' as const),
          mine: mine(document.kind),
        })),
    ],
    packSha256: round.packSha256,
    emailMasked: maskEmail(signature.signerEmail),
    otpVerified: codeFresh(signature, now),
    locked: signature.lockedAt !== null,
    signedAt: signature.signedAt?.toISOString() ?? null,
    declinedAt: signature.declinedAt?.toISOString() ?? null,
    signersSigned: signers.filter((signer) => signer.signedAt !== null).length,
    signersTotal: signers.length,
    method: signature.method,
    myTurn: !round.sequential || signature.invitedAt !== null,
    expiresAt: round.expiresAt?.toISOString() ?? null,
  };
}

/** GET /api/public/links/{token}/signing/pack: the stored bytes whose SHA-256 the view names. */
export async function signingPack(db: Db, token: string): Promise<{ storedName: string; fileName: string }> {
  const { round, link } = await signerContext(db, await signingLink(db, token));
  // Emptied by retention years after the policy ended; the link itself is long expired by then.
  if (round.packStoredName === null) throw notFound(signingMessages.roundClosed);
  return { storedName: round.packStoredName, fileName: round.subject === 'contracts' ? `contratos-${link.folio}.pdf` : documentFileName(round, link.folio) };
}

/**
 * POST …/signing/code: a new 6-digit code e-mailed to the signer (only its hash kept), at most one
 * a minute. A new code does not reset the wrong tries: five in all lock the link.
 */
export async function requestCode(db: Db, token: string, now = new Date()): Promise<CodeSent> {
  return db.transaction(async (tx) => {
    const context = await lockedSignerContext(tx, token);
    await ensureCanAct(tx, context);
    const { signature } = context;
    const waited = signature.otpSentAt ? now.getTime() - signature.otpSentAt.getTime() : Infinity;
    const wait = signingCode.resendAfterSeconds * 1000 - waited;
    if (wait > 0) throw new AppError(429, signingMessages.codeTooSoon(Math.ceil(wait / 1000)));
    const code = crypto.randomInt(0, 10 ** signingCode.digits).toString().padStart(signingCode.digits, '0');
    await repo.updateSignature(tx, signature.linkId, {
      otpHash: sha256(code),
      otpExpiresAt: new Date(now.getTime() + signingCode.validMinutes * minuteMs),
      otpSentAt: now,
      otpVerifiedAt: null,
    });
    const email = signingCodeEmail({ name: signature.signerName, code, validMinutes: signingCode.validMinutes });
    await queueEmails(tx, [{ recipient: signature.signerEmail, ...email, kind: 'signing_code' }]);
    return { emailMasked: maskEmail(signature.signerEmail), resendAfterSeconds: signingCode.resendAfterSeconds };
  });
}

type VerifyOutcome = { ok: true } | { ok: false; error: AppError };

/**
 * POST …/signing/verify: the code matches (it is used up), or the wrong try is counted — the
 * count is written even though the answer is an error, so the transaction returns it instead of
 * throwing.
 */
export async function verifyCode(db: Db, token: string, code: string, now = new Date()): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const context = await lockedSignerContext(tx, token);
    await ensureCanAct(tx, context);
    const { signature } = context;
    if (!signature.otpHash || !signature.otpExpiresAt || signature.otpExpiresAt.getTime() <= now.getTime()) {
      return { ok: false, error: badRequest(signingMessages.codeExpired, [{ field: 'code', message: signingMessages.codeExpired }]) };
    }
    if (crypto.timingSafeEqual(Buffer.from(sha256(code)), Buffer.from(signature.otpHash))) {
      await repo.updateSignature(tx, signature.linkId, { otpVerifiedAt: now, otpHash: null, otpExpiresAt: null });
      return { ok: true };
    }
    const failures = signature.otpFailures + 1;
    const lockedNow = failures >= signingCode.maxFailures;
    await repo.updateSignature(tx, signature.linkId, { otpFailures: failures, ...(lockedNow ? { lockedAt: now, otpHash: null } : {}) });
    if (lockedNow) return { ok: false, error: locked() };
    const message = signingMessages.codeWrong(signingCode.maxFailures - failures);
    return { ok: false, error: badRequest(message, [{ field: 'code', message }]) };
  });
  if (!outcome.ok) throw outcome.error;
}

/** POST …/signing/sign: the evidence recorded; the last signer's request also completes the round. */
export async function sign(db: Db, services: CompletionServices, token: string, input: SignInput & { accept: true }, origin: { ip: string; userAgent: string }, onDiscardError: (error: unknown, storedName: string) => void): Promise<SigningView> {
  const now = new Date();
  const signature = input.signature.kind === 'drawn' ? { kind: 'drawn' as const, image: input.signature.image } : { kind: 'typed' as const, text: input.signature.text.trim() };
  // A drawing that is not a PNG pdf-lib can embed would break the stamping for every signer: refused now.
  if (signature.kind === 'drawn' && !(await isEmbeddablePng(signature.image))) throw invalidField('signature', signingMessages.signatureInvalid);
  const values: SignedValues = {
    signedAt: now,
    ip: origin.ip.slice(0, 64),
    userAgent: origin.userAgent.slice(0, 500),
    signatureKind: signature.kind,
    signatureImage: signature.kind === 'drawn' ? signature.image : null,
    signatureText: signature.kind === 'typed' ? signature.text.slice(0, 150) : null,
    packSha256: input.packSha256,
  };
  const link = await signingLink(db, token);
  const written: string[] = [];
  try {
    // Drawn before the transaction when this signer is the last one: the transaction then only stores it.
    const early = await drawIfLast(db, services, link, values, written);
    let used: DrawnDocument[] = [];
    await db.transaction(async (tx) => {
      // Locks the link, then the round: the round's row serialises its signers, so only one of them sees everyone signed.
      const context = await signerContext(tx, await relockLink(tx, link), true);
      await ensureCanAct(tx, context, now);
      if (context.signature.method === 'efirma') throw conflict(efirmaMessages.efirmaRequired);
      if (!codeFresh(context.signature, now)) throw conflict(signingMessages.codeNotVerified);
      if (input.packSha256 !== context.round.packSha256) throw conflict(signingMessages.packChanged);
      used = await recordSigned(tx, services, context, values, early, written);
    });
    await discardUnused(services.files, written, used, onDiscardError);
    return await viewOf(db, link);
  } catch (error) {
    if (written.length > 0) await discard(services.files, written, onDiscardError);
    throw error;
  }
}

/**
 * POST …/signing/decline: the reason recorded, the round declined and its links revoked, staff
 * told. The policy stays in 'signature': staff choose what follows (a new pack, paper, cancel).
 */
export async function decline(db: Db, token: string, reason: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const context = await lockedSignerContext(tx, token);
    await ensureCanAct(tx, context);
    const { signature, round } = context;
    await repo.updateSignature(tx, signature.linkId, { declinedAt: now, declineReason: reason });
    await repo.closeRound(tx, round.id, 'declined', now);
    await repo.finishLinks(tx, [signature.linkId], now);
    await repo.revokeRoundLinks(tx, round.id, now, null);
    await insertEvent(tx, {
      policyId: round.policyId,
      userId: null,
      fromStatus: null,
      toStatus: null,
      changes: [],
      note: signingMessages.declinedNote(signature.signerName, reason),
      actorLabel: outsideActorNames.signer(signature.signerName),
    });
    await notifySignatureDeclined(tx, { policyId: round.policyId, roundId: round.id, signerName: signature.signerName, reason });
  });
}

// --- staff ------------------------------------------------------------------------------------------------

/** GET /api/policy/{id}/signing: the newest round and its signers, or null (404 outside the actor's branch). */
export async function policySigning(db: Db, actor: AuthUser, policyId: number): Promise<SigningRound | null> {
  if (!(await repo.policyInScope(db, policyId, actorScope(actor)))) throw notFound(policyMessages.notFound);
  const round = await repo.newestRoundOf(db, policyId);
  if (!round) return null;
  const signers = await repo.roundSigners(db, round.id);
  return {
    id: round.id,
    status: round.status,
    packVersion: round.packVersion,
    signedPackVersion: round.signedPackVersion,
    createdAt: round.createdAt.toISOString(),
    closedAt: round.closedAt?.toISOString() ?? null,
    methods: round.methods,
    paperReason: round.paperReason,
    order: round.sequential ? 'sequential' : 'parallel',
    expiresAt: round.expiresAt?.toISOString() ?? null,
    verificationCode: round.status === 'completed' ? round.verificationCode : null,
    signers: signers.map((signer) => ({
      linkId: signer.linkId,
      party: signer.party,
      name: signer.signerName,
      email: signer.signerEmail,
      signedAt: signer.signedAt?.toISOString() ?? null,
      declinedAt: signer.declinedAt?.toISOString() ?? null,
      declineReason: signer.declineReason,
      locked: signer.lockedAt !== null,
      method: signer.method,
      invitedAt: signer.invitedAt?.toISOString() ?? null,
      remindersSent: signer.remindersSent,
      certificateSerial: signer.certificateSerial,
      revocation: signer.revocation,
    })),
  };
}
