import { afterAll, beforeAll, expect } from 'vitest';
import type { SigningView } from '@portal/domain';
import { exampleGuarantor, exampleTenant } from '@portal/domain/testing';
import { createTestEfirmaCa, efirmaPeople, type EfirmaCredential, type TestEfirmaCa } from '../../test/efirma-ca';
import { startOcspServer, type TestOcspServer } from '../../test/ocsp-server';
import { acceptPrivacy, codeSentTo, ctx, post, publicUrl, setUpSigningTests, sha256, threeSigners, view } from './e-signature.test-helpers';

/**
 * What the e.firma API tests share (efirma-*.test.ts): the test authority (OpenSSL), the
 * people's credentials, SAT's OCSP responder on loopback, and the app built with EFIRMA_CA_CERTS
 * (and EFIRMA_OCSP_URL) pointing at them. Live bindings, set before the file's tests.
 */

export let ca: TestEfirmaCa;
export let ocsp: TestOcspServer | undefined;
/** The tenant's and the guarantor's e.firma, and a revoked e.firma of the guarantor. */
export let tenantEfirma: EfirmaCredential;
export let guarantorEfirma: EfirmaCredential;
export let revokedGuarantorEfirma: EfirmaCredential;

export function setUpEfirmaTests(options: { ocsp: boolean }): void {
  beforeAll(async () => {
    ca = await createTestEfirmaCa();
    [tenantEfirma, guarantorEfirma, revokedGuarantorEfirma] = await Promise.all([
      ca.issue({ person: efirmaPeople.tenant }),
      ca.issue({ person: efirmaPeople.guarantor }),
      ca.issue({ person: efirmaPeople.guarantor }),
    ]);
    await ca.revoke(revokedGuarantorEfirma);
    // The test files share modules (vitest isolate: false): an earlier file's responder is not this one's.
    ocsp = options.ocsp ? await startOcspServer(ca) : undefined;
  }, 60_000);
  setUpSigningTests(() => ({ EFIRMA_CA_CERTS: ca.caBundlePath, ...(ocsp ? { EFIRMA_OCSP_URL: ocsp.url } : {}) }));
  afterAll(async () => {
    await ocsp?.stop();
    ocsp = undefined;
    await ca?.close();
  });
}

/** Tenant and guarantor with the RFC and CURP their e.firma names (the pagarés then go by e.firma), the owner with neither. */
export function efirmaSigners(): ReturnType<typeof threeSigners> {
  const base = threeSigners();
  const { tenant, guarantor } = efirmaPeople;
  return {
    ...base,
    tenants: [{ ...exampleTenant('María Fernanda López Ruiz'), email: base!.tenants![0]!.email, rfc: tenant.rfc, curp: tenant.curp }],
    guarantors: [{ ...exampleGuarantor('Óscar Gutiérrez Peña'), email: base!.guarantors![0]!.email, rfc: guarantor.rfc, curp: guarantor.curp }],
  };
}

/** The aviso accepted and the one-time code confirmed: the signer may sign now. */
export async function readyToSign(token: string, email: string): Promise<void> {
  await acceptPrivacy(token);
  const sent = await post(token, '/code');
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await post(token, '/verify', { code: await codeSentTo(email) });
  expect(verified.statusCode, verified.body).toBe(204);
}

/** The stored bytes of one document of the round (GET …/documents/{kind}), or the whole pack ('pack'). */
export async function documentBytes(token: string, kind: string): Promise<Buffer> {
  const response = await ctx.app.inject({ url: publicUrl(token, kind === 'pack' ? '/pack' : `/documents/${kind}`) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

export interface SignatureToSend {
  documentSha256: string;
  cms: Buffer;
}

/** The request body: the certificate and the signatures, base64 DER. */
export const efirmaBody = (certificate: Buffer, signatures: SignatureToSend[]) => ({
  certificate: certificate.toString('base64'),
  signatures: signatures.map((signature) => ({ documentSha256: signature.documentSha256, cms: signature.cms.toString('base64') })),
});

/** Each of the signer's documents (as the view lists them) fetched and signed on its own with `credential`. */
export async function signEachDocument(token: string, credential: EfirmaCredential): Promise<SignatureToSend[]> {
  const { documents }: SigningView = await view(token);
  const signatures: SignatureToSend[] = [];
  for (const document of documents.filter((candidate) => candidate.mine)) {
    const bytes = await documentBytes(token, document.kind);
    expect(sha256(bytes)).toBe(document.sha256);
    signatures.push({ documentSha256: document.sha256, cms: await ca.signCms(credential, bytes) });
  }
  return signatures;
}

let addresses = 0;
/** POST …/efirma, from its own address unless told (one address gets 10 tries a minute). */
export const postEfirma = (token: string, body: object, ip = `10.40.${Math.floor(++addresses / 250)}.${addresses % 250}`) => post(token, '/efirma', body, ip);
