import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './test/app';

/**
 * Every route wants a session (401 without one) except those open on purpose: the public routes
 * (a credential in the path), the gateway's webhook, sign-in, health, metrics and the API's own
 * description. Read from the OpenAPI document, so a new route is checked by being added.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Routes open without a session, as `METHOD /path` (OpenAPI's {param}). */
const openOnPurpose = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  // Sign-in: these take their own credentials (a password, a pending sign-in's token, a refresh token).
  'POST /api/auth/login',
  'POST /api/auth/login/mfa',
  'POST /api/auth/login/mfa-setup',
  'POST /api/auth/login/mfa-setup/confirm',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  // The calendar feed: its file's name is the credential (calendar apps send no session).
  'GET /api/appo/feed/{file}',
  // Registered through publicRoutes(): the token, the form's key or the webhook's token is the credential.
  'GET /api/public/citas/{token}',
  'POST /api/public/citas/{token}',
  'POST /api/public/leads/{branchKey}',
  'POST /api/public/whatsapp/{webhookToken}',
  'GET /api/public/links/{token}',
  'POST /api/public/links/{token}/privacy',
  'GET /api/public/links/{token}/signing',
  'GET /api/public/links/{token}/signing/pack',
  'POST /api/public/links/{token}/signing/code',
  'POST /api/public/links/{token}/signing/verify',
  'POST /api/public/links/{token}/signing/sign',
  'POST /api/public/links/{token}/signing/decline',
  'GET /api/public/links/{token}/signing/documents/{kind}',
  'POST /api/public/links/{token}/signing/efirma',
  'GET /api/public/links/{token}/documents',
  'POST /api/public/links/{token}/upload/{documentType}',
  'POST /api/public/links/{token}/upload/{documentType}/{identificationType}',
  // Issue 35: /verificar, for anyone holding a signed PDF or the code on its evidence page.
  'GET /api/public/verify/{code}',
  'POST /api/public/verify',
  // Issue 32: the owner's rent confirmation.
  'GET /api/public/rent-confirmations/{token}',
  'POST /api/public/rent-confirmations/{token}',
  'GET /api/public/rent-proofs/{token}',
  'POST /api/public/rent-proofs/{token}',
  // The owner's or tenant's photos of the move-out (issue 32): the token is the credential.
  'GET /api/public/move-out/{token}',
  'POST /api/public/move-out/{token}/rooms/{roomKey}/photos',
  // Issue 33: the owner's link to report a problem and follow the policy's cases.
  'GET /api/public/claims/{token}',
  'POST /api/public/claims/{token}',
]);

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('a request without a session', () => {
  it('is answered 401 by every route but those open on purpose', async () => {
    const document = json<{ paths: Record<string, Record<string, unknown>> }>(await ctx.app.inject({ url: '/api/docs/json' }));
    const refused: string[] = [];
    const answered: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of methods) {
        if (!operations[method]) continue;
        const route = `${method.toUpperCase()} ${path}`;
        if (openOnPurpose.has(route)) continue;
        const response = await ctx.app.inject({ method: method.toUpperCase() as Uppercase<(typeof methods)[number]>, url: path.replace(/\{[^}]+\}/g, '1') });
        (response.statusCode === 401 ? refused : answered).push(`${route} → ${response.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
    expect(refused.length).toBeGreaterThan(100);
  });
});
