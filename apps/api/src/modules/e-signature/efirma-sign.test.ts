import { utimes } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { efirmaMessages, signingMessages, type Policy } from '@portal/domain';
import { efirmaSignatures, linkSignatures, signingRounds } from '../../db/schema/index';
import { bearer, buildTestApp, json, testConfig } from '../../test/app';
import { policyInContracts } from '../../test/policies';
import { acceptPrivacy, agent, ctx, db, post, publicUrl, roundOf, sendContracts, sha256, signAs, statusOf, view } from './e-signature.test-helpers';
import type { DiskFileStore } from '../../lib/file-store';
import { efirmaPeople } from '../../test/efirma-ca';
import { sweepUnreferencedFiles } from '../files/index';
import { readStored } from './rounds';
import {
  ca,
  documentBytes,
  efirmaBody,
  efirmaSigners,
  guarantorEfirma,
  ocsp,
  postEfirma,
  readyToSign,
  revokedGuarantorEfirma,
  setUpEfirmaTests,
  signEachDocument,
  tenantEfirma,
} from './efirma.test-helpers';

setUpEfirmaTests({ ocsp: true });

const signerRow = async (email: string) => (await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, email)))[0]!;
const efirmaRows = async (email: string) => db().select().from(efirmaSignatures).where(eq(efirmaSignatures.linkId, (await signerRow(email)).linkId));

describe('a round whose pagarés are signed with e.firma', () => {
  let policy: Policy;
  let tokens: Map<string, string>;
  const tenant = () => [policy.tenants[0]!.email, tokens.get(policy.tenants[0]!.email)!] as const;
  const guarantor = () => [policy.guarantors[0]!.email, tokens.get(policy.guarantors[0]!.email)!] as const;
  const owner = () => [policy.property.owner.email, tokens.get(policy.property.owner.email)!] as const;

  it('starts with the tenant and the guarantor signing by e.firma, the owner by the simple signature', async () => {
    policy = await policyInContracts(ctx, { token: agent.token, overrides: efirmaSigners() });
    tokens = await sendContracts(policy);
    const round = (await roundOf(policy))!;
    expect(round.methods).toEqual({ lease: 'simple', policy: 'simple', promissory_notes: 'efirma' });
    expect(round.signers.map((signer) => [signer.party, signer.method])).toEqual([['tenant', 'efirma'], ['guarantor', 'efirma'], ['owner', 'simple']]);
    const seen = await view(tenant()[1]);
    expect(seen.method).toBe('efirma');
    expect(seen.documents.map((document) => [document.kind, document.method, document.mine])).toEqual([
      ['lease', 'simple', true],
      ['policy', 'simple', true],
      ['promissory_notes', 'efirma', true],
    ]);
    expect((await view(owner()[1])).documents.find((document) => document.kind === 'promissory_notes')!.mine).toBe(false);
  });

  it('serves each document of the round as stored (its SHA-256 the view lists), never cached; 404 for one not in the round or a bad token', async () => {
    const [, token] = tenant();
    for (const document of (await view(token)).documents) {
      const response = await ctx.app.inject({ url: publicUrl(token, `/documents/${document.kind}`) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(sha256(response.rawPayload)).toBe(document.sha256);
    }
    const notInRound = await ctx.app.inject({ url: publicUrl(token, '/documents/move_out') });
    expect(notInRound.statusCode).toBe(404);
    expect(json(notInRound).message).toBe(efirmaMessages.documentNotInRound);
    expect((await ctx.app.inject({ url: publicUrl(token, '/documents/contract') })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: publicUrl('A'.repeat(43), '/documents/lease') })).statusCode).toBe(404);
  });

  it('refuses the simple signature to an e.firma signer, and the e.firma to a simple one', async () => {
    const simple = await signAs(tenant()[1], tenant()[0]);
    expect(simple.statusCode).toBe(409);
    expect(json(simple).message).toBe(efirmaMessages.efirmaRequired);
    const [ownerEmail, ownerToken] = owner();
    await readyToSign(ownerToken, ownerEmail);
    const response = await postEfirma(ownerToken, efirmaBody(tenantEfirma.der, await signEachDocument(tenant()[1], tenantEfirma)));
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(efirmaMessages.notEfirmaSigner);
  });

  it('needs the aviso accepted and the code confirmed first', async () => {
    const [, token] = guarantor();
    const body = efirmaBody(guarantorEfirma.der, await signEachDocument(token, guarantorEfirma));
    const withoutAviso = await postEfirma(token, body);
    expect(withoutAviso.statusCode).toBe(409);
    await acceptPrivacy(token);
    const withoutCode = await postEfirma(token, body);
    expect(withoutCode.statusCode).toBe(409);
    expect(json(withoutCode).message).toBe(signingMessages.codeNotVerified);
    expect((await signerRow(guarantor()[0])).signedAt).toBeNull();
  });

  it('records the tenant\'s e.firma over each document: the certificate read and checked with SAT\'s OCSP, each .p7s kept', async () => {
    const [email, token] = tenant();
    const signatures = await signEachDocument(token, tenantEfirma);
    const before = Date.now();
    const response = await postEfirma(token, efirmaBody(tenantEfirma.der, signatures), '10.20.30.40');
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).signedAt).not.toBeNull();
    const row = await signerRow(email);
    const { packSha256 } = await view(token);
    expect(row).toMatchObject({
      signatureKind: 'efirma',
      packSha256,
      ip: '10.20.30.40',
      userAgent: 'Mozilla/5.0 (iPhone; Prueba)',
      certificateDer: tenantEfirma.der.toString('base64'),
      certificateSerial: tenantEfirma.serial,
      certificateRfc: 'LORF850312AB6',
      certificateCurp: 'LORF850312MDFPZR01',
      certificateName: 'MARÍA FERNANDA LÓPEZ RUIZ',
      revocation: 'good',
    });
    expect(tenantEfirma.serial).toMatch(/^\d{20}$/);
    expect(row.certificateIssuer).toContain('AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)');
    expect(row.certificateValidTo!.getTime()).toBeGreaterThan(Date.now());
    expect(row.revocationCheckedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const rows = await efirmaRows(email);
    expect(rows.map((stored) => stored.covers).sort()).toEqual(['lease', 'policy', 'promissory_notes']);
    for (const stored of rows) {
      const sent = signatures.find((signature) => signature.documentSha256 === stored.documentSha256)!;
      expect(stored).toMatchObject({ cmsSha256: sha256(sent.cms), size: sent.cms.length });
      expect(stored.storedName).toMatch(/\.p7s$/);
      expect(Buffer.compare(await readStored(ctx.app.files, stored.storedName!), sent.cms)).toBe(0);
      // openssl cms writes its signingTime: the signer's clock, kept apart from the server's.
      expect(Math.abs(stored.claimedSigningTime!.getTime() - Date.now())).toBeLessThan(120_000);
    }
    const round = (await roundOf(policy))!;
    expect(round.signers.find((signer) => signer.party === 'tenant')).toMatchObject({ certificateSerial: tenantEfirma.serial, revocation: 'good' });
  });

  it('the .p7s files are kept by the sweep of unreferenced files', async () => {
    const rows = await efirmaRows(tenant()[0]);
    const dayAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const row of rows) await utimes((ctx.app.files as DiskFileStore).pathOf(row.storedName!), dayAgo, dayAgo);
    const swept = await sweepUnreferencedFiles(db(), ctx.app.files, { olderThanMs: 86_400_000, dryRun: true });
    expect(swept.scanned).toBeGreaterThan(rows.length);
    expect(swept.unreferenced.filter((name) => name.endsWith('.p7s'))).toEqual([]);
  });

  it('the same signatures sent again are recorded once and answer the view', async () => {
    const [email, token] = tenant();
    const first = await signerRow(email);
    const rows = await efirmaRows(email);
    const again = await postEfirma(token, efirmaBody(tenantEfirma.der, await Promise.all(rows.map(async (row) => ({ documentSha256: row.documentSha256, cms: await readStored(ctx.app.files, row.storedName!) })))));
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).signedAt).toBe(first.signedAt!.toISOString());
    expect(await efirmaRows(email)).toEqual(rows);
    // Other signatures after signing (here one over the whole pack) are not a retry.
    const { packSha256 } = await view(token);
    const other = await postEfirma(token, efirmaBody(tenantEfirma.der, [{ documentSha256: packSha256, cms: await ca.signCms(tenantEfirma, await documentBytes(token, 'pack')) }]));
    expect(other.statusCode).toBe(409);
    expect(json(other).message).toBe(signingMessages.alreadySigned);
  });

  it('refuses a certificate SAT\'s OCSP responder reports revoked, and writes nothing', async () => {
    const [email, token] = guarantor();
    await readyToSign(token, email);
    const response = await postEfirma(token, efirmaBody(revokedGuarantorEfirma.der, await signEachDocument(token, revokedGuarantorEfirma)));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ message: efirmaMessages.revoked, details: [{ field: 'certificate', message: efirmaMessages.revoked }] });
    expect((await signerRow(email)).signedAt).toBeNull();
    expect(await efirmaRows(email)).toEqual([]);
  });

  it('the owner signs with the simple signature meanwhile', async () => {
    // Their code was confirmed above, when they tried the e.firma.
    const [, token] = owner();
    const response = await post(token, '/sign', { signature: { kind: 'typed', text: 'Roberto Morales' }, accept: true, packSha256: (await view(token)).packSha256 });
    expect(response.statusCode, response.body).toBe(200);
    expect((await roundOf(policy))!.status).toBe('open');
  });
  it('records the guarantor\'s one signature over the whole pack (sent twice, recorded once): the last signature completes the round', async () => {
    const [email, token] = guarantor();
    const pack = await documentBytes(token, 'pack');
    const { packSha256 } = await view(token);
    expect(sha256(pack)).toBe(packSha256);
    const signature = { documentSha256: packSha256, cms: await ca.signCms(guarantorEfirma, pack) };
    const response = await postEfirma(token, efirmaBody(guarantorEfirma.der, [signature, signature]));
    expect(response.statusCode, response.body).toBe(200);
    expect((await efirmaRows(email)).map((row) => [row.covers, row.documentSha256])).toEqual([['pack', packSha256]]);
    expect(await signerRow(email)).toMatchObject({ certificateRfc: 'GUPO780415KL3', certificateCurp: 'GUPO780415HJCTNS03', revocation: 'good' });
    const round = (await roundOf(policy))!;
    expect(round.status).toBe('completed');
    expect(round.signedPackVersion).not.toBeNull();
    expect(await statusOf(policy)).toBe('active');
  });

});

describe('without SAT at hand', () => {
  let policy: Policy;
  let tokens: Map<string, string>;

  it('a round started by a server without EFIRMA_CA_CERTS sends the pagarés to paper and says why', async () => {
    const { app } = await buildTestApp(testConfig({ DATA_DIR: ctx.config.dataDir }), ctx.testDb);
    try {
      policy = await policyInContracts(ctx, { token: agent.token, overrides: efirmaSigners() });
      const response = await app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(agent.token), payload: { status: 'signature' } });
      expect(response.statusCode, response.body).toBe(200);
      const round = (await roundOf(policy))!;
      expect(round.methods.promissory_notes).toBe('paper');
      expect(round.paperReason).toContain('EFIRMA_CA_CERTS');
      expect(round.signers.every((signer) => signer.method === 'simple')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('an e.firma signer of a round started with it meets a server without it: 409 unconfigured', async () => {
    policy = await policyInContracts(ctx, { token: agent.token, overrides: efirmaSigners() });
    tokens = await sendContracts(policy);
    const [email, token] = [policy.tenants[0]!.email, tokens.get(policy.tenants[0]!.email)!];
    await readyToSign(token, email);
    const { app } = await buildTestApp(testConfig({ DATA_DIR: ctx.config.dataDir }), ctx.testDb);
    try {
      const body = efirmaBody(tenantEfirma.der, await signEachDocument(token, tenantEfirma));
      const response = await app.inject({ method: 'POST', url: publicUrl(token, '/efirma'), payload: body });
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(efirmaMessages.unconfigured);
    } finally {
      await app.close();
    }
  });

  it('without EFIRMA_OCSP_URL the signature is recorded with its revocation not checked', async () => {
    const [email, token] = [policy.tenants[0]!.email, tokens.get(policy.tenants[0]!.email)!];
    const { app } = await buildTestApp(testConfig({ DATA_DIR: ctx.config.dataDir, EFIRMA_CA_CERTS: ca.caBundlePath }), ctx.testDb);
    try {
      const body = efirmaBody(tenantEfirma.der, await signEachDocument(token, tenantEfirma));
      const response = await app.inject({ method: 'POST', url: publicUrl(token, '/efirma'), payload: body });
      expect(response.statusCode, response.body).toBe(200);
      expect(await signerRow(email)).toMatchObject({ revocation: 'not_checked', revocationCheckedAt: null, certificateRfc: 'LORF850312AB6' });
    } finally {
      await app.close();
    }
  });

  it('refuses a certificate SAT\'s OCSP responder does not know (not one SAT issued as it says)', async () => {
    const [email, token] = [policy.guarantors[0]!.email, tokens.get(policy.guarantors[0]!.email)!];
    await readyToSign(token, email);
    const unknown = await ca.issue({ person: efirmaPeople.guarantor, recorded: false });
    const response = await postEfirma(token, efirmaBody(unknown.der, await signEachDocument(token, unknown)));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ message: efirmaMessages.revocationUnknown, details: [{ field: 'certificate' }] });
    expect(await efirmaRows(email)).toEqual([]);
  });

  it('SAT\'s OCSP responder down: 503, nothing recorded, the signer may try again later', async () => {
    const [email, token] = [policy.guarantors[0]!.email, tokens.get(policy.guarantors[0]!.email)!];
    const body = efirmaBody(guarantorEfirma.der, await signEachDocument(token, guarantorEfirma));
    await ocsp!.stop();
    const response = await postEfirma(token, body);
    expect(response.statusCode).toBe(503);
    expect(json(response).message).toBe(efirmaMessages.revocationUnavailable);
    expect((await signerRow(email)).signedAt).toBeNull();
    expect(await efirmaRows(email)).toEqual([]);
    const [round] = await db().select().from(signingRounds).where(and(eq(signingRounds.policyId, policy.id), eq(signingRounds.status, 'open')));
    expect(round).toBeDefined();
  });
});
