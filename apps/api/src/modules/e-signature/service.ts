import crypto from 'node:crypto';
import {
  contractDocumentLabels,
  maskEmail,
  outsideActorNames,
  policyMessages,
  signingCode,
  signingMessages,
  signingSubjectLabels,
  type CodeSent,
  type SigningRound,
  type SigningView,
  type SignInput,
} from '@portal/domain';
import { readTogether, type Db, type Executor } from '../../db/client';
import { AppError, badRequest, conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import type { FileStore } from '../../lib/file-store';
import { queueEmails, signingCodeEmail } from '../email/index';
import { notifySignatureCompleted, notifySignatureDeclined } from '../notifications/index';
import { insertEvent, updatePolicyRow } from '../policies/index';
import { relockLink, requirePrivacyAccepted, resolveLink, type ActiveLink } from '../public-links/index';
import { isEmbeddablePng, signedDocument, type EvidenceFacts, type SignerEvidence } from './pdf';
import * as repo from './repository';
import { readStored, storePdf } from './rounds';
import { completeOwnDocument, documentFileName, drawSignedOwnDocument } from './document-rounds';

/*
 * Signing by link (issue 17, decision 017). A policy marked 'Firma electrónica' entering
 * 'signature' starts a round: the current pack's documents to sign merged into one stored PDF
 * (its SHA-256 is what every signer's evidence names) and one link per signer. Each signer
 * verifies a one-time code sent by e-mail, then signs; the last signature stamps the documents,
 * appends the evidence page, stores them as a new pack version and makes the policy active.
 */

const minuteMs = 60_000;
/** A verified code lets its holder sign for this long. */
const verifiedForMs = 30 * minuteMs;

const sha256 = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest('hex');

// --- the signer's page -----------------------------------------------------------------------------------

interface SignerContext {
  link: ActiveLink;
  round: repo.RoundRow;
  signature: repo.SignatureRow;
}

/** The live signing link a token opens (any other token: the uniform 404). A request resolves its token once. */
const signingLink = (db: Executor, token: string, lock = false) => resolveLink(db, token, 'sign', { lock });

/** The link's round and signer row; `lock` takes them for update (the link's own row the caller locked). */
async function signerContext(db: Executor, link: ActiveLink, lock = false): Promise<SignerContext> {
  const roundId = link.signingRoundId;
  const round = roundId === null ? undefined : await repo.findRound(db, roundId, lock);
  const signature = await repo.findSignature(db, link.id, lock);
  if (!round || !signature) throw notFound(signingMessages.roundClosed);
  return { link, round, signature };
}

/** Inside a write's transaction: the signer's link, round and row, each locked for update in that order. */
const lockedSignerContext = async (tx: Executor, token: string) => signerContext(tx, await signingLink(tx, token, true), true);

const locked = () => new AppError(423, signingMessages.codeLocked);

/** The checks every signing action makes first: the aviso accepted, the round open, not locked, not signed yet. */
async function ensureCanAct(db: Executor, context: SignerContext): Promise<void> {
  await requirePrivacyAccepted(db, context.link);
  if (context.signature.signedAt) throw conflict(signingMessages.alreadySigned);
  if (context.round.status !== 'open' || context.signature.declinedAt) throw conflict(signingMessages.roundClosed);
  if (context.signature.lockedAt) throw locked();
}

/** GET /api/public/links/{token}/signing */
export async function signingView(db: Db, token: string): Promise<SigningView> {
  return viewOf(db, await signingLink(db, token));
}

async function viewOf(db: Db, link: ActiveLink): Promise<SigningView> {
  const { round, signature } = await signerContext(db, link);
  const [documents, signers] = await Promise.all([repo.packDocuments(db, round.policyId, round.packVersion), repo.roundSigners(db, round.id)]);
  const now = Date.now();
  // A document signed on its own (the acta de entrega) is the round's one PDF.
  const own = round.subject === 'contracts' ? [] : [{ kind: 'move_out' as const, label: signingSubjectLabels.move_out, pageCount: round.pageCount ?? 0, sha256: round.packSha256 }];
  return {
    status: round.status,
    documents: [
      ...own,
      ...documents
        .filter((document) => round.subject === 'contracts' && round.documentKinds.includes(document.kind))
        .map((document) => ({ kind: document.kind, label: contractDocumentLabels[document.kind], pageCount: document.pageCount, sha256: document.sha256 })),
    ],
    packSha256: round.packSha256,
    emailMasked: maskEmail(signature.signerEmail),
    otpVerified: signature.otpVerifiedAt !== null && now - signature.otpVerifiedAt.getTime() <= verifiedForMs,
    locked: signature.lockedAt !== null,
    signedAt: signature.signedAt?.toISOString() ?? null,
    declinedAt: signature.declinedAt?.toISOString() ?? null,
    signersSigned: signers.filter((signer) => signer.signedAt !== null).length,
    signersTotal: signers.length,
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

type ParsedSignature = SignerEvidence['signature'];

/** POST …/signing/sign: the evidence recorded; the last signer's request also completes the round. */
export async function sign(db: Db, files: FileStore, token: string, input: SignInput & { accept: true }, origin: { ip: string; userAgent: string }, onDiscardError: (error: unknown, storedName: string) => void): Promise<SigningView> {
  const now = new Date();
  const signature: ParsedSignature = input.signature.kind === 'drawn' ? { kind: 'drawn', image: input.signature.image } : { kind: 'typed', text: input.signature.text.trim() };
  // A drawing that is not a PNG pdf-lib can embed would break the stamping for every signer: refused now.
  if (signature.kind === 'drawn' && !(await isEmbeddablePng(signature.image))) throw invalidField('signature', signingMessages.signatureInvalid);
  const link = await signingLink(db, token);
  const written: string[] = [];
  try {
    // Drawn before the transaction when this signer is the last one: the transaction then only stores it.
    const early = await drawIfLast(db, files, link, { now, signature, origin, packSha256: input.packSha256 }, written);
    let used: DrawnDocument[] = [];
    await db.transaction(async (tx) => {
      // Locks the link, then the round: the round's row serialises its signers, so only one of them sees everyone signed.
      const context = await signerContext(tx, await relockLink(tx, link), true);
      await ensureCanAct(tx, context);
      const { signature: row, round } = context;
      if (!row.otpVerifiedAt || now.getTime() - row.otpVerifiedAt.getTime() > verifiedForMs) throw conflict(signingMessages.codeNotVerified);
      if (input.packSha256 !== round.packSha256) throw conflict(signingMessages.packChanged);
      await repo.updateSignature(tx, row.linkId, {
        signedAt: now,
        ip: origin.ip.slice(0, 64),
        userAgent: origin.userAgent.slice(0, 500),
        signatureKind: signature.kind,
        signatureImage: signature.kind === 'drawn' ? signature.image : null,
        signatureText: signature.kind === 'typed' ? signature.text.slice(0, 150) : null,
        packSha256: input.packSha256,
      });
      await repo.finishLinks(tx, [row.linkId], now);
      const signers = await repo.roundSigners(tx, round.id);
      if (signers.some((signer) => signer.signedAt === null)) return;
      used = early && early.key === evidenceKey(signers) ? early.documents : await drawSignedPack(tx, files, round, signers, written);
      await completeRound(tx, round, used, now);
    });
    // Files drawn early but not stored in the end (another signer signed in between) are not kept.
    const kept = new Set(used.map((document) => document.stored.storedName));
    await discard(files, written.filter((storedName) => !kept.has(storedName)), onDiscardError);
    written.length = 0;
    return await viewOf(db, link);
  } catch (error) {
    if (written.length > 0) await discard(files, written, onDiscardError);
    throw error;
  }
}

async function discard(files: FileStore, written: string[], onError: (error: unknown, storedName: string) => void): Promise<void> {
  for (const storedName of written) await files.remove(storedName).catch((error: unknown) => onError(error, storedName));
}

/** What a drawn pack was drawn from: the signers and their signing times. */
const evidenceKey = (signers: repo.RoundSigner[]) => signers.map((signer) => `${signer.linkId}:${signer.signedAt?.toISOString()}`).join(',');

interface DrawnDocument {
  /** The pack's document it was drawn from; null for a round's own document. */
  source: repo.PackDocument | null;
  stored: { storedName: string; size: number; sha256: string };
  pageCount: number;
  signed: boolean;
}

/**
 * When every other signer has signed, draws the signed pack as it will be once this signer's
 * evidence is recorded, outside any transaction. Null when this signer is not the last (or the
 * request will be refused anyway: the transaction checks everything again).
 */
async function drawIfLast(
  db: Db,
  files: FileStore,
  link: ActiveLink,
  mine: { now: Date; signature: ParsedSignature; origin: { ip: string; userAgent: string }; packSha256: string },
  written: string[],
): Promise<{ key: string; documents: DrawnDocument[] } | null> {
  const context = await signerContext(db, link).catch(() => null);
  if (!context || context.round.status !== 'open' || mine.packSha256 !== context.round.packSha256) return null;
  const { signedAt, lockedAt, otpVerifiedAt } = context.signature;
  // Only for a request that will be accepted: a refused one should not cost the drawing.
  if (signedAt || lockedAt || !otpVerifiedAt || mine.now.getTime() - otpVerifiedAt.getTime() > verifiedForMs) return null;
  const signers = await repo.roundSigners(db, context.round.id);
  if (signers.some((signer) => signer.linkId !== context.link.id && signer.signedAt === null)) return null;
  const expected = signers.map((signer) =>
    signer.linkId === context.link.id
      ? {
          ...signer,
          signedAt: mine.now,
          ip: mine.origin.ip.slice(0, 64),
          userAgent: mine.origin.userAgent.slice(0, 500),
          signatureKind: mine.signature.kind,
          signatureImage: mine.signature.kind === 'drawn' ? mine.signature.image : null,
          signatureText: mine.signature.kind === 'typed' ? mine.signature.text.slice(0, 150) : null,
          packSha256: mine.packSha256,
        }
      : signer,
  );
  return { key: evidenceKey(expected), documents: await drawSignedPack(db, files, context.round, expected, written) };
}

function evidenceOf(signer: repo.RoundSigner): SignerEvidence {
  return {
    name: signer.signerName,
    party: signer.party,
    email: signer.signerEmail,
    ip: signer.ip ?? '',
    userAgent: signer.userAgent ?? '',
    signedAt: signer.signedAt!,
    signature: signer.signatureKind === 'drawn' ? { kind: 'drawn', image: signer.signatureImage ?? '' } : { kind: 'typed', text: signer.signatureText ?? signer.signerName },
    packSha256: signer.packSha256 ?? '',
  };
}

/**
 * Every document of the round's pack version for the new version: the signed ones with the
 * signatures and evidence pages, the others (the pagarés when left out) unchanged, each stored
 * under a new name.
 */
async function drawSignedPack(db: Executor, files: FileStore, round: repo.RoundRow, signers: repo.RoundSigner[], written: string[]): Promise<DrawnDocument[]> {
  const [documents, state] = await readTogether(db, [() => repo.packDocuments(db, round.policyId, round.packVersion), () => repo.policySigningState(db, round.policyId)]);
  const folio = state?.folio ?? '';
  if (round.subject !== 'contracts') return [await drawSignedOwnDocument(files, round, folio, signers.map(evidenceOf), written)];
  const signedSources = documents.filter((document) => round.documentKinds.includes(document.kind));
  const facts: EvidenceFacts = {
    folio,
    roundId: round.id,
    packVersion: round.packVersion,
    packSha256: round.packSha256,
    documents: signedSources.map((document) => ({ kind: document.kind, fileName: document.fileName, sha256: document.sha256 })),
    signers: signers.map(evidenceOf),
  };
  const drawn: DrawnDocument[] = [];
  for (const source of documents) {
    const original = await readStored(files, source.storedName);
    const signed = round.documentKinds.includes(source.kind);
    const result = signed ? await signedDocument(original, facts, `${contractDocumentLabels[source.kind]} ${folio} (firmado)`) : { bytes: original, pageCount: source.pageCount };
    const stored = await storePdf(files, result.bytes, written);
    drawn.push({ source, stored, pageCount: result.pageCount, signed });
  }
  return drawn;
}

/** Stores the signed pack as the policy's new version, closes the round and makes the policy active. */
async function completeRound(tx: Executor, round: repo.RoundRow, drawn: DrawnDocument[], now: Date): Promise<void> {
  if (round.subject !== 'contracts') return completeOwnDocument(tx, round, drawn[0]!.stored, now);
  const state = ensure(await repo.policySigningState(tx, round.policyId, true), notFound(policyMessages.notFound));
  const packVersion = (await repo.latestPackVersion(tx, round.policyId)) + 1;
  await repo.insertSignedPack(
    tx,
    round.policyId,
    drawn.flatMap(({ source, stored, pageCount, signed }) => (source === null ? [] : [{
      policyId: round.policyId,
      kind: source.kind,
      packVersion,
      templateId: source.templateId,
      templateVersion: source.templateVersion,
      templateIsBranchOverride: source.templateIsBranchOverride,
      storedName: stored.storedName,
      fileName: signed ? source.fileName.replace(/-v\d+\.pdf$/, `-firmado-v${packVersion}.pdf`) : source.fileName.replace(/-v\d+\.pdf$/, `-v${packVersion}.pdf`),
      size: stored.size,
      sha256: stored.sha256,
      pageCount,
      signed,
      createdBy: null,
    }])),
  );
  await repo.closeRound(tx, round.id, 'completed', now, packVersion);
  // A policy moved out of 'signature' meanwhile would have cancelled the round: it is in 'signature' here.
  if (state.status === 'signature') {
    // The signers completed it, not a user: the 412 of a stale form says 'Alguien más' (decision 023).
    await updatePolicyRow(tx, round.policyId, { status: 'active', updatedAt: now, updatedBy: null });
    await insertEvent(tx, { policyId: round.policyId, userId: null, fromStatus: 'signature', toStatus: 'active', changes: [], note: signingMessages.completedNote, bySystem: true });
  } else {
    await insertEvent(tx, { policyId: round.policyId, userId: null, fromStatus: null, toStatus: null, changes: [], note: signingMessages.completedNote, bySystem: true });
  }
  await notifySignatureCompleted(tx, { policyId: round.policyId, roundId: round.id });
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
    signers: signers.map((signer) => ({
      linkId: signer.linkId,
      party: signer.party,
      name: signer.signerName,
      email: signer.signerEmail,
      signedAt: signer.signedAt?.toISOString() ?? null,
      declinedAt: signer.declinedAt?.toISOString() ?? null,
      declineReason: signer.declineReason,
      locked: signer.lockedAt !== null,
    })),
  };
}
