import crypto from 'node:crypto';
import { contractDocumentKinds, contractDocumentLabels, signingSubjectLabels, type ContractDocumentKind, type LinkParty, type RevocationStatus, type TimestampStatus } from '@portal/domain';
import type * as repo from './repository';

/*
 * A signing round's evidence (issues 17 and 35): what each signer did, as the evidence page prints
 * it, and the one digest over all of it that the time-stamp covers.
 */

/** One e.firma signature (a .p7s) of a signer: what it covers and the SHA-256 of the .p7s itself. */
export interface EfirmaSignatureDigest {
  linkId: number;
  /** A document kind of the round, 'move_out', or 'pack' for the whole pack. */
  covers: string;
  cmsSha256: string;
}

interface EfirmaEvidence {
  holder: string;
  rfc: string;
  serial: string;
  revocation: RevocationStatus | null;
  signatures: Array<{ label: string; cmsSha256: string }>;
}

export interface SignerEvidence {
  name: string;
  party: LinkParty;
  email: string;
  ip: string;
  userAgent: string;
  signedAt: Date;
  signature: { kind: 'drawn'; image: string } | { kind: 'typed'; text: string } | { kind: 'efirma'; certificate: EfirmaEvidence };
  packSha256: string;
}

/** The round's time-stamp over the evidence digest, as taken when the last signer signed. */
export type RoundTimestamp =
  | { status: Exclude<TimestampStatus, 'stamped'>; digest: string }
  | { status: 'stamped'; digest: string; token: string; time: Date; serial: string; authority: string };

/** What the signatures page and the evidence page are drawn from. */
export interface EvidenceFacts {
  folio: string;
  roundId: number;
  packVersion: number;
  packSha256: string;
  /** A contract of the pack, or a document signed on its own ('move_out': the acta de entrega). */
  documents: Array<{ kind: ContractDocumentKind | 'move_out'; fileName: string; sha256: string }>;
  signers: SignerEvidence[];
  /** /verificar/{code} for this round (issue 35), printed with its QR; null for a round made without a code. */
  verificationUrl: string | null;
  /** The time-stamp over the evidence digest (issue 35), or why there is none. */
  timestamp: RoundTimestamp;
}

/** What an e.firma signature's `covers` names, in words. */
export function coversLabel(covers: string): string {
  if (covers === 'pack') return 'Paquete completo';
  if (covers === 'move_out') return signingSubjectLabels.move_out;
  return (contractDocumentKinds as readonly string[]).includes(covers) ? contractDocumentLabels[covers as ContractDocumentKind] : covers;
}

export const isEfirmaSigner = (signer: repo.RoundSigner) => signer.signatureKind === 'efirma' || signer.method === 'efirma';

/** A signer's evidence from their row and their e.firma signatures (none for a simple signature). */
export function evidenceOf(signer: repo.RoundSigner, efirma: EfirmaSignatureDigest[]): SignerEvidence {
  const common = {
    name: signer.signerName,
    party: signer.party,
    email: signer.signerEmail,
    ip: signer.ip ?? '',
    userAgent: signer.userAgent ?? '',
    signedAt: signer.signedAt!,
    packSha256: signer.packSha256 ?? '',
  };
  if (isEfirmaSigner(signer)) {
    const signatures = efirma
      .filter((item) => item.linkId === signer.linkId)
      .map((item) => ({ label: coversLabel(item.covers), cmsSha256: item.cmsSha256 }))
      .sort((a, b) => a.cmsSha256.localeCompare(b.cmsSha256));
    const certificate = { holder: signer.certificateName ?? signer.signerName, rfc: signer.certificateRfc ?? '', serial: signer.certificateSerial ?? '', revocation: signer.revocation, signatures };
    return { ...common, signature: { kind: 'efirma', certificate } };
  }
  return { ...common, signature: signer.signatureKind === 'drawn' ? { kind: 'drawn', image: signer.signatureImage ?? '' } : { kind: 'typed', text: signer.signatureText ?? signer.signerName } };
}

const methodOf = (signer: SignerEvidence) => (signer.signature.kind === 'efirma' ? 'efirma' : 'simple');

/**
 * The canonical text of a round's evidence, one line each, UTF-8, joined by '\n':
 *
 *   portal-de-polizas/evidencia/v1
 *   paquete <SHA-256 of the pack shown to the signers>
 *   documento <SHA-256 of each original document, in the pack's order>
 *   firmante <name>|<simple|efirma>|<signing time, ISO 8601 UTC>|<SHA-256 of each .p7s, sorted, comma-separated>
 *
 * Everything in it is printed on the evidence page, so anyone holding the signed PDF can rebuild
 * the text and check its SHA-256 against the time-stamp's.
 */
export function canonicalEvidence(packSha256: string, documentSha256s: string[], signers: SignerEvidence[]): string {
  const oneLine = (text: string) => text.normalize('NFC').replace(/[\r\n|]+/g, ' ').trim();
  return [
    'portal-de-polizas/evidencia/v1',
    `paquete ${packSha256}`,
    ...documentSha256s.map((sha256) => `documento ${sha256}`),
    ...signers.map((signer) => {
      const digests = signer.signature.kind === 'efirma' ? signer.signature.certificate.signatures.map((item) => item.cmsSha256).join(',') : '';
      return `firmante ${oneLine(signer.name)}|${methodOf(signer)}|${signer.signedAt.toISOString()}|${digests}`;
    }),
  ].join('\n');
}

export const evidenceDigest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
