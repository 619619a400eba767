import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { SigningView } from '@portal/domain';

/*
 * Test e.firma files: an RSA key and a certificate shaped like SAT's (RFC in x500UniqueIdentifier,
 * CURP in serialNumber), and the key encrypted two ways: as SAT ships it (PKCS#8
 * EncryptedPrivateKeyInfo, PBES2 with PBKDF2 and 3DES, DER; made by Node's OpenSSL) and with
 * node-forge's '3des' (PKCS#12's PBE). And a reader of the detached CMS the page sends, to check
 * it as a verifier would.
 */

const { asn1, pki } = forge;

const bytesOf = (binary: string) => Uint8Array.from(binary, (character) => character.charCodeAt(0));

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export interface TestEfirma {
  certificateDer: Uint8Array<ArrayBuffer>;
  cerFile: File;
  /** The .key as SAT ships it, encrypted with `password`. */
  keyFile: File;
  /** The same key encrypted with node-forge's '3des' (PKCS#12 PBE). */
  pkcs12KeyFile: File;
  password: string;
}

const newRsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 }).privateKey;
const forgeKey = (key: KeyObject) => pki.privateKeyFromPem(key.export({ type: 'pkcs8', format: 'pem' }) as string);

/** PBES2 (PBKDF2-HMAC-SHA256) with des-ede3-cbc, DER; the passphrase as UTF-8 bytes. */
function satKeyFile(key: KeyObject, password: string, name: string): File {
  const der = key.export({ type: 'pkcs8', format: 'der', cipher: 'des-ede3-cbc', passphrase: password });
  return new File([new Uint8Array(der)], name, { type: 'application/octet-stream' });
}

function pkcs12KeyFile(key: forge.pki.rsa.PrivateKey, password: string, name: string): File {
  const encrypted = pki.encryptPrivateKeyInfo(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(key)), password, { algorithm: '3des' });
  return new File([bytesOf(asn1.toDer(encrypted).getBytes())], name, { type: 'application/octet-stream' });
}

/** A person's test e.firma: the certificate, and its key encrypted with the password. */
export function makeTestEfirma(password: string, rfc = 'LOHM850515K2A', curp = 'LOHM850515MDFPRR05'): TestEfirma {
  const rsaKey = newRsaKey();
  const key = forgeKey(rsaKey);
  const certificate = pki.createCertificate();
  certificate.publicKey = pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = '3330303031303030303030353030303033343136';
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 4 * 365 * 86_400_000);
  certificate.setSubject([
    { name: 'commonName', value: 'MARIA LOPEZ HERNANDEZ' },
    { type: '2.5.4.45', value: rfc },
    { type: '2.5.4.5', value: curp },
  ]);
  certificate.setIssuer([{ name: 'commonName', value: 'AC DE PRUEBAS' }]);
  certificate.sign(key, forge.md.sha256.create());
  const certificateDer = bytesOf(asn1.toDer(pki.certificateToAsn1(certificate)).getBytes());
  return {
    certificateDer,
    cerFile: new File([certificateDer], `${rfc}.cer`, { type: 'application/x-x509-ca-cert' }),
    keyFile: satKeyFile(rsaKey, password, `${rfc}.key`),
    pkcs12KeyFile: pkcs12KeyFile(key, password, `${rfc}-pkcs12.key`),
    password,
  };
}

/** Another person's key, encrypted with the same password: not the certificate's. */
export function otherKeyFile(password: string): File {
  return satKeyFile(newRsaKey(), password, 'OTRA.key');
}

/** The test documents: their bytes, and the signing view's entries for them. */
export function testDocuments() {
  const bytes = {
    lease: new TextEncoder().encode('%PDF-1.7 Contrato de arrendamiento (prueba)'),
    promissory_notes: new TextEncoder().encode('%PDF-1.7 Pagarés (prueba)'),
    policy: new TextEncoder().encode('%PDF-1.7 Póliza (prueba)'),
  };
  const documents: SigningView['documents'] = [
    { kind: 'lease', label: 'Contrato de arrendamiento', pageCount: 3, sha256: sha256Hex(bytes.lease), method: 'simple', mine: true },
    { kind: 'promissory_notes', label: 'Pagarés', pageCount: 2, sha256: sha256Hex(bytes.promissory_notes), method: 'efirma', mine: true },
    // The owner's and the office's: not this signer's.
    { kind: 'policy', label: 'Póliza', pageCount: 4, sha256: sha256Hex(bytes.policy), method: 'simple', mine: false },
  ];
  return { bytes, documents };
}

type Asn1Node = forge.asn1.Asn1;
const children = (node: Asn1Node) => node.value as Asn1Node[];

/**
 * What a verifier reads in one detached CMS SignedData: whether it carries the content (it must
 * not), its certificates, the signed messageDigest (hex), and whether the RSA signature over the
 * signed attributes is the certificate's key's.
 */
export function readDetachedCms(cmsBase64: string) {
  const message = forge.pkcs7.messageFromAsn1(asn1.fromDer(forge.util.decode64(cmsBase64))) as forge.pkcs7.Captured<forge.pkcs7.PkcsSignedData>;
  const capture = message.rawCapture as { content?: unknown; signerInfos: Asn1Node[] };
  const [signerInfo] = capture.signerInfos;
  const parts = children(signerInfo!);
  const signedAttributes = parts.find((part) => part.tagClass === asn1.Class.CONTEXT_SPECIFIC && part.type === 0)!;
  const attribute = (oid: string) => children(signedAttributes).find((item) => asn1.derToOid(children(item)[0]!.value as string) === oid);
  const digestAttribute = attribute(pki.oids.messageDigest!)!;
  const messageDigest = forge.util.bytesToHex(children(children(digestAttribute)[1]!)[0]!.value as string);
  // The signature covers the signed attributes encoded as a SET (RFC 5652, 5.4).
  const signedSet = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, children(signedAttributes));
  const digest = forge.md.sha256.create().update(asn1.toDer(signedSet).getBytes());
  const signature = parts[parts.length - 1]!.value as string;
  const [certificate] = message.certificates;
  return {
    hasContent: capture.content !== undefined,
    certificateDer: bytesOf(asn1.toDer(pki.certificateToAsn1(certificate!)).getBytes()),
    messageDigest,
    hasSigningTime: attribute(pki.oids.signingTime!) !== undefined,
    signatureValid: (certificate!.publicKey as forge.pki.rsa.PublicKey).verify(digest.digest().getBytes(), signature),
  };
}
