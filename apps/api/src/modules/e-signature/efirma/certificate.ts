import { X509Certificate } from 'node:crypto';
import { Certificate } from '@nodecfdi/credentials/node';
import { efirmaMessages } from '@portal/domain';
import { invalidField } from '../../../lib/app-error';
import { issuerOf } from './trust-store';

/*
 * The signer's e.firma certificate (issue 35): read with node:crypto (the chain) and
 * @nodecfdi/credentials (what SAT writes in it: the RFC in x500UniqueIdentifier, the name, the
 * serial number as printable digits, CSD or e.firma), then checked against the trust store, the
 * server's clock and the signer recorded on the policy. Each refusal is a 400 naming `certificate`.
 */

export interface SignerCertificate {
  der: Buffer;
  x509: X509Certificate;
  rfc: string;
  /** The holder's CURP ('' for a persona moral, whose certificate names only its representative's). */
  curp: string;
  name: string;
  /** As SAT prints it: the serial's bytes when they are digits (they are in SAT's certificates), else hexadecimal. */
  serial: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
  isEfirma: boolean;
}

const refuse = (message: string) => invalidField('certificate', message);

/** The certificate sent (base64 DER) read, or 400 certificateInvalid. */
export function readCertificate(base64: string): SignerCertificate {
  const der = Buffer.from(base64, 'base64');
  try {
    const x509 = new X509Certificate(der);
    const sat = new Certificate(der.toString('base64'));
    const serial = sat.serialNumber();
    // serialNumber (2.5.4.5) holds 'CURP / ' (a person) or ' / CURP of the representative' (a company).
    const curp = String(sat.subjectData({ type: '2.5.4.5' })?.value ?? '').split('/')[0]!.trim();
    return {
      der,
      x509,
      rfc: sat.rfc().trim().toUpperCase(),
      curp: curp.toUpperCase(),
      name: String(sat.legalName() ?? sat.subjectData({ shortName: 'CN' })?.value ?? '').trim(),
      serial: serial.bytesArePrintable() ? serial.bytes() : serial.hexadecimal(),
      issuer: sat.issuerAsRfc4514(),
      validFrom: sat.validFrom(),
      validTo: sat.validTo(),
      isEfirma: sat.satType().isFiel(),
    };
  } catch {
    // Not X.509, not RSA (node-forge reads only RSA keys: SAT's are), or without the RFC SAT writes.
    throw refuse(efirmaMessages.certificateInvalid);
  }
}

/** Whose signature the round expects: the signer's RFC and CURP on the policy when the round started ('' when none). */
export interface ExpectedSigner {
  rfc: string;
  curp: string;
}

/**
 * The checks, in the order a person would fix them: SAT issued it, it is an e.firma (not a CSD),
 * it is valid now, and it is the signer's (their RFC, and their CURP when the policy has one).
 * Returns the authority that issued it (the OCSP request names it).
 */
export function checkCertificate(certificate: SignerCertificate, authorities: readonly X509Certificate[], expected: ExpectedSigner, now: Date): X509Certificate {
  const issuer = issuerOf(certificate.x509, authorities);
  if (!issuer) throw refuse(efirmaMessages.untrustedAuthority);
  if (!certificate.isEfirma) throw refuse(efirmaMessages.notEfirma);
  if (now.getTime() < certificate.validFrom.getTime()) throw refuse(efirmaMessages.notYetValid);
  if (now.getTime() > certificate.validTo.getTime()) throw refuse(efirmaMessages.expired);
  const rfc = expected.rfc.trim().toUpperCase();
  if (rfc === '') throw refuse(efirmaMessages.signerWithoutRfc);
  if (certificate.rfc !== rfc) throw refuse(efirmaMessages.rfcMismatch(certificate.rfc));
  const curp = expected.curp.trim().toUpperCase();
  if (curp !== '' && certificate.curp !== curp) throw refuse(efirmaMessages.curpMismatch(certificate.curp || '—'));
  return issuer;
}
