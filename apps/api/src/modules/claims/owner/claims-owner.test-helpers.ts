import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Policy } from '@portal/domain';
import { claimFiles, claims, emailOutbox } from '../../../db/schema/index';
import { bearer, json } from '../../../test/app';
import { activePolicy as sharedActivePolicy, ctx, db, useClaimsContext, users } from '../claims.test-helpers';
import { multipartForm } from '../../../test/files';

/*
 * The owner's link and evidence tests share this (issue 33): 'today' is 10 March 2027 in Mexico
 * City, policies of Polanco (branch 1) in force since 1 December 2026 at $18,500 a month.
 */

export { ctx, daysLater, db, NOW, users } from '../claims.test-helpers';
export const PUBLIC_URL = 'https://polizas.empresa.mx';

/** The incidencias' shared context, with the public address the owner's links are built on. */
export const useOwnerContext = () => useClaimsContext({ PUBLIC_URL });

/** A policy in force since 1 December 2026 (status as given) whose owner has a unique e-mail unless told ('' for none). */
export const activePolicy = (options: { email?: string; status?: 'active' | 'cancelled' } = {}): Promise<Policy> => sharedActivePolicy({ ownerEmail: options.email, status: options.status });

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

/** The fields an answer names (a 400, or a 415 naming the file's field). */
export const fieldsOf = (response: LightMyRequestResponse) => json<{ details?: Array<{ field: string }> }>(response).details?.map((detail) => detail.field) ?? [];
