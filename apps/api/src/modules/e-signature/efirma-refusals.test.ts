import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { efirmaMessages, publicLinkMessages, type Policy } from '@portal/domain';
import { ConfigError } from '../../config';
import { efirmaSignatures, linkSignatures } from '../../db/schema/index';
import { buildTestApp, json, testConfig } from '../../test/app';
import { efirmaPeople } from '../../test/efirma-ca';
import { policyInContracts } from '../../test/policies';
import { agent, ctx, db, sendContracts, view } from './e-signature.test-helpers';
import { loadEfirmaSettings } from './efirma/trust-store';
import { ca, documentBytes, efirmaBody, efirmaSigners, guarantorEfirma, postEfirma, readyToSign, setUpEfirmaTests, signEachDocument, tenantEfirma, type SignatureToSend } from './efirma.test-helpers';

setUpEfirmaTests({ ocsp: false });

const day = 86_400_000;

describe('an e.firma is refused, naming why, and nothing is written', () => {
  let policy: Policy;
  let email: string;
  let token: string;
  /** The tenant's own signatures of their three documents (lease, póliza, pagarés). */
  let good: SignatureToSend[];

  beforeAll(async () => {
    policy = await policyInContracts(ctx, { token: agent.token, overrides: efirmaSigners() });
    const tokens = await sendContracts(policy);
    email = policy.tenants[0]!.email;
    token = tokens.get(email)!;
    await readyToSign(token, email);
    good = await signEachDocument(token, tenantEfirma);
  }, 60_000);

  async function refused(body: object, message: string, field: string) {
    const response = await postEfirma(token, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toMatchObject({ message, details: [{ field, message }] });
  }

  /** Every signature of the tenant's documents made with `credential` (the certificate sent is its own). */
  const signedWith = async (credential: typeof tenantEfirma) => efirmaBody(credential.der, await signEachDocument(token, credential));

  it('a body that is not a certificate and signatures: 400', async () => {
    for (const body of [{}, { certificate: tenantEfirma.der.toString('base64'), signatures: [] }, { certificate: 'no es base64 ***', signatures: [{ documentSha256: good[0]!.documentSha256, cms: 'AAAA' }] }]) {
      expect((await postEfirma(token, body)).statusCode).toBe(400);
    }
  });

  it('a certificate that is not one', async () => {
    await refused(efirmaBody(Buffer.from('esto no es un certificado X.509'), good), efirmaMessages.certificateInvalid, 'certificate');
  });

  it('a certificate from another authority', async () => {
    await refused(await signedWith(await ca.issue({ person: efirmaPeople.tenant, authority: 'other' })), efirmaMessages.untrustedAuthority, 'certificate');
  });

  it('a CSD instead of an e.firma', async () => {
    await refused(await signedWith(await ca.issue({ person: efirmaPeople.tenant, kind: 'csd' })), efirmaMessages.notEfirma, 'certificate');
  });

  it('an expired certificate, and one not valid yet', async () => {
    const expired = await ca.issue({ person: efirmaPeople.tenant, notBefore: new Date(Date.now() - 4 * 365 * day), notAfter: new Date(Date.now() - day) });
    await refused(await signedWith(expired), efirmaMessages.expired, 'certificate');
    const early = await ca.issue({ person: efirmaPeople.tenant, notBefore: new Date(Date.now() + 2 * day), notAfter: new Date(Date.now() + 4 * 365 * day) });
    await refused(await signedWith(early), efirmaMessages.notYetValid, 'certificate');
  });

  it('an RFC that is not the signer\'s, a CURP that is not theirs', async () => {
    await refused(await signedWith(guarantorEfirma), efirmaMessages.rfcMismatch('GUPO780415KL3'), 'certificate');
    const otherCurp = await ca.issue({ person: { ...efirmaPeople.tenant, curp: 'GUPO780415HJCTNS03' } });
    await refused(await signedWith(otherCurp), efirmaMessages.curpMismatch('GUPO780415HJCTNS03'), 'certificate');
  });

  it('a signer the policy recorded without RFC', async () => {
    const [row] = await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, email));
    await db().update(linkSignatures).set({ expectedRfc: '' }).where(eq(linkSignatures.linkId, row!.linkId));
    try {
      await refused(efirmaBody(tenantEfirma.der, good), efirmaMessages.signerWithoutRfc, 'certificate');
    } finally {
      await db().update(linkSignatures).set({ expectedRfc: row!.expectedRfc }).where(eq(linkSignatures.linkId, row!.linkId));
    }
  });

  it('a signature over other bytes', async () => {
    const forged = { documentSha256: good[2]!.documentSha256, cms: await ca.signCms(tenantEfirma, Buffer.from('otro contenido')) };
    await refused(efirmaBody(tenantEfirma.der, [good[0]!, good[1]!, forged]), efirmaMessages.otherBytes, 'signatures.2.cms');
  });

  it('a signature not made with the certificate\'s key: another signer\'s, or its value altered', async () => {
    const lease = await documentBytes(token, 'lease');
    const byGuarantor = { documentSha256: good[0]!.documentSha256, cms: await ca.signCms(guarantorEfirma, lease) };
    await refused(efirmaBody(tenantEfirma.der, [byGuarantor, good[1]!, good[2]!]), efirmaMessages.signatureNotByCertificate, 'signatures.0.cms');
    // The signature value is the last field of the DER: its last byte changed.
    const altered = Buffer.from(good[1]!.cms);
    altered[altered.length - 1] = altered.at(-1)! ^ 0x01;
    await refused(efirmaBody(tenantEfirma.der, [good[0]!, { ...good[1]!, cms: altered }, good[2]!]), efirmaMessages.signatureNotByCertificate, 'signatures.1.cms');
  });

  it('what is not a detached SHA-256 CMS signature', async () => {
    const lease = await documentBytes(token, 'lease');
    const attached = { ...good[0]!, cms: await ca.signCms(tenantEfirma, lease, { attached: true }) };
    await refused(efirmaBody(tenantEfirma.der, [attached, good[1]!, good[2]!]), efirmaMessages.signatureInvalid, 'signatures.0.cms');
    const sha1 = { ...good[0]!, cms: await ca.signCms(tenantEfirma, lease, { digest: 'sha1' }) };
    await refused(efirmaBody(tenantEfirma.der, [sha1, good[1]!, good[2]!]), efirmaMessages.signatureInvalid, 'signatures.0.cms');
    const garbage = { ...good[0]!, cms: Buffer.from('no es una firma') };
    await refused(efirmaBody(tenantEfirma.der, [garbage, good[1]!, good[2]!]), efirmaMessages.signatureInvalid, 'signatures.0.cms');
  });

  it('a signature of a document outside the round, and a document left unsigned', async () => {
    const stranger = { documentSha256: 'ab'.repeat(32), cms: good[0]!.cms };
    await refused(efirmaBody(tenantEfirma.der, [...good, stranger]), efirmaMessages.unknownDocument, 'signatures.3.documentSha256');
    const label = (await view(token)).documents.find((document) => document.kind === 'promissory_notes')!.label;
    await refused(efirmaBody(tenantEfirma.der, [good[0]!, good[1]!]), efirmaMessages.missingDocument(label), 'signatures');
  });

  it('after every refusal: the signer has not signed, no signature row and no .p7s file exist', async () => {
    const [row] = await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, email));
    expect(row).toMatchObject({ signedAt: null, certificateDer: null, revocation: null });
    expect(await db().select().from(efirmaSignatures)).toEqual([]);
    const files = await readdir(path.join(ctx.config.dataDir, 'files'), { recursive: true });
    expect(files.filter((name) => name.endsWith('.p7s'))).toEqual([]);
    // And the good signatures still go through.
    const response = await postEfirma(token, efirmaBody(tenantEfirma.der, good));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the endpoint', () => {
  const wrong = 'B'.repeat(43);

  it('answers 404 to a token that opens nothing, and limits one address to 10 tries a minute', async () => {
    const body = efirmaBody(tenantEfirma.der, [{ documentSha256: 'ab'.repeat(32), cms: Buffer.from('x') }]);
    const statuses: number[] = [];
    for (let call = 0; call < 11; call++) statuses.push((await postEfirma(wrong, body, '10.99.0.1')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    const limited = await postEfirma(wrong, body, '10.99.0.1');
    expect(json(limited).message).toBe(publicLinkMessages.tooManyRequests);
    expect((await postEfirma(wrong, body, '10.99.0.2')).statusCode).toBe(404);
  });
});

describe('the trust store (EFIRMA_CA_CERTS)', () => {
  it('is read when the app is built: the authorities of the bundle', () => {
    const settings = loadEfirmaSettings({ caCertsPath: ca.caBundlePath, ocspUrl: undefined });
    expect(settings.authorities.map((authority) => authority.subject.split('\n')[0])).toEqual(['CN=AC RAIZ DE PRUEBAS DEL SERVICIO DE ADMINISTRACION TRIBUTARIA', 'CN=AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)']);
  });

  it('stops the start, saying why, when it cannot be read, holds no certificate or holds one that is not an authority\'s', async () => {
    const missing = path.join(ca.dir, 'no-existe.pem');
    expect(() => loadEfirmaSettings({ caCertsPath: missing, ocspUrl: undefined })).toThrow(new ConfigError(`EFIRMA_CA_CERTS: no se pudo leer ${missing} (ENOENT)`));
    const empty = path.join(ca.dir, 'vacio.pem');
    await writeFile(empty, 'nada aquí\n');
    expect(() => loadEfirmaSettings({ caCertsPath: empty, ocspUrl: undefined })).toThrow(/no contiene ningún certificado en PEM/);
    const leaf = path.join(ca.dir, 'hoja.pem');
    await writeFile(leaf, await readFile(tenantEfirma.pemPath));
    expect(() => loadEfirmaSettings({ caCertsPath: leaf, ocspUrl: undefined })).toThrow(/no es de una autoridad certificadora/);
    await expect(buildTestApp(testConfig({ DATA_DIR: ctx.config.dataDir, EFIRMA_CA_CERTS: missing }), ctx.testDb)).rejects.toBeInstanceOf(ConfigError);
  });
});
