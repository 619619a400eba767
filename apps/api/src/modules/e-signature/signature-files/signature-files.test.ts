import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFileSchema, type Policy } from '@portal/domain';
import { contractDocuments, efirmaSignatures, linkSignatures } from '../../../db/schema/index';
import { bearer, json, tokenFor } from '../../../test/app';
import { policyInContracts } from '../../../test/policies';
import { agent, ctx, db, download, otherBranchAgent, sendContracts, setUpSigningTests, sha256, threeSigners } from '../e-signature.test-helpers';

/*
 * Staff download the .p7s of a round's e.firma signatures (issue 35). The e.firma verification
 * stores them; here a real detached CMS made with OpenSSL over the lease is put in the store the
 * way it would be, so the download can be checked with `openssl cms -verify`.
 */

const run = promisify(execFile);
setUpSigningTests();

let dir: string;
let policy: Policy;
let otherPolicy: Policy;
let roundId: number;
let signatureId: number;
let p7s: Buffer;
let leaseBytes: Buffer;

/** A detached CMS over `content` by a throwaway certificate (DER). */
async function detachedCms(content: Buffer): Promise<Buffer> {
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  await openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '30', '-subj', '/CN=Firmante de prueba');
  await fs.writeFile(path.join(dir, 'document.pdf'), content);
  await openssl('cms', '-sign', '-binary', '-in', 'document.pdf', '-signer', 'cert.pem', '-inkey', 'key.pem', '-outform', 'DER', '-out', 'signature.p7s');
  return fs.readFile(path.join(dir, 'signature.p7s'));
}

/** The .p7s placed in the disk store under a name of the store's pattern ('ab/<uuid>.cms'): how the e.firma verification names it is its own affair. */
async function storeP7s(bytes: Buffer): Promise<string> {
  const files = ctx.config.files;
  if (files.kind !== 'disk') throw new Error('these tests use the disk store');
  const id = crypto.randomUUID();
  const storedName = `${id.slice(0, 2)}/${id}.cms`;
  await fs.mkdir(path.join(files.root, id.slice(0, 2)), { recursive: true });
  await fs.writeFile(path.join(files.root, storedName), bytes);
  return storedName;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-p7s-'));
  policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
  otherPolicy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
  await sendContracts(policy);
  const [lease] = await db().select().from(contractDocuments).where(and(eq(contractDocuments.policyId, policy.id), eq(contractDocuments.kind, 'lease')));
  leaseBytes = Buffer.from(await download(policy, lease!.id));
  p7s = await detachedCms(leaseBytes);
  const [tenant] = await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, policy.tenants[0]!.email));
  roundId = tenant!.roundId;
  const [row] = await db()
    .insert(efirmaSignatures)
    .values({ linkId: tenant!.linkId, roundId, documentSha256: lease!.sha256, covers: 'lease', storedName: await storeP7s(p7s), cmsSha256: sha256(p7s), size: p7s.length })
    .returning({ id: efirmaSignatures.id });
  signatureId = row!.id;
}, 120_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const listUrl = (policyId = policy.id, round: number | string = roundId) => `/api/policy/${policyId}/signing/rounds/${round}/signatures`;
const fileUrl = (policyId = policy.id, round: number | string = roundId, signature: number | string = signatureId) => `${listUrl(policyId, round)}/${signature}/file`;

describe("a round's e.firma signatures", () => {
  it('lists them for staff of the branch', async () => {
    const response = await ctx.app.inject({ url: listUrl(), headers: bearer(agent.token) });
    expect(response.statusCode, response.body).toBe(200);
    const list = signatureFileSchema.array().parse(json(response));
    expect(list).toEqual([
      { id: signatureId, signerName: 'María Fernanda López Ruiz', party: 'tenant', covers: 'Contrato de arrendamiento', documentSha256: sha256(leaseBytes), cmsSha256: sha256(p7s), size: p7s.length, available: true },
    ]);
  });

  it('downloads the .p7s, which OpenSSL verifies against the lease', async () => {
    // Every staff role reads a policy's contracts, the lawyer too (court work): the .p7s is the same evidence.
    const lawyer = await tokenFor(ctx, 'lawyer', 1);
    const response = await ctx.app.inject({ url: fileUrl(), headers: bearer(lawyer) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pkcs7-signature');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=firma-efirma-${roundId}-lease-${signatureId}.p7s`);
    expect(Buffer.compare(response.rawPayload, p7s)).toBe(0);
    await fs.writeFile(path.join(dir, 'downloaded.p7s'), response.rawPayload);
    const verified = await run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'downloaded.p7s', '-content', 'document.pdf', '-noverify', '-out', '/dev/null'], { cwd: dir });
    expect(verified.stderr).toContain('Verification successful');
  });

  it('needs a session (401): no token, or a signer’s link token', async () => {
    for (const url of [listUrl(), fileUrl()]) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url, headers: bearer('a'.repeat(43)) })).statusCode).toBe(401);
    }
  });

  it('stays in the branch (404), and in the policy and round it names (404)', async () => {
    for (const url of [listUrl(), fileUrl()]) expect((await ctx.app.inject({ url, headers: bearer(otherBranchAgent) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: fileUrl(otherPolicy.id), headers: bearer(agent.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: fileUrl(policy.id, roundId + 1000), headers: bearer(agent.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: fileUrl(policy.id, roundId, signatureId + 1000), headers: bearer(agent.token) })).statusCode).toBe(404);
    const otherList = await ctx.app.inject({ url: listUrl(otherPolicy.id), headers: bearer(agent.token) });
    expect(json(otherList)).toEqual([]);
  });

  it('validates the ids (400)', async () => {
    for (const url of [listUrl(policy.id, 'x'), fileUrl(policy.id, roundId, 'abc'), fileUrl(policy.id, roundId, -1)]) {
      expect((await ctx.app.inject({ url, headers: bearer(agent.token) })).statusCode).toBe(400);
    }
  });

  it('a .p7s the store no longer keeps is a 404, listed as unavailable', async () => {
    await db().update(efirmaSignatures).set({ storedName: null }).where(eq(efirmaSignatures.id, signatureId));
    expect((await ctx.app.inject({ url: fileUrl(), headers: bearer(agent.token) })).statusCode).toBe(404);
    expect(json((await ctx.app.inject({ url: listUrl(), headers: bearer(agent.token) })))[0].available).toBe(false);
  });
});
