import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { claimFiles, claims, emailOutbox } from '../../../db/schema/index';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../../test/app';
import { multipartForm } from '../../../test/files';
import { newPolicy } from '../../../test/policies';

/*
 * The owner's link and evidence tests share this (issue 33): 'today' is 10 March 2027 in Mexico
 * City, policies of Polanco (branch 1) in force since 1 December 2026 at $18,500 a month.
 */

export const NOW = new Date('2027-03-10T18:00:00Z');
export const PUBLIC_URL = 'https://polizas.empresa.mx';
export const daysLater = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

type Users = Record<'admin' | 'agent' | 'manager' | 'lawyer' | 'approver' | 'otherBranchAgent', { id: number; token: string }>;
export let ctx: TestContext;
export let users: Users;

export function useOwnerContext(): void {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    ctx = await createTestContext({ PUBLIC_URL });
    const [admin, agent, manager, lawyer, approver, otherBranchAgent] = await Promise.all([
      signInAs(ctx, 'admin', 1),
      signInAs(ctx, 'agent', 1),
      signInAs(ctx, 'manager', 1),
      signInAs(ctx, 'lawyer', 1),
      signInAs(ctx, 'approver', 1),
      signInAs(ctx, 'agent', 2),
    ]);
    users = { admin, agent, manager, lawyer, approver, otherBranchAgent };
  });
  beforeEach(() => {
    vi.setSystemTime(NOW);
  });
  afterAll(async () => {
    await ctx.close();
    vi.useRealTimers();
  });
}

export const db = () => ctx.testDb.database.db;

let owners = 0;

/** A policy in force since 1 December 2026 (status as given) whose owner has a unique e-mail unless told. */
export async function activePolicy(options: { email?: string; status?: 'active' | 'cancelled' } = {}): Promise<Policy> {
  const base = examplePolicyInput().property;
  owners += 1;
  const property = {
    ...base,
    owner: { ...base.owner, name: `Rosa Propietaria ${owners}`, email: options.email ?? `propietaria${owners}@correo.mx` },
    rent: { ...base.rent, contractStartDate: '2026-12-01', gracePeriod: '5' },
  };
  return newPolicy(ctx, { token: users.agent.token, overrides: { property, status: options.status ?? 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` }, via: 'admin-jump' });
}

export const issueOwnerLink = (policyId: number, token: string | null = users.agent.token) =>
  ctx.app.inject({ method: 'POST', url: `/api/policy/${policyId}/claims/owner-link`, headers: token ? bearer(token) : {} });

/** The owner's link by the staff's endpoint: its token, with the aviso accepted unless told. */
export async function ownerToken(policy: Policy, options: { accept?: boolean } = {}): Promise<string> {
  const response = await issueOwnerLink(policy.id);
  expect(response.statusCode, response.body).toBe(201);
  const token = json<{ url: string }>(response).url.split('/p/')[1]!;
  if (options.accept !== false) {
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 } });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
  }
  return token;
}

export const ownerView = (token: string) => ctx.app.inject({ url: `/api/public/claims/${token}` });

export const reportJson = (token: string, payload: object, ip = '10.4.4.4') => ctx.app.inject({ method: 'POST', url: `/api/public/claims/${token}`, payload, remoteAddress: ip });

export interface SentFile {
  content: Buffer;
  filename: string;
}

/** 'Reportar un problema' as the page sends it with files: the fields, then each file in «files». */
export function reportWithFiles(token: string, fields: Record<string, string>, files: SentFile[], ip = '10.4.4.5') {
  const body = multipartForm(fields, files.map((file) => ({ field: 'files', ...file })));
  return ctx.app.inject({ method: 'POST', url: `/api/public/claims/${token}`, headers: body.headers, payload: body.payload, remoteAddress: ip });
}

export const claimsOf = (policyId: number) => db().select().from(claims).where(eq(claims.policyId, policyId)).orderBy(claims.id);
export const filesOfClaim = (claimId: number) => db().select().from(claimFiles).where(eq(claimFiles.claimId, claimId)).orderBy(claimFiles.id);
export const emailsTo = (recipient: string) => db().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.id);

/** The fields a 400 names. */
export const fieldsOf = (response: LightMyRequestResponse) => json<{ details?: Array<{ field: string }> }>(response).details?.map((detail) => detail.field) ?? [];
