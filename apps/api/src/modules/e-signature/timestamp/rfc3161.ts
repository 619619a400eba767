import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampToken } from './authority';

/*
 * RFC 3161 time-stamp requests and tokens, built and read with pkijs/asn1js (no home-made
 * ASN.1): the query for a SHA-256 with a nonce, and the checks of what comes back — status
 * granted, the same digest and nonce, the CMS signature valid and made by a certificate for
 * time-stamping.
 */

const sha256Oid = '2.16.840.1.101.3.4.2.1';
const tstInfoOid = '1.2.840.113549.1.9.16.1.4';
const timeStampingPurpose = '1.3.6.1.5.5.7.3.8';
const extKeyUsageOid = '2.5.29.37';

const hex = (view: ArrayBuffer | Uint8Array) => Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view)).toString('hex');
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

export class TimestampError extends Error {}

/** A TimeStampReq for a SHA-256 (hex), asking for the TSA's certificate, with a fresh 64-bit nonce. */
export function timestampQuery(digestHex: string): { der: ArrayBuffer; nonce: string } {
  const nonceBytes = crypto.randomBytes(8);
  // Positive and minimal as a DER INTEGER: the first byte in 0x40-0x7f.
  nonceBytes[0] = (nonceBytes[0]! & 0x3f) | 0x40;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: sha256Oid, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(Buffer.from(digestHex, 'hex')) }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonceBytes) }),
    certReq: true,
  });
  return { der: request.toSchema().toBER(), nonce: nonceBytes.toString('hex') };
}

/** The TimeStampResp's token, refused unless granted for exactly this digest and nonce and validly signed. */
export async function readTimestampReply(der: Uint8Array, expected: { digestHex: string; nonce: string }): Promise<TimestampToken> {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(arrayBuffer(der));
  } catch {
    throw new TimestampError('the answer is not a TimeStampResp');
  }
  const status = response.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = response.status.statusStrings?.map((item) => item.valueBlock.value).join('; ') ?? '';
    throw new TimestampError(`the TSA refused (status ${status}${text ? `: ${text}` : ''})`);
  }
  if (!response.timeStampToken) throw new TimestampError('the answer has no token');
  const tokenDer = new Uint8Array(response.timeStampToken.toSchema().toBER());
  const read = await readTimestampToken(tokenDer);
  if (read.digestHex !== expected.digestHex) throw new TimestampError('the token stamps another digest');
  if (read.nonce !== expected.nonce) throw new TimestampError('the token answers another request (nonce)');
  return { token: Buffer.from(tokenDer).toString('base64'), time: read.time, serial: read.serial, authority: read.authority };
}

export interface ReadToken {
  digestHex: string;
  nonce: string | null;
  time: Date;
  serial: string;
  authority: string;
}

/**
 * A TimeStampToken (DER) read and checked: a CMS SignedData over a TSTInfo with a SHA-256
 * imprint, whose signature is valid for the certificate it carries, that certificate being one
 * for time-stamping. Whether that TSA is to be trusted is the reader's call (its name is given).
 */
export async function readTimestampToken(der: Uint8Array): Promise<ReadToken> {
  let signed: pkijs.SignedData;
  let info: pkijs.TSTInfo;
  try {
    const content = pkijs.ContentInfo.fromBER(arrayBuffer(der));
    if (content.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new TimestampError('the token is not a SignedData');
    signed = new pkijs.SignedData({ schema: content.content });
    const encapsulated = signed.encapContentInfo;
    if (encapsulated.eContentType !== tstInfoOid || !encapsulated.eContent) throw new TimestampError('the token carries no TSTInfo');
    info = pkijs.TSTInfo.fromBER(encapsulated.eContent.getValue());
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw new TimestampError('the token cannot be read');
  }
  if (info.messageImprint.hashAlgorithm.algorithmId !== sha256Oid) throw new TimestampError('the token does not stamp a SHA-256');
  const signer = signerCertificate(signed);
  // pkijs verifies a token only against the stamped data itself, which the round does not keep
  // (only its SHA-256): the signature is verified as over plain content instead — the same
  // checks (the message-digest attribute over the TSTInfo's bytes, the signature over the signed
  // attributes) — and the imprint is compared with the digest by the callers.
  signed.encapContentInfo.eContentType = pkijs.ContentInfo.DATA;
  const valid = await signed.verify({ signer: 0, checkChain: false }).catch(() => false);
  if (!valid) throw new TimestampError('the token signature is not valid');
  return {
    digestHex: hex(info.messageImprint.hashedMessage.valueBlock.valueHexView),
    nonce: info.nonce ? hex(info.nonce.valueBlock.valueHexView) : null,
    time: info.genTime,
    serial: hex(info.serialNumber.valueBlock.valueHexView).replace(/^0+(?=.)/, '').toUpperCase(),
    authority: (info.tsa?.type === 4 ? distinguishedName(info.tsa.value as pkijs.RelativeDistinguishedNames) : '') || distinguishedName(signer.subject),
  };
}

/** The certificate of the token's one signer, which must be for time-stamping (RFC 3161 §2.3). */
function signerCertificate(signed: pkijs.SignedData): pkijs.Certificate {
  const sid = signed.signerInfos[0]?.sid;
  const certificates = (signed.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
  const found =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? certificates.find((certificate) => certificate.serialNumber.isEqual(sid.serialNumber) && certificate.issuer.isEqual(sid.issuer))
      : certificates[0];
  if (!found) throw new TimestampError('the token does not carry its signer certificate');
  const usage = found.extensions?.find((extension) => extension.extnID === extKeyUsageOid)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  if (!usage?.keyPurposes.includes(timeStampingPurpose)) throw new TimestampError('the token signer is not a time-stamping certificate');
  return found;
}

const attributeNames: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.8': 'ST',
  '2.5.4.7': 'L',
  '2.5.4.5': 'serialNumber',
};

/** A name as 'CN=…, O=…' (in the certificate's order), for the evidence page and /verificar. */
function distinguishedName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((item) => `${attributeNames[item.type] ?? item.type}=${String((item.value as { valueBlock: { value: unknown } }).valueBlock.value)}`)
    .join(', ')
    .slice(0, 300);
}
