import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InvestigationDocument, Policy, PolicyEvent } from '@portal/domain';
import { exampleGuarantor } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, tokenFor, json, login, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { multipartFile, sampleFiles } from '../../test/files';

/**
 * What the investigation API tests share (investigation-documents, investigation-decisions): the
 * test app, its files folder and its users, set by setUpInvestigationTests() in each file (ES module
 * live bindings), and request helpers for policies, uploads and decisions.
 */

export let ctx: TestContext;
export let filesRoot: string;
export let admin: string;
export let agent: string;
export let manager: string;
export let approver: string;
export let santaFeAgent: string;
export let santaFeManager: string;

/** Opens the test app and signs in an admin and the staff of two branches before the file's tests; closes it after. */
export function setUpInvestigationTests(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    filesRoot = path.join(ctx.config.dataDir, 'files');
    admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    [agent, manager, approver, santaFeAgent, santaFeManager] = await Promise.all([
      tokenFor(ctx, 'agent', 1),
      tokenFor(ctx, 'manager', 1),
      tokenFor(ctx, 'approver', 1),
      tokenFor(ctx, 'agent', 2),
      tokenFor(ctx, 'manager', 2),
    ]);
  });
  afterAll(() => ctx.close());
}

export const plusPolicy = (guarantors = 1) =>
  newPolicy(ctx, { token: agent, overrides: { policyType: 'plus', guarantors: Array.from({ length: guarantors }, (_, i) => exampleGuarantor(`Aval ${i + 1}`)) } });

export function upload(token: string, folio: string, documentType: string, file = sampleFiles.pdf(), filename = 'documento.pdf', identificationType?: string) {
  const suffix = identificationType ? `/${identificationType}` : '';
  const { payload, headers } = multipartFile(file, filename);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/files/upload/${encodeURIComponent(folio)}/${documentType}${suffix}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

export async function uploaded(token: string, folio: string, documentType: string, file = sampleFiles.pdf(), filename = 'documento.pdf') {
  const response = await upload(token, folio, documentType, file, filename);
  expect(response.statusCode, response.body).toBe(201);
  return json<InvestigationDocument>(response);
}

export const documentsOf = async (folio: string, token = agent) =>
  json<InvestigationDocument[]>(await ctx.app.inject({ url: `/api/files/documentswithresponses/${folio}`, headers: bearer(token) }));

export const statusOf = async (policy: Policy) =>
  json<Policy>(await ctx.app.inject({ url: `/api/policy/unique/${policy.id}`, headers: bearer(admin) })).status;

export const eventsOf = async (policy: Policy) =>
  json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${policy.id}/events`, headers: bearer(admin) }));

type DecisionOptions = { reason?: string; confirmMissing?: boolean };

/** GET carries the options in the query string (the spec's call), POST as a JSON body. */
export function decide(token: string, decision: 'approve' | 'reject', folio: string, method: 'GET' | 'POST' = 'GET', options?: DecisionOptions) {
  const url = `/api/policy/${decision}/${folio}`;
  if (method === 'POST') return ctx.app.inject({ method, url, headers: bearer(token), ...(options ? { payload: options } : {}) });
  const query = options ? `?${new URLSearchParams(Object.entries(options).map(([key, value]): [string, string] => [key, String(value)]))}` : '';
  return ctx.app.inject({ method, url: `${url}${query}`, headers: bearer(token) });
}

export const confirmed = { confirmMissing: true };

export async function documentRows(policyId: number): Promise<number> {
  const result = await ctx.testDb.database.db.execute(sql`select count(*)::int as n from investigation_documents where policy_id = ${policyId}`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}
