import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A certificate authority shaped like the SAT's, made with OpenSSL for the e.firma tests (issue
 * 35): a root and an intermediate ('AC del SAT' for tests), people's e.firma certificates with the
 * subject SAT writes (the name in CN, name and O; 'RFC / ' in x500UniqueIdentifier; 'CURP / ' in
 * serialNumber; no OU), SAT-like serial numbers (20 ASCII digits as the serial's bytes) and the
 * keys as SAT ships them (.key: PKCS#8 encrypted with a password, DER). Also a CSD (the same with
 * an OU), and whatever a test needs besides: an expired certificate, one from another authority,
 * a revoked one (in the intermediate's index, which the OCSP responder of ocsp-server.ts reads).
 * The detached CMS signatures are OpenSSL's own (`openssl cms -sign`), independent of the
 * browser's node-forge.
 */

const openssl = '/usr/bin/openssl';
const run = promisify(execFile);

/** The password of every test .key. */
const testKeyPassword = '12345678a';

/** Someone an e.firma is issued to: their name as SAT writes it, their RFC and (for a person) CURP. */
export interface EfirmaPerson {
  name: string;
  rfc: string;
  curp: string;
}

/** The tests' people: valid RFCs (check digit per @nodecfdi/rfc) and CURPs (check digit per RENAPO). */
export const efirmaPeople = {
  tenant: { name: 'MARÍA FERNANDA LÓPEZ RUIZ', rfc: 'LORF850312AB6', curp: 'LORF850312MDFPZR01' },
  guarantor: { name: 'ÓSCAR GUTIÉRREZ PEÑA', rfc: 'GUPO780415KL3', curp: 'GUPO780415HJCTNS03' },
  owner: { name: 'ROBERTO MORALES PÉREZ', rfc: 'MOPR700101QW3', curp: '' },
} satisfies Record<string, EfirmaPerson>;

/** One certificate and its key, in every form a test needs. */
export interface EfirmaCredential {
  person: EfirmaPerson;
  /** The certificate as SAT hands it out (.cer, DER) and in PEM. */
  cerPath: string;
  pemPath: string;
  der: Buffer;
  /** The key as SAT hands it out (.key: PKCS#8 DER encrypted with `testKeyPassword`) and unencrypted in PEM (for openssl cms). */
  keyPath: string;
  keyPemPath: string;
  password: string;
  /** The serial number as SAT prints it (the ASCII digits of the serial's bytes). */
  serial: string;
}

interface IssueOptions {
  person: EfirmaPerson;
  /** 'csd' adds the OU (a branch) a Certificado de Sello Digital carries. */
  kind?: 'efirma' | 'csd';
  /** 'other': an authority the trust store does not hold. */
  authority?: 'sat' | 'other';
  notBefore?: Date;
  notAfter?: Date;
  /** false: issued outside the authority's index (openssl x509 -req), so its OCSP responder answers 'unknown'. */
  recorded?: boolean;
}

export interface TestEfirmaCa {
  dir: string;
  /** The trust store for EFIRMA_CA_CERTS: the root and the intermediate, PEM. */
  caBundlePath: string;
  /** The intermediate that issues the people's certificates (the OCSP responder's -CA). */
  issuerPemPath: string;
  /** The intermediate's index (openssl ca's database: valid and revoked certificates). */
  indexPath: string;
  /** A delegated OCSP responder of the intermediate (extendedKeyUsage OCSPSigning). */
  ocspResponder: { pemPath: string; keyPemPath: string };
  issue(options: IssueOptions): Promise<EfirmaCredential>;
  /** Marks the certificate revoked in the intermediate's index (before the OCSP responder starts). */
  revoke(credential: EfirmaCredential): Promise<void>;
  /** A detached CMS SignedData (DER) of `bytes`, made by `openssl cms -sign` (SHA-256 unless told; `attached` puts the bytes inside). */
  signCms(credential: EfirmaCredential, bytes: Uint8Array, options?: { digest?: 'sha256' | 'sha1'; attached?: boolean }): Promise<Buffer>;
  close(): Promise<void>;
}

const day = 86_400_000;

/** OpenSSL's configuration for one authority of `dir` (its own index and serial file). */
function authorityConfig(dir: string): string {
  return `[ ca ]
default_ca = ca_default
[ ca_default ]
database = ${dir}/index.txt
new_certs_dir = ${dir}/issued
serial = ${dir}/serial
default_md = sha256
policy = policy_any
unique_subject = no
copy_extensions = none
[ policy_any ]
commonName = supplied
[ req ]
distinguished_name = dn
string_mask = utf8only
utf8 = yes
[ dn ]
[ v3_ca ]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ v3_person ]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature,nonRepudiation,dataEncipherment,keyAgreement
extendedKeyUsage = emailProtection,clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid,issuer
[ v3_ocsp ]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature
extendedKeyUsage = OCSPSigning
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid,issuer
`;
}

/** '-subj' needs a slash inside a value escaped. */
const subjectValue = (value: string) => value.replaceAll('/', '\\/');

/** OpenSSL's -startdate/-enddate form: YYMMDDHHMMSSZ. */
const asn1Time = (date: Date) => `${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`;

interface Authority {
  dir: string;
  config: string;
  certPath: string;
  keyPath: string;
  serials: number;
}

/** Generates the authorities (about a second): once per test file, in a temporary directory unless `dir` names one. */
export async function createTestEfirmaCa(options: { dir?: string } = {}): Promise<TestEfirmaCa> {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'portal-efirma-')));
  await mkdir(dir, { recursive: true });
  const now = Date.now();

  async function authority(name: string, subject: string, issuer: Authority | null): Promise<Authority> {
    const home = path.join(dir, name);
    await mkdir(path.join(home, 'issued'), { recursive: true });
    await writeFile(path.join(home, 'index.txt'), '');
    const config = path.join(home, 'openssl.cnf');
    await writeFile(config, authorityConfig(home));
    const own: Authority = { dir: home, config, certPath: path.join(home, 'ca.pem'), keyPath: path.join(home, 'ca.key.pem'), serials: 0 };
    if (!issuer) {
      await run(openssl, ['req', '-new', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', own.keyPath, '-out', own.certPath, '-days', '7300', '-subj', subject, '-utf8', '-config', config, '-extensions', 'v3_ca']);
      return own;
    }
    const request = path.join(home, 'ca.csr');
    await run(openssl, ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', own.keyPath, '-out', request, '-subj', subject, '-utf8', '-config', config]);
    await sign(issuer, request, own.certPath, 'v3_ca', new Date(now - 365 * day), new Date(now + 3650 * day));
    return own;
  }

  /** openssl ca's serial file and index are shared: one issuance at a time (tests issue in parallel). */
  let issuing: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = issuing.then(work, work);
    issuing = next.catch(() => undefined);
    return next;
  };

  /** Issues the request's certificate with a SAT-like serial: the 20 digits' ASCII bytes. */
  function sign(issuer: Authority, request: string, out: string, extensions: string, notBefore: Date, notAfter: Date): Promise<string> {
    return oneAtATime(async () => {
      const serial = `3000100000050000${String(++issuer.serials).padStart(4, '0')}`;
      await writeFile(path.join(issuer.dir, 'serial'), `${Buffer.from(serial, 'ascii').toString('hex')}\n`);
      await run(openssl, [
        'ca', '-batch', '-config', issuer.config, '-cert', issuer.certPath, '-keyfile', issuer.keyPath, '-in', request, '-out', out,
        '-preserveDN', '-extensions', extensions, '-startdate', asn1Time(notBefore), '-enddate', asn1Time(notAfter), '-notext', '-utf8',
      ]);
      return serial;
    });
  }

  /** The same certificate, valid from now for a year, that the authority's index does not list. */
  async function signUnrecorded(issuer: Authority, request: string, out: string): Promise<string> {
    const serial = `3000100000059999${String(++issuer.serials).padStart(4, '0')}`;
    await run(openssl, [
      'x509', '-req', '-in', request, '-out', out, '-CA', issuer.certPath, '-CAkey', issuer.keyPath, '-set_serial', `0x${Buffer.from(serial, 'ascii').toString('hex')}`,
      '-days', '365', '-sha256', '-extfile', issuer.config, '-extensions', 'v3_person',
    ]);
    return serial;
  }

  // ASCII upper case, as SAT writes its authorities' names (node-forge, in the browser, re-encodes
  // a non-ASCII issuer name wrongly in the signatures it makes).
  const root = await authority('sat-root', '/CN=AC RAIZ DE PRUEBAS DEL SERVICIO DE ADMINISTRACION TRIBUTARIA/O=SERVICIO DE ADMINISTRACION TRIBUTARIA/C=MX', null);
  const sat = await authority('sat-ac', '/CN=AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)/O=SERVICIO DE ADMINISTRACION TRIBUTARIA/OU=SAT-IES Authority/C=MX', root);
  const other = await authority('other-root', '/CN=AUTORIDAD AJENA DE PRUEBAS/O=OTRA AUTORIDAD/C=MX', null);
  const caBundlePath = path.join(dir, 'sat-ca-bundle.pem');
  await writeFile(caBundlePath, `${await readFile(root.certPath, 'utf8')}${await readFile(sat.certPath, 'utf8')}`);

  const ocspDir = path.join(dir, 'ocsp');
  await mkdir(ocspDir);
  const ocspResponder = { pemPath: path.join(ocspDir, 'ocsp.pem'), keyPemPath: path.join(ocspDir, 'ocsp.key.pem') };
  const ocspRequest = path.join(ocspDir, 'ocsp.csr');
  await run(openssl, ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', ocspResponder.keyPemPath, '-out', ocspRequest, '-subj', '/CN=OCSP DE PRUEBAS DEL SAT/O=SERVICIO DE ADMINISTRACION TRIBUTARIA', '-utf8', '-config', sat.config]);
  await sign(sat, ocspRequest, ocspResponder.pemPath, 'v3_ocsp', new Date(now - day), new Date(now + 365 * day));

  let issued = 0;
  async function issue(options: IssueOptions): Promise<EfirmaCredential> {
    const { person } = options;
    const base = path.join(dir, `person-${++issued}`);
    const keyPemPath = `${base}.key.pem`;
    const request = `${base}.csr`;
    const pemPath = `${base}.pem`;
    const subject = [
      `/CN=${subjectValue(person.name)}`,
      `/name=${subjectValue(person.name)}`,
      `/O=${subjectValue(person.name)}`,
      ...(options.kind === 'csd' ? ['/OU=Sucursal Centro'] : []),
      `/x500UniqueIdentifier=${subjectValue(`${person.rfc} / `)}`,
      `/serialNumber=${subjectValue(`${person.curp} / `)}`,
      '/C=MX',
    ].join('');
    await run(openssl, ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyPemPath, '-out', request, '-subj', subject, '-utf8', '-config', sat.config]);
    const issuer = options.authority === 'other' ? other : sat;
    const serial = options.recorded === false
      ? await signUnrecorded(issuer, request, pemPath)
      : await sign(issuer, request, pemPath, 'v3_person', options.notBefore ?? new Date(now - 30 * day), options.notAfter ?? new Date(now + 4 * 365 * day));
    const der = new X509Certificate(await readFile(pemPath)).raw;
    const cerPath = `${base}.cer`;
    await writeFile(cerPath, der);
    const keyPath = `${base}.key`;
    await run(openssl, ['pkcs8', '-topk8', '-v2', 'des3', '-in', keyPemPath, '-outform', 'DER', '-out', keyPath, '-passout', `pass:${testKeyPassword}`]);
    return { person, cerPath, pemPath, der, keyPath, keyPemPath, password: testKeyPassword, serial };
  }

  return {
    dir,
    caBundlePath,
    issuerPemPath: sat.certPath,
    indexPath: path.join(sat.dir, 'index.txt'),
    ocspResponder,
    issue,
    async revoke(credential) {
      await oneAtATime(() => run(openssl, ['ca', '-config', sat.config, '-cert', sat.certPath, '-keyfile', sat.keyPath, '-revoke', credential.pemPath, '-crl_reason', 'keyCompromise']));
    },
    async signCms(credential, bytes, options = {}) {
      const input = path.join(dir, `data-${++issued}.bin`);
      const output = `${input}.p7s`;
      await writeFile(input, bytes);
      await run(openssl, [
        'cms', '-sign', '-binary', '-md', options.digest ?? 'sha256', '-outform', 'DER', '-signer', credential.pemPath, '-inkey', credential.keyPemPath,
        '-in', input, '-out', output, ...(options.attached ? ['-nodetach'] : []),
      ]);
      return readFile(output);
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
