import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LeadCaptureKey } from '@portal/domain';
import { leadNotes, leads } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';

/**
 * What the lead capture tests share (lead-capture-form, whatsapp-webhook): the test app and its
 * users, set by setUpLeadCaptureTests() in each file (ES module live bindings), and request helpers.
 */

export const publicUrl = 'https://polizas.empresa.test';
export const site = 'https://www.inmobiliaria.test';

export let ctx: TestContext;
export let admin: string;
export let manager: string;
export let agent: string;
export let santaFeManager: string;

/** Opens the test app (with its public URL), signs in its users and sets branch 1's form origins before the file's tests; closes it after. */
export function setUpLeadCaptureTests(): void {
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: publicUrl });
    admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    [manager, agent, santaFeManager] = await Promise.all([tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 2)]);
    expect((await put('/api/branches/1/lead-capture', manager, { origins: [site, 'http://localhost:5173/'] })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());
}

export const db = () => ctx.app.db;
export const get = (url: string, token?: string) => ctx.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
export const put = (url: string, token: string | undefined, payload: object) => ctx.app.inject({ method: 'PUT', url, ...(token ? { headers: bearer(token) } : {}), payload });
export const postAuth = (url: string, token: string | undefined) => ctx.app.inject({ method: 'POST', url, ...(token ? { headers: bearer(token) } : {}) });

let addressCounter = 0;
/** Each test its own address, so the per-IP rate limit of one never touches another. */
export const nextIp = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

export async function rotateKey(branchId: number, token: string): Promise<LeadCaptureKey> {
  const response = await postAuth(`/api/branches/${branchId}/lead-capture/key`, token);
  expect(response.statusCode, response.body).toBe(201);
  return json<LeadCaptureKey>(response);
}

export function postJson(formKey: string, payload: object, headers: Record<string, string> = {}, ip = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: `/api/public/leads/${formKey}`, payload, headers, remoteAddress: ip });
}

export function postForm(formKey: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/leads/${formKey}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: nextIp(),
  });
}

export async function leadsNamed(name: string) {
  return db().select().from(leads).where(eq(leads.name, name));
}

export async function notesOf(leadId: number) {
  return db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId));
}
