import crypto from 'node:crypto';
import { efirmaMessages, type EfirmaSignInput, type RevocationStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { invalidField } from '../../../lib/app-error';
import type { SignerContext } from '../signer-context';
import { checkCertificate, readCertificate, type SignerCertificate } from './certificate';
import { checkDetachedSignature } from './cms';
import { roundDocuments, type DocumentKind } from './documents';
import { revocationStatus } from './ocsp';
import type { EfirmaSettings } from './trust-store';

/*
 * Everything an e.firma submission must pass before anything is written (issue 35): the
 * certificate (SAT's, an e.firma, valid now, the signer's), each signature (a detached CMS by that
 * certificate over a document of the round this signer signs, or over the whole pack), every one
 * of the signer's documents covered, and — when EFIRMA_OCSP_URL is set — SAT not reporting the
 * certificate revoked. The first failure is the answer, naming its field.
 */

export interface SubmittedSignature {
  documentSha256: string;
  der: Buffer;
  /** SHA-256 of the .p7s: how the same signature is recognised when sent again. */
  cmsSha256: string;
}

interface VerifiedSignature extends SubmittedSignature {
  /** The document kind it covers, or 'pack' for the round's whole pack. */
  covers: DocumentKind | 'pack';
  claimedSigningTime: Date | null;
}

export interface VerifiedSubmission {
  certificate: SignerCertificate;
  /** One per document signed: a signature sent twice counts once (the first). */
  signatures: VerifiedSignature[];
  revocation: RevocationStatus;
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The request's signatures decoded (the schema checked their base64 form). */
export const submittedSignatures = (input: EfirmaSignInput): SubmittedSignature[] =>
  input.signatures.map((signature) => {
    const der = Buffer.from(signature.cms.trim(), 'base64');
    return { documentSha256: signature.documentSha256, der, cmsSha256: sha256(der) };
  });

export async function verifySubmission(
  db: Executor,
  settings: EfirmaSettings,
  context: SignerContext,
  input: { certificate: string; signatures: SubmittedSignature[] },
  onOcspUnavailable: (reason: unknown) => void,
  now: Date,
): Promise<VerifiedSubmission> {
  const { round, signature: signer, link } = context;
  const certificate = readCertificate(input.certificate.trim());
  const issuer = checkCertificate(certificate, settings.authorities, { rfc: signer.expectedRfc, curp: signer.expectedCurp }, now);

  const mine = (await roundDocuments(db, round, link.folio)).filter((document) => signer.documentKinds.includes(document.kind));
  const coverOf = (documentSha256: string): VerifiedSignature['covers'] | null =>
    mine.find((document) => document.sha256 === documentSha256)?.kind ?? (documentSha256 === round.packSha256 ? 'pack' : null);

  const verified: VerifiedSignature[] = [];
  for (const [index, submitted] of input.signatures.entries()) {
    const covers = coverOf(submitted.documentSha256);
    if (!covers) throw invalidField(`signatures.${index}.documentSha256`, efirmaMessages.unknownDocument);
    const { signingTime } = checkDetachedSignature(submitted.der, certificate, submitted.documentSha256, `signatures.${index}.cms`);
    if (!verified.some((earlier) => earlier.documentSha256 === submitted.documentSha256)) verified.push({ ...submitted, covers, claimedSigningTime: signingTime });
  }
  const packSigned = verified.some((signature) => signature.covers === 'pack');
  const missing = mine.find((document) => !packSigned && !verified.some((signature) => signature.covers === document.kind));
  if (missing) throw invalidField('signatures', efirmaMessages.missingDocument(missing.label));

  const revocation = settings.ocspUrl ? await revocationStatus(certificate.x509, issuer, { url: settings.ocspUrl, authorities: settings.authorities }, onOcspUnavailable, now) : 'not_checked';
  if (revocation === 'revoked') throw invalidField('certificate', efirmaMessages.revoked);
  // A certificate SAT's responder does not know is not one SAT issued as it says.
  if (revocation === 'unknown') throw invalidField('certificate', efirmaMessages.revocationUnknown);
  return { certificate, signatures: verified, revocation };
}
