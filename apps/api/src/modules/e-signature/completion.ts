import { contractDocumentLabels, policyMessages, signingMessages } from '@portal/domain';
import { readTogether, type Db, type Executor } from '../../db/client';
import { ensure, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { notifySignatureCompleted } from '../notifications/index';
import { insertEvent, updatePolicyRow } from '../policies/index';
import type { ActiveLink } from '../public-links/index';
import type { CompletionServices } from './completion-services';
import { completeOwnDocument, documentFileName, drawSignedOwnDocument } from './document-rounds';
import { canonicalEvidence, evidenceDigest, evidenceOf, type EfirmaSignatureDigest, type EvidenceFacts, type RoundTimestamp } from './evidence';
import { roundEfirmaDigests, saveRoundTimestamp } from './repository/evidence';
import { signedDocument } from './pdf';
import * as repo from './repository';
import { stampEvidence } from './timestamp/authority';
import { readStored, storePdf } from './rounds';
import { codeFresh, signerContext, type SignerContext } from './signer-context';
import { openNextTurn } from './turns';

/*
 * A signer's signature recorded and, with the last one, the round's end (issue 17): each signed
 * document stamped with the signatures page and the evidence page, stored as the policy's new
 * pack version, and the policy made active. The simple signature and the e.firma (issue 35) both
 * end here.
 */

export async function discard(files: FileStore, written: string[], onError: (error: unknown, storedName: string) => void): Promise<void> {
  for (const storedName of written) await files.remove(storedName).catch((error: unknown) => onError(error, storedName));
}

/** What a drawn pack was drawn from: the signers, their signing times, and the evidence digest (which covers the rest). */
const drawingKey = (signers: repo.RoundSigner[], digest: string) => `${signers.map((signer) => `${signer.linkId}:${signer.signedAt?.toISOString()}`).join(',')}#${digest}`;

export interface DrawnDocument {
  /** The pack's document it was drawn from; null for a round's own document. */
  source: repo.PackDocument | null;
  stored: { storedName: string; size: number; sha256: string };
  pageCount: number;
  signed: boolean;
}

/** What one signer's signature writes on their row: the evidence of the simple signature or of the e.firma. */
export type SignedValues = Partial<repo.SignatureRow> & { signedAt: Date };

/** An e.firma signature of the signer being recorded, not in the database yet: what it covers and its .p7s's SHA-256. */
export type PendingEfirmaSignature = Omit<EfirmaSignatureDigest, 'linkId'>;

export interface EarlyDrawing {
  key: string;
  documents: DrawnDocument[];
  /** Taken once, before drawing: the stored drawing prints this very stamp, and the round keeps it. */
  timestamp: RoundTimestamp;
}

/**
 * When every other signer has signed, stamps the evidence and draws the signed pack as it will be
 * once this signer's evidence is recorded, outside any transaction (the time-stamping authority
 * and the drawing take their time without holding a lock). Null when this signer is not the last
 * (or the request will be refused anyway: the transaction checks everything again). `efirma`: this
 * signer's e.firma signatures, which their request records (in the transaction, before recordSigned).
 */
export async function drawIfLast(db: Db, services: CompletionServices, link: ActiveLink, mine: SignedValues, written: string[], efirma: PendingEfirmaSignature[] = []): Promise<EarlyDrawing | null> {
  const context = await signerContext(db, link).catch(() => null);
  if (!context || context.round.status !== 'open' || (mine.packSha256 !== undefined && mine.packSha256 !== context.round.packSha256)) return null;
  const { signedAt, lockedAt } = context.signature;
  // Only for a request that will be accepted: a refused one should not cost the drawing.
  if (signedAt || lockedAt || !codeFresh(context.signature, mine.signedAt)) return null;
  const signers = await repo.roundSigners(db, context.round.id);
  if (signers.some((signer) => signer.linkId !== context.link.id && signer.signedAt === null)) return null;
  const expected = signers.map((signer) => (signer.linkId === context.link.id ? { ...signer, ...mine } : signer));
  const recorded = (await roundEfirmaDigests(db, context.round.id)).filter((item) => item.linkId !== context.link.id);
  const evidence = await roundEvidence(db, context.round, expected, [...recorded, ...efirma.map((item) => ({ ...item, linkId: context.link.id }))]);
  const timestamp = await stampEvidence(services.timestamps, evidence.digest, services.log);
  return { key: drawingKey(expected, evidence.digest), timestamp, documents: await drawSignedPack(services, context.round, evidence, timestamp, written) };
}

/**
 * In the signer's transaction (their context locked): their evidence recorded, their link
 * finished, the next signer's turn opened, and — when they were the last — the signed pack stored
 * (the early drawing when it was drawn from this very evidence), its time-stamp kept and the
 * round completed. An e.firma signer's signatures are recorded before this is called. Returns the
 * documents stored, so the caller discards the drawings it did not use.
 */
export async function recordSigned(tx: Executor, services: CompletionServices, context: SignerContext, values: SignedValues, early: EarlyDrawing | null, written: string[]): Promise<DrawnDocument[]> {
  const { signature: row, round } = context;
  await repo.updateSignature(tx, row.linkId, values);
  await repo.finishLinks(tx, [row.linkId], values.signedAt);
  const signers = await repo.roundSigners(tx, round.id);
  if (signers.some((signer) => signer.signedAt === null)) {
    await openNextTurn(tx, round, signers, values.signedAt);
    return [];
  }
  const evidence = await roundEvidence(tx, round, signers, await roundEfirmaDigests(tx, round.id));
  let drawing: Omit<EarlyDrawing, 'key'>;
  if (early && early.key === drawingKey(signers, evidence.digest)) drawing = early;
  else {
    // Another signer signed between the early drawing and this transaction (rare): stamped and
    // drawn here, the authority's wait (bounded by its timeout) holding the round's lock.
    const timestamp = await stampEvidence(services.timestamps, evidence.digest, services.log);
    drawing = { timestamp, documents: await drawSignedPack(services, round, evidence, timestamp, written) };
  }
  await completeRound(tx, round, drawing.documents, values.signedAt);
  await saveRoundTimestamp(tx, round.id, drawing.timestamp);
  return drawing.documents;
}

/** After the transaction: the drawings not stored in the end (another signer signed in between) removed. */
export async function discardUnused(files: FileStore, written: string[], used: DrawnDocument[], onError: (error: unknown, storedName: string) => void): Promise<void> {
  const kept = new Set(used.map((document) => document.stored.storedName));
  await discard(files, written.filter((storedName) => !kept.has(storedName)), onError);
  written.length = 0;
}

interface RoundEvidence {
  /** Every document of the round's pack version (none for a round's own document). */
  sources: repo.PackDocument[];
  facts: Omit<EvidenceFacts, 'verificationUrl' | 'timestamp'>;
  /** The SHA-256 of the evidence's canonical text: what the time-stamp covers. */
  digest: string;
}

/** What the evidence page will say of the round, and its digest. */
async function roundEvidence(db: Executor, round: repo.RoundRow, signers: repo.RoundSigner[], efirma: EfirmaSignatureDigest[]): Promise<RoundEvidence> {
  const own = round.subject !== 'contracts';
  const [documents, state] = await readTogether(db, [() => (own ? Promise.resolve([]) : repo.packDocuments(db, round.policyId, round.packVersion)), () => repo.policySigningState(db, round.policyId)]);
  const folio = state?.folio ?? '';
  const facts = {
    folio,
    roundId: round.id,
    packVersion: own ? 0 : round.packVersion,
    packSha256: round.packSha256,
    documents: own
      ? [{ kind: 'move_out' as const, fileName: documentFileName(round, folio), sha256: round.packSha256 }]
      : documents.filter((document) => round.documentKinds.includes(document.kind)).map((document) => ({ kind: document.kind, fileName: document.fileName, sha256: document.sha256 })),
    signers: signers.map((signer) => evidenceOf(signer, efirma)),
  };
  const digest = evidenceDigest(canonicalEvidence(facts.packSha256, facts.documents.map((document) => document.sha256), facts.signers));
  return { sources: documents, facts, digest };
}

/**
 * Every document of the round's pack version for the new version: the signed ones with the
 * signatures and evidence pages, the others (the pagarés when left out) unchanged, each stored
 * under a new name.
 */
async function drawSignedPack(services: CompletionServices, round: repo.RoundRow, evidence: RoundEvidence, timestamp: RoundTimestamp, written: string[]): Promise<DrawnDocument[]> {
  const { files } = services;
  const verificationUrl = round.verificationCode ? `${services.publicBaseUrl}/verificar/${round.verificationCode}` : null;
  const facts: EvidenceFacts = { ...evidence.facts, verificationUrl, timestamp };
  if (round.subject !== 'contracts') return [await drawSignedOwnDocument(files, round, facts, written)];
  const drawn: DrawnDocument[] = [];
  for (const source of evidence.sources) {
    const original = await readStored(files, source.storedName);
    const signed = round.documentKinds.includes(source.kind);
    const result = signed ? await signedDocument(original, facts, `${contractDocumentLabels[source.kind]} ${facts.folio} (firmado)`) : { bytes: original, pageCount: source.pageCount };
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
