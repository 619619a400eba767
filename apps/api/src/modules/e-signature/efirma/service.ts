import { Readable } from 'node:stream';
import { efirmaMessages, signingMessages, type EfirmaSignInput, type SigningView } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, notFound } from '../../../lib/app-error';
import type { FileStore } from '../../../lib/file-store';
import { relockLink } from '../../public-links/index';
import { efirmaSignaturesOf, insertEfirmaSignatures } from '../repository';
import { discard, discardUnused, drawIfLast, recordSigned, type DrawnDocument, type SignedValues } from '../completion';
import type { CompletionServices } from '../completion-services';
import { viewOf } from '../service';
import { codeFresh, ensureCanAct, signerContext, signingLink, type SignerContext } from '../signer-context';
import { roundDocuments, type DocumentKind, type RoundDocument } from './documents';
import type { EfirmaSettings } from './trust-store';
import { submittedSignatures, verifySubmission, type SubmittedSignature, type VerifiedSubmission } from './verify';

/*
 * Signing with the SAT e.firma by link (issue 35, decision 030): the signer's browser signs each
 * document (or the whole pack) with their e.firma and sends the certificate and the detached
 * signatures; the server verifies everything first (verify.ts), then keeps each .p7s in the file
 * store, records the signatures and the certificate on the signer, and finishes like the simple
 * signature does (completion.ts: the next turn, or the signed pack when they were the last).
 */

export interface EfirmaDeps {
  db: Db;
  files: FileStore;
  /** What completing the round needs when this signer is the last (the evidence page, the time-stamp). */
  services: CompletionServices;
  /** Undefined: this server does not verify e.firma (EFIRMA_CA_CERTS unset). */
  settings: EfirmaSettings | undefined;
  onDiscardError: (error: unknown, storedName: string) => void;
  onOcspUnavailable: (reason: unknown) => void;
}

/** What the simple signature checks too, and that this signer signs with e.firma. */
async function ensureMaySign(db: Executor, context: SignerContext, now: Date): Promise<void> {
  await ensureCanAct(db, context, now);
  if (context.signature.method !== 'efirma') throw conflict(efirmaMessages.notEfirmaSigner);
  if (!codeFresh(context.signature, now)) throw conflict(signingMessages.codeNotVerified);
}

/** A retry of a signature already recorded (the answer to the first was lost): every signature sent is on record. */
async function alreadyRecorded(db: Executor, context: SignerContext, submitted: SubmittedSignature[]): Promise<boolean> {
  if (context.signature.signedAt === null || context.signature.method !== 'efirma') return false;
  const recorded = await efirmaSignaturesOf(db, context.signature.linkId);
  return submitted.every((signature) => recorded.some((row) => row.documentSha256 === signature.documentSha256 && row.cmsSha256 === signature.cmsSha256));
}

/** POST /api/public/links/{token}/signing/efirma: the signing view once the signature is recorded. */
export async function signWithEfirma(deps: EfirmaDeps, token: string, input: EfirmaSignInput, origin: { ip: string; userAgent: string }): Promise<SigningView> {
  const { db, files, settings } = deps;
  const now = new Date();
  const link = await signingLink(db, token);
  if (!settings) throw conflict(efirmaMessages.unconfigured);
  const submitted = submittedSignatures(input);
  const context = await signerContext(db, link);
  if (await alreadyRecorded(db, context, submitted)) return viewOf(db, link);
  await ensureMaySign(db, context, now);
  // Read-only and outside any transaction: the OCSP request may take seconds.
  const verified = await verifySubmission(db, settings, context, { certificate: input.certificate, signatures: submitted }, deps.onOcspUnavailable, now);
  const values = signedValues(verified, context, origin, now);

  const p7s: string[] = [];
  const written: string[] = [];
  try {
    const stored = await storeSignatures(files, verified, p7s);
    // The drawing made early prints this signer's signature digests too: their rows are not written yet.
    const pending = verified.signatures.map((signature) => ({ covers: signature.covers, cmsSha256: signature.cmsSha256 }));
    const early = await drawIfLast(db, deps.services, link, values, written, pending);
    let used: DrawnDocument[] = [];
    let retry = false;
    await db.transaction(async (tx) => {
      // Locks the link, then the round and the signer: as the simple signature does.
      const locked = await signerContext(tx, await relockLink(tx, link), true);
      if (await alreadyRecorded(tx, locked, submitted)) {
        retry = true;
        return;
      }
      await ensureMaySign(tx, locked, now);
      await insertEfirmaSignatures(
        tx,
        verified.signatures.map((signature, index) => ({
          linkId: locked.signature.linkId,
          roundId: locked.round.id,
          documentSha256: signature.documentSha256,
          covers: signature.covers,
          storedName: stored[index]!,
          cmsSha256: signature.cmsSha256,
          size: signature.der.length,
          claimedSigningTime: signature.claimedSigningTime,
        })),
      );
      used = await recordSigned(tx, deps.services, locked, values, early, written);
    });
    // Committed: the .p7s files are the rows' now, unless the rows were a retry's of an earlier request.
    const unrecorded = p7s.splice(0);
    if (retry) await discard(files, unrecorded, deps.onDiscardError);
    await discardUnused(files, written, used, deps.onDiscardError);
    return await viewOf(db, link);
  } catch (error) {
    await discard(files, [...p7s, ...written], deps.onDiscardError);
    throw error;
  }
}

/** What the signer's row records: the request's evidence and what the server read and checked of the certificate. */
function signedValues({ certificate, revocation }: VerifiedSubmission, context: SignerContext, origin: { ip: string; userAgent: string }, now: Date): SignedValues {
  return {
    signedAt: now,
    ip: origin.ip.slice(0, 64),
    userAgent: origin.userAgent.slice(0, 500),
    signatureKind: 'efirma',
    signatureImage: null,
    signatureText: null,
    packSha256: context.round.packSha256,
    certificateDer: certificate.der.toString('base64'),
    certificateSerial: certificate.serial.slice(0, 64),
    certificateRfc: certificate.rfc.slice(0, 13),
    certificateCurp: certificate.curp.slice(0, 18),
    certificateName: certificate.name.slice(0, 254),
    certificateIssuer: certificate.issuer.slice(0, 500),
    certificateValidTo: certificate.validTo,
    revocation,
    revocationCheckedAt: revocation === 'not_checked' ? null : now,
  };
}

/** Each signature's .p7s kept in the file store (its name pushed to `written` at once, to be removed on failure). */
async function storeSignatures(files: FileStore, verified: VerifiedSubmission, written: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const signature of verified.signatures) {
    const stored = await files.save(Readable.from([signature.der]), { accept: ['p7s'], wasTruncated: () => false });
    written.push(stored.storedName);
    names.push(stored.storedName);
  }
  return names;
}

/** GET /api/public/links/{token}/signing/documents/{kind}: one document of the round as stored (404 when not in it). */
export async function signingDocument(db: Db, token: string, kind: DocumentKind): Promise<RoundDocument & { storedName: string }> {
  const { round, link } = await signerContext(db, await signingLink(db, token));
  const document = (await roundDocuments(db, round, link.folio)).find((candidate) => candidate.kind === kind);
  if (!document?.storedName) throw notFound(efirmaMessages.documentNotInRound);
  return { ...document, storedName: document.storedName };
}
