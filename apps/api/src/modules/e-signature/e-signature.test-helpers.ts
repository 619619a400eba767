import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { policyContractsSchema, signingRoundSchema, signingViewSchema, type Policy, type PolicyContracts, type SigningRound, type SigningView } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { branches, emailOutbox } from '../../db/schema/index';
import { bearer, createTestContext, json, signInAs, tokenFor, type TestContext } from '../../test/app';

/**
 * What the e-signature API tests share (e-signature-rounds, e-signature-signers): the test app and
 * its users, set by setUpSigningTests() in each file (ES module live bindings), and helpers that
 * bring a policy to a round and act as its signers.
 */

export let ctx: TestContext;
export let agent: { id: number; token: string };
export let manager: { id: number; token: string };
export let otherBranchAgent: string;

/**
 * Opens the test app and signs in an agent and a manager of one branch and an agent of another before the file's tests; closes it after.
 * `env`: the app's environment beyond the tests' own (EFIRMA_CA_CERTS…), read once the file's earlier beforeAll ran.
 */
export function setUpSigningTests(env: () => Record<string, string> = () => ({})): void {
  beforeAll(async () => {
    ctx = await createTestContext(env());
    [agent, manager] = await Promise.all([signInAs(ctx, 'agent', 1), signInAs(ctx, 'manager', 1)]);
    otherBranchAgent = await tokenFor(ctx, 'agent', 2);
    await db().update(branches).set({ managerId: manager.id }).where(eq(branches.id, 1));
  }, 60_000);
  afterAll(() => ctx.close());
}

export const db = () => ctx.app.db;
export const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type PolicyOverrides = Parameters<typeof examplePolicyInput>[0];

/** Tenant, guarantor and owner, each with their own e-mail. */
export function threeSigners(overrides: PolicyOverrides = {}): PolicyOverrides {
  const base = examplePolicyInput().property!;
  return {
    policyType: 'plus',
    isElectronicSignature: true,
    tenants: [{ ...exampleTenant('María Fernanda López Ruiz'), email: `maria.${Date.now()}.${Math.random()}@example.mx` }],
    guarantors: [{ ...exampleGuarantor('Óscar Gutiérrez Peña'), email: `oscar.${Date.now()}.${Math.random()}@example.mx` }],
    property: { ...base, owner: { ...base.owner, email: `roberto.${Date.now()}.${Math.random()}@example.mx` } },
    ...overrides,
  };
}

export const send = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
export const setStatus = (policy: Pick<Policy, 'id'>, status: string, token = agent.token) => send(`/api/policy/update/${policy.id}`, token, { status });

/** 'Enviar Contratos', then each signer's token read from the e-mail that carried their link. */
export async function sendContracts(policy: Policy, token = agent.token): Promise<Map<string, string>> {
  const response = await setStatus(policy, 'signature', token);
  expect(response.statusCode, response.body).toBe(200);
  return signTokens(policy);
}

async function signTokens(policy: Policy): Promise<Map<string, string>> {
  const emails = [...policy.tenants.map((t) => t.email), ...policy.guarantors.map((g) => g.email), policy.property.owner.email];
  const tokens = new Map<string, string>();
  for (const email of emails) {
    const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'link_sign'))).orderBy(desc(emailOutbox.id)).limit(1);
    tokens.set(email, /\/p\/([A-Za-z0-9_-]{43})/.exec(row!.text)![1]!);
  }
  return tokens;
}

export const publicUrl = (token: string, path = '') => `/api/public/links/${token}/signing${path}`;
export const post = (token: string, path: string, payload: object = {}, ip = '10.20.30.40') =>
  ctx.app.inject({ method: 'POST', url: publicUrl(token, path), payload, remoteAddress: ip, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; Prueba)' } });

export async function acceptPrivacy(token: string) {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 } });
  expect(response.statusCode, response.body).toBe(204);
}

/** The code of the newest 'signing_code' e-mail to `email` (the outbox row, as the delivery would send it). */
export async function codeSentTo(email: string): Promise<string> {
  const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'signing_code'))).orderBy(desc(emailOutbox.id)).limit(1);
  return /Su código es (\d{6})/.exec(row!.text)![1]!;
}

export async function view(token: string): Promise<SigningView> {
  const response = await ctx.app.inject({ url: publicUrl(token) });
  expect(response.statusCode, response.body).toBe(200);
  return signingViewSchema.strict().parse(json(response));
}

/** Aviso, code, verification and signature of one signer; answers the sign response. */
export async function signAs(token: string, email: string, signature: object = { kind: 'typed', text: 'Firma escrita' }) {
  await acceptPrivacy(token);
  const sent = await post(token, '/code');
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await post(token, '/verify', { code: await codeSentTo(email) });
  expect(verified.statusCode, verified.body).toBe(204);
  const { packSha256 } = await view(token);
  return post(token, '/sign', { signature, accept: true, packSha256 });
}

export async function roundOf(policy: Pick<Policy, 'id'>, token = agent.token): Promise<SigningRound | null> {
  const response = await ctx.app.inject({ url: `/api/policy/${policy.id}/signing`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return signingRoundSchema.nullable().parse(json(response));
}

export async function contractsOf(policy: Pick<Policy, 'id'>): Promise<PolicyContracts> {
  const response = await ctx.app.inject({ url: `/api/policy/${policy.id}/contracts`, headers: bearer(agent.token) });
  return policyContractsSchema.parse(json(response));
}

export async function download(policy: Pick<Policy, 'id'>, documentId: number): Promise<Uint8Array> {
  const response = await ctx.app.inject({ url: `/api/policy/${policy.id}/contracts/${documentId}/file`, headers: bearer(agent.token) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

export async function statusOf(policy: Pick<Policy, 'id'>): Promise<string> {
  const list = json<Policy[]>(await ctx.app.inject({ url: '/api/policy', headers: bearer(agent.token) }));
  return list.find((p) => p.id === policy.id)!.status;
}
