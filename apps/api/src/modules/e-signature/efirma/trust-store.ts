import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../../config';

/*
 * The certificate authorities an e.firma must chain to (issue 35): the PEM bundle EFIRMA_CA_CERTS
 * names, read once when the app is built (a bundle that cannot be read, or holds no authority,
 * stops the start with the reason). The deployer fills it with SAT's published AC certificates
 * (docs/DEPLOY.md); every certificate in it is trusted as an issuer, so it may hold the
 * intermediates that sign people's e.firma beside the roots.
 */

export interface EfirmaSettings {
  /** The bundle's certificates, each an authority (basicConstraints CA). */
  authorities: X509Certificate[];
  /** SAT's OCSP responder (EFIRMA_OCSP_URL); undefined: revocation is not checked, and the evidence says so. */
  ocspUrl: string | undefined;
}

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const oneLine = (name: string) => name.split('\n').join(', ');

/** Reads the bundle: a ConfigError (Spanish, naming the file) when it cannot be used. */
export function loadEfirmaSettings(settings: { caCertsPath: string; ocspUrl: string | undefined }): EfirmaSettings {
  const file = settings.caCertsPath;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new ConfigError(`EFIRMA_CA_CERTS: no se pudo leer ${file} (${reason})`);
  }
  const blocks = text.match(pemBlock) ?? [];
  if (blocks.length === 0) {
    throw new ConfigError(`EFIRMA_CA_CERTS: ${file} no contiene ningún certificado en PEM (-----BEGIN CERTIFICATE-----). Convierta cada .cer del SAT con: openssl x509 -inform DER -in archivo.cer -out archivo.pem`);
  }
  const authorities = blocks.map((block, index) => {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(block);
    } catch {
      throw new ConfigError(`EFIRMA_CA_CERTS: el certificado ${index + 1} de ${file} no es un certificado X.509 válido`);
    }
    if (!certificate.ca) throw new ConfigError(`EFIRMA_CA_CERTS: el certificado ${index + 1} de ${file} (${oneLine(certificate.subject)}) no es de una autoridad certificadora`);
    return certificate;
  });
  return { authorities, ocspUrl: settings.ocspUrl };
}

/** The authority of the bundle that issued `certificate` (its name and its signature checked), or null. */
export function issuerOf(certificate: X509Certificate, authorities: readonly X509Certificate[]): X509Certificate | null {
  return authorities.find((authority) => certificate.checkIssued(authority) && certificate.verify(authority.publicKey)) ?? null;
}
