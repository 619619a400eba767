import { createHash } from 'node:crypto';
import forge from 'node-forge';
import type { SigningView } from '@portal/domain';

/*
 * Test e.firma files made here with node-forge: an RSA key and a self-signed certificate shaped
 * like SAT's (RFC in x500UniqueIdentifier, CURP in serialNumber), the key encrypted as SAT ships
 * it (PKCS#8 EncryptedPrivateKeyInfo, PBES2 with 3DES, DER). And a reader of the detached CMS the
 * page sends, to check it as a verifier would.
 */

const { asn1, pki } = forge;

const bytesOf = (binary: string) => Uint8Array.from(binary, (character) => character.charCodeAt(0));

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export interface TestEfirma {
  certificate: forge.pki.Certificate;
  certificateDer: Uint8Array<ArrayBuffer>;
  cerFile: File;
  /** The .key encrypted with `password`. */
  keyFile: File;
  password: string;
}

function encryptedKeyFile(key: forge.pki.rsa.PrivateKey, password: string, name: string): File {
  // Passwords are UTF-8 bytes, as OpenSSL takes them on a UTF-8 system.
  const encrypted = pki.encryptPrivateKeyInfo(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(key)), forge.util.encodeUtf8(password), { algorithm: '3des' });
  return new File([bytesOf(asn1.toDer(encrypted).getBytes())], name, { type: 'application/octet-stream' });
}

/** A person's test e.firma: certificate, its key encrypted with the password. */
export function makeTestEfirma(password: string, rfc = 'LOHM850515K2A', curp = 'LOHM850515MDFPRR05'): TestEfirma & { key: forge.pki.rsa.PrivateKey } {
  const keys = pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const certificate = pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = '3330303031303030303030353030303033343136';
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 4 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: 'MARIA LOPEZ HERNANDEZ' },
    { type: '2.5.4.45', value: rfc },
    { type: '2.5.4.5', value: curp },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer([{ name: 'commonName', value: 'AC DE PRUEBAS' }]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const certificateDer = bytesOf(asn1.toDer(pki.certificateToAsn1(certificate)).getBytes());
  return {
    certificate,
    certificateDer,
    key: keys.privateKey,
    cerFile: new File([certificateDer], `${rfc}.cer`, { type: 'application/x-x509-ca-cert' }),
    keyFile: encryptedKeyFile(keys.privateKey, password, `${rfc}.key`),
    password,
  };
}

/** Another key, encrypted with the same password: not the certificate's. */
export function otherKeyFile(password: string): File {
  return encryptedKeyFile(pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 }).privateKey, password, 'OTRA.key');
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
