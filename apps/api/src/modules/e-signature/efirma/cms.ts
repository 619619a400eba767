import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { efirmaMessages } from '@portal/domain';
import { invalidField } from '../../../lib/app-error';
import type { SignerCertificate } from './certificate';

/*
 * One e.firma signature (issue 35): a detached CMS SignedData (RFC 5652) the signer's browser made
 * over a document's bytes. Read with pkijs; the signature itself checked with node:crypto over the
 * signed attributes, whose messageDigest must be the document's SHA-256 (the server never needs
 * the document's bytes: it knows their hash). SAT keys are RSA: SHA-256 with RSA is accepted.
 */

const oids = {
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  subjectKeyIdentifier: '2.5.29.14',
} as const;

export interface CheckedSignature {
  /** The time the signature claims (its signingTime attribute), if any: the signer's clock, not evidence. */
  signingTime: Date | null;
}

/**
 * Checks `der` is a detached signature by `certificate` of the document whose SHA-256 is
 * `documentSha256`; each refusal is a 400 naming `field` (signatures.N.cms).
 */
export function checkDetachedSignature(der: Buffer, certificate: SignerCertificate, documentSha256: string, field: string): CheckedSignature {
  const refuse = (message: string) => invalidField(field, message);
  const signerInfo = singleSignerInfo(der);
  if (!signerInfo) throw refuse(efirmaMessages.signatureInvalid);
  const signedAttributes = signerInfo.signedAttrs;
  const algorithm = signerInfo.signatureAlgorithm.algorithmId;
  if (signerInfo.digestAlgorithm.algorithmId !== oids.sha256 || (algorithm !== oids.rsaEncryption && algorithm !== oids.sha256WithRsa) || !signedAttributes) {
    throw refuse(efirmaMessages.signatureInvalid);
  }
  if (!namesCertificate(signerInfo.sid, certificate)) throw refuse(efirmaMessages.signatureNotByCertificate);
  const digest = attributeValue(signedAttributes, oids.messageDigest);
  if (!(digest instanceof asn1js.OctetString)) throw refuse(efirmaMessages.signatureInvalid);
  if (!Buffer.from(digest.valueBlock.valueHexView).equals(Buffer.from(documentSha256, 'hex'))) throw refuse(efirmaMessages.otherBytes);
  // encodedValue: the attributes as they were signed, their [0] tag already turned into a SET's.
  const signed = Buffer.from(signedAttributes.encodedValue);
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  if (!verifies(signed, certificate, signature)) throw refuse(efirmaMessages.signatureNotByCertificate);
  return { signingTime: signingTimeOf(signedAttributes) };
}

/** The one SignerInfo of a detached SignedData, or null when `der` is anything else. */
function singleSignerInfo(der: Buffer): pkijs.SignerInfo | null {
  try {
    const parsed = asn1js.fromBER(der);
    if (parsed.offset === -1 || parsed.offset !== der.length) return null;
    const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
    if (contentInfo.contentType !== oids.signedData) return null;
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    // Detached: the document is not inside; its hash is what the signed attributes name.
    if (signedData.encapContentInfo.eContent !== undefined || signedData.signerInfos.length !== 1) return null;
    return signedData.signerInfos[0]!;
  } catch {
    return null;
  }
}

/** Whether the signer identifier is this certificate (issuer and serial number, or its key identifier). */
function namesCertificate(sid: pkijs.SignerInfo['sid'], certificate: SignerCertificate): boolean {
  const own = pkijs.Certificate.fromBER(new Uint8Array(certificate.der));
  if (sid instanceof pkijs.IssuerAndSerialNumber) return sid.issuer.isEqual(own.issuer) && sid.serialNumber.isEqual(own.serialNumber);
  // [0] SubjectKeyIdentifier: the bytes of the certificate's own subjectKeyIdentifier extension.
  if (!(sid instanceof asn1js.Primitive)) return false;
  const keyIdentifier = own.extensions?.find((extension) => extension.extnID === oids.subjectKeyIdentifier)?.parsedValue as asn1js.OctetString | undefined;
  return keyIdentifier !== undefined && Buffer.from(sid.valueBlock.valueHexView).equals(Buffer.from(keyIdentifier.valueBlock.valueHexView));
}

function attributeValue(attributes: pkijs.SignedAndUnsignedAttributes, type: string): unknown {
  const matching = attributes.attributes.filter((attribute) => attribute.type === type);
  // RFC 5652 §11: one attribute of each of these types, with one value.
  if (matching.length !== 1 || matching[0]!.values.length !== 1) return undefined;
  return matching[0]!.values[0];
}

function verifies(signed: Buffer, certificate: SignerCertificate, signature: Buffer): boolean {
  try {
    return crypto.verify('sha256', signed, certificate.x509.publicKey, signature);
  } catch {
    return false;
  }
}

function signingTimeOf(attributes: pkijs.SignedAndUnsignedAttributes): Date | null {
  const value = attributeValue(attributes, oids.signingTime);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) {
    const date = value.toDate();
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}
