import forge from 'node-forge';
import { efirmaMessages, signingMessages, type EfirmaSignInput } from '@portal/domain';
import { EfirmaError } from './efirma-error';

/*
 * Signing with the SAT e.firma in the browser (issue 35, decision 030). Loaded only when the signer
 * signs (a dynamic import: node-forge stays out of every first screen). The private key and its
 * password never leave this module: what goes to the server is the certificate, which is public,
 * and one detached CMS/PKCS#7 SignedData per document. No cryptography is written here; node-forge
 * does it all. Its "binary strings" (one character a byte) are how it takes and gives bytes.
 */

const { asn1, pki } = forge;

/** What the signer chose: their .cer and .key files (the bytes as read) and the key's password. */
interface EfirmaCredentialFiles {
  certificate: Uint8Array;
  key: Uint8Array;
  password: string;
}

/** A document the signer signs: its kind, and the SHA-256 (hex) the signing view says it has. */
interface DocumentToSign<K extends string = string> {
  kind: K;
  sha256: string;
}

interface Credentials {
  certificate: forge.pki.Certificate;
  certificateDer: string;
  key: forge.pki.rsa.PrivateKey;
}

/** Bytes as node-forge's binary string, in slices (String.fromCharCode takes only so many arguments). */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return text;
}

/** The .cer as SAT issues it: an X.509 certificate in DER. */
function readCertificate(der: string): forge.pki.Certificate {
  try {
    return pki.certificateFromAsn1(asn1.fromDer(der));
  } catch {
    throw new EfirmaError(efirmaMessages.badCertificateFile);
  }
}

/** Whether the DER is shaped as PKCS#8's EncryptedPrivateKeyInfo: SEQUENCE { algorithm SEQUENCE, data OCTET STRING }. */
function isEncryptedPrivateKeyInfo(value: forge.asn1.Asn1): boolean {
  const [algorithm, data] = Array.isArray(value.value) ? value.value : [];
  return value.type === asn1.Type.SEQUENCE && algorithm?.type === asn1.Type.SEQUENCE && data?.type === asn1.Type.OCTETSTRING;
}

/**
 * The password as node-forge wants it for the key's scheme. SAT's keys are PBES2 (PBKDF2, 3DES),
 * whose key comes from the password's bytes: UTF-8, as OpenSSL takes them. Keys made with PKCS#12's
 * PBE (pbeWithSHAAnd3-KeyTripleDES-CBC) come from its characters, which node-forge encodes itself.
 * Both are the same for an ASCII password; for one with an 'ñ' or an accent only one decrypts.
 */
const passwordCandidates = (password: string) => [...new Set([forge.util.encodeUtf8(password), password])];

/**
 * The SAT .key: a PKCS#8 EncryptedPrivateKeyInfo in DER, decrypted with the password. A wrong
 * password either fails the decryption's padding (node-forge answers null or throws) or yields
 * bytes that are not a key (privateKeyFromAsn1 throws); both mean the same to the signer.
 */
function decryptKey(der: string, password: string): forge.pki.rsa.PrivateKey {
  let encrypted: forge.asn1.Asn1;
  try {
    encrypted = asn1.fromDer(der);
  } catch {
    throw new EfirmaError(efirmaMessages.badKeyFile);
  }
  if (!isEncryptedPrivateKeyInfo(encrypted)) throw new EfirmaError(efirmaMessages.badKeyFile);
  for (const candidate of passwordCandidates(password)) {
    try {
      const info = pki.decryptPrivateKeyInfo(encrypted, candidate) as forge.asn1.Asn1 | null;
      if (info) return pki.privateKeyFromAsn1(info);
    } catch {
      // Not this encoding of the password: try the next, then say it is wrong.
    }
  }
  throw new EfirmaError(efirmaMessages.wrongPassword);
}

/**
 * The certificate and its private key, checked to be a pair: the key's RSA modulus and exponent
 * are the certificate's public key's. Signing with another person's key would only be refused by
 * the server, after the signer had waited for it.
 */
function openCredentials(files: EfirmaCredentialFiles): Credentials {
  const certificateDer = binaryString(files.certificate);
  const certificate = readCertificate(certificateDer);
  const key = decryptKey(binaryString(files.key), files.password);
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  if (!publicKey.n.equals(key.n) || !publicKey.e.equals(key.e)) throw new EfirmaError(efirmaMessages.keyNotForCertificate);
  return { certificate, certificateDer, key };
}

/**
 * One document's detached CMS SignedData (the bytes are not inside it), after checking that the
 * bytes are the ones the signer was shown: their SHA-256 must be the view's, else the documents
 * changed since the page was opened and the signer must read them again.
 */
function signDocument(credentials: Credentials, bytes: Uint8Array, expectedSha256: string): string {
  const content = binaryString(bytes);
  const sha256 = forge.md.sha256.create().update(content).digest().toHex();
  if (sha256 !== expectedSha256) throw new EfirmaError(signingMessages.packChanged);
  const signedData = forge.pkcs7.createSignedData();
  signedData.content = forge.util.createBuffer(content);
  // The certificate travels inside the signature, so anyone can check it without our server.
  signedData.addCertificate(credentials.certificate);
  signedData.addSigner({
    key: credentials.key,
    certificate: credentials.certificate,
    digestAlgorithm: pki.oids.sha256!,
    // Signed attributes: what is signed (data), its SHA-256 and when (node-forge fills both in).
    authenticatedAttributes: [{ type: pki.oids.contentType!, value: pki.oids.data! }, { type: pki.oids.messageDigest! }, { type: pki.oids.signingTime! }],
  });
  signedData.sign({ detached: true });
  return forge.util.encode64(asn1.toDer(signedData.toAsn1()).getBytes());
}

/**
 * The body of POST …/signing/efirma: the credentials are opened first (a wrong password, a key
 * that is not the certificate's: nothing is read nor sent), then each document is read and signed.
 */
export async function signDocumentsWithEfirma<K extends string>(
  files: EfirmaCredentialFiles,
  documents: ReadonlyArray<DocumentToSign<K>>,
  readDocument: (kind: K) => Promise<Uint8Array>,
): Promise<EfirmaSignInput> {
  const credentials = openCredentials(files);
  const signatures: EfirmaSignInput['signatures'] = [];
  for (const document of documents) {
    signatures.push({ documentSha256: document.sha256, cms: signDocument(credentials, await readDocument(document.kind), document.sha256) });
  }
  return { certificate: forge.util.encode64(credentials.certificateDer), signatures };
}
