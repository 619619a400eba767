import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationResultSchema, type Policy } from '@portal/domain';
import { contractDocuments, linkSignatures, publicLinks, signingRounds } from '../../../db/schema/index';
import { buildTestApp, json, testConfig } from '../../../test/app';
import { pdfPages } from '../../../test/pdf-text';
import { policyInContracts } from '../../../test/policies';
import { startTsaServer, type TsaServer } from '../../../test/tsa-server';
import { acceptPrivacy, agent, codeSentTo, ctx, db, download, post, sendContracts, setUpSigningTests, sha256, signAs, statusOf, threeSigners, view } from '../e-signature.test-helpers';
import { readTimestampReply, readTimestampToken, timestampQuery } from './rfc3161';

/*
 * The RFC 3161 time-stamp over a round's evidence (issue 35), against a real TSA on loopback
 * (OpenSSL's `ts -reply` behind HTTP, test/tsa-server.ts): taken once when the last signer signs,
 * kept on the round, printed on the evidence page, re-read by /verificar; a TSA that refuses or is
 * down leaves the round completed and unstamped.
 */

const run = promisify(execFile);
let tsa: TsaServer;
beforeAll(async () => {
  tsa = await startTsaServer();
});
setUpSigningTests(() => ({ TSA_URL: tsa.url }));
afterAll(() => tsa.close());

type RoundRow = typeof signingRounds.$inferSelect;

/** Tenant, guarantor and owner sign; the owner's (last) signature through `app` (another instance on the same database). */
async function signedRound(app: FastifyInstance = ctx.app): Promise<{ policy: Policy; round: RoundRow }> {
  const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
  const tokens = await sendContracts(policy);
  for (const email of [policy.tenants[0]!.email, policy.guarantors[0]!.email]) expect((await signAs(tokens.get(email)!, email)).statusCode).toBe(200);
  const ownerEmail = policy.property.owner.email;
  const ownerToken = tokens.get(ownerEmail)!;
  await acceptPrivacy(ownerToken);
  expect((await post(ownerToken, '/code')).statusCode).toBe(200);
  expect((await post(ownerToken, '/verify', { code: await codeSentTo(ownerEmail) })).statusCode).toBe(204);
  const { packSha256 } = await view(ownerToken);
  const last = await app.inject({ method: 'POST', url: `/api/public/links/${ownerToken}/signing/sign`, payload: { signature: { kind: 'typed', text: 'Roberto' }, accept: true, packSha256 } });
  expect(last.statusCode, last.body).toBe(200);
  const [round] = await db().select().from(signingRounds).where(eq(signingRounds.policyId, policy.id));
  expect(round!.status).toBe('completed');
  expect(await statusOf(policy)).toBe('active');
  return { policy, round: round! };
}

async function evidenceText(policy: Policy): Promise<string> {
  const [lease] = await db()
    .select()
    .from(contractDocuments)
    .where(and(eq(contractDocuments.policyId, policy.id), eq(contractDocuments.kind, 'lease'), eq(contractDocuments.signed, true)));
  return (await pdfPages(await download(policy, lease!.id))).slice(-2).join(' ');
}

/** The canonical text of evidence.ts's comment, rebuilt here from the records, not by the code under test. */
async function canonicalDigest(round: RoundRow): Promise<string> {
  const originals = await db()
    .select({ kind: contractDocuments.kind, sha256: contractDocuments.sha256 })
    .from(contractDocuments)
    .where(and(eq(contractDocuments.policyId, round.policyId), eq(contractDocuments.packVersion, round.packVersion)));
  const documents = (['lease', 'policy', 'promissory_notes'] as const).filter((kind) => round.documentKinds.includes(kind)).map((kind) => originals.find((d) => d.kind === kind)!.sha256);
  const signers = await db()
    .select({ name: linkSignatures.signerName, signedAt: linkSignatures.signedAt })
    .from(linkSignatures)
    .innerJoin(publicLinks, eq(publicLinks.id, linkSignatures.linkId))
    .where(eq(linkSignatures.roundId, round.id))
    .orderBy(asc(publicLinks.id));
  const text = ['portal-de-polizas/evidencia/v1', `paquete ${round.packSha256}`, ...documents.map((sha) => `documento ${sha}`), ...signers.map((s) => `firmante ${s.name}|simple|${s.signedAt!.toISOString()}|`)].join('\n');
  return sha256(Buffer.from(text, 'utf8'));
}

describe('a round completed with TSA_URL set', () => {
  let policy: Policy;
  let round: RoundRow;
  let requestsBefore: number;
  beforeAll(async () => {
    requestsBefore = tsa.requests;
    ({ policy, round } = await signedRound());
  }, 120_000);

  it('is stamped once, over the digest of its canonical evidence, and the token is kept', async () => {
    // Drawn early outside the transaction and stored as drawn: one stamp, not one per drawing.
    expect(tsa.requests - requestsBefore).toBe(1);
    expect(round.timestampStatus).toBe('stamped');
    expect(round.timestampDigest).toBe(await canonicalDigest(round));
    expect(round.timestampAuthority).toBe(tsa.subject);
    expect(Math.abs(round.timestampAt!.getTime() - round.closedAt!.getTime())).toBeLessThan(60_000);
    const token = await readTimestampToken(Buffer.from(round.timestampToken!, 'base64'));
    expect(token).toMatchObject({ digestHex: round.timestampDigest, serial: round.timestampSerial, authority: tsa.subject });
    expect(token.time.toISOString()).toBe(round.timestampAt!.toISOString());
  });

  it('OpenSSL itself verifies the stored token against the digest and the TSA’s authority', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-ts-verify-'));
    try {
      const tokenFile = path.join(dir, 'token.der');
      await fs.writeFile(tokenFile, Buffer.from(round.timestampToken!, 'base64'));
      const verified = await run('openssl', ['ts', '-verify', '-digest', round.timestampDigest!, '-in', tokenFile, '-token_in', '-CAfile', tsa.caFile]);
      expect(verified.stdout).toContain('Verification: OK');
      const other = run('openssl', ['ts', '-verify', '-digest', 'a'.repeat(64), '-in', tokenFile, '-token_in', '-CAfile', tsa.caFile]);
      await expect(other).rejects.toThrow();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('the evidence page prints the digest, the stamp’s time, authority and serial, and /verificar on the signer’s origin', async () => {
    const text = await evidenceText(policy);
    expect(text).toContain(`Resumen de la evidencia (SHA-256): ${round.timestampDigest}`);
    expect(text).toContain('Estado: Sellado por una autoridad de sellado de tiempo (RFC 3161)');
    expect(text).toContain(`UTC ${round.timestampAt!.toISOString()}`);
    expect(text).toContain(`Autoridad de sellado de tiempo: ${tsa.subject}`);
    expect(text).toContain(`Número de serie del sello: ${round.timestampSerial}`);
    // No PUBLIC_URL here: the address the last signer's request reached.
    expect(text).toMatch(new RegExp(`http://localhost(:80)?/verificar/${round.verificationCode}`));
  });

  it('/verificar re-reads the token: stamped, with its time, authority and serial', async () => {
    const response = await ctx.app.inject({ url: `/api/public/verify/${round.verificationCode}`, remoteAddress: '10.66.0.1' });
    expect(response.statusCode).toBe(200);
    expect(verificationResultSchema.parse(json(response)).timestamp).toEqual({
      status: 'stamped',
      digest: round.timestampDigest,
      time: round.timestampAt!.toISOString(),
      authority: tsa.subject,
      serial: round.timestampSerial,
    });
  });

  it('a kept token that does not stamp the kept digest is not shown as stamped', async () => {
    await db().update(signingRounds).set({ timestampDigest: 'f'.repeat(64) }).where(eq(signingRounds.id, round.id));
    try {
      const response = await ctx.app.inject({ url: `/api/public/verify/${round.verificationCode}`, remoteAddress: '10.66.0.2' });
      expect(json(response).timestamp).toMatchObject({ status: 'failed', time: null });
    } finally {
      await db().update(signingRounds).set({ timestampDigest: round.timestampDigest }).where(eq(signingRounds.id, round.id));
    }
  });
});

describe('a TSA that refuses or is down', () => {
  it('refusing: the round completes unstamped ("failed"), logged, and the page says so', async () => {
    tsa.setMode('reject');
    try {
      const { policy, round } = await signedRound();
      expect(round).toMatchObject({ timestampStatus: 'failed', timestampToken: null, timestampAt: null });
      expect(round.timestampDigest).toBe(await canonicalDigest(round));
      expect(ctx.logs.some((line) => line.includes('the time-stamping authority did not stamp a signing round'))).toBe(true);
      expect(await evidenceText(policy)).toContain('Estado: Sin sello de tiempo: la autoridad no respondió');
    } finally {
      tsa.setMode('granted');
    }
  });

  it('down: the round completes unstamped ("failed")', async () => {
    const gone = await startTsaServer();
    await gone.close();
    const other = await buildTestApp(testConfig({ TSA_URL: gone.url, DATA_DIR: ctx.config.dataDir }), ctx.testDb);
    try {
      const { round } = await signedRound(other.app);
      expect(round).toMatchObject({ timestampStatus: 'failed', timestampToken: null });
      expect(other.logs.some((line) => line.includes('the time-stamping authority did not stamp a signing round'))).toBe(true);
    } finally {
      await other.app.close();
    }
  });
});

describe('the RFC 3161 exchange', () => {
  const digest = sha256(Buffer.from('evidencia de prueba'));
  const ask = async () => {
    const query = timestampQuery(digest);
    const response = await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: query.der });
    return { query, reply: new Uint8Array(await response.arrayBuffer()) };
  };

  it('accepts the TSA’s reply for this digest and nonce only', async () => {
    const { query, reply } = await ask();
    const token = await readTimestampReply(reply, { digestHex: digest, nonce: query.nonce });
    expect(token.authority).toBe(tsa.subject);
    await expect(readTimestampReply(reply, { digestHex: 'b'.repeat(64), nonce: query.nonce })).rejects.toThrow('another digest');
    await expect(readTimestampReply(reply, { digestHex: digest, nonce: '41'.repeat(8) })).rejects.toThrow('nonce');
  });

  it('refuses a token altered by one byte', async () => {
    const { query, reply } = await ask();
    const token = Buffer.from((await readTimestampReply(reply, { digestHex: digest, nonce: query.nonce })).token, 'base64');
    // The genTime's digits sit in the signed TSTInfo: changing one breaks the signature.
    const at = token.indexOf(Buffer.from(String(new Date().getUTCFullYear())));
    expect(at).toBeGreaterThan(0);
    token[at + 3] = token[at + 3] === 0x30 ? 0x31 : 0x30;
    await expect(readTimestampToken(token)).rejects.toThrow();
  });
});
