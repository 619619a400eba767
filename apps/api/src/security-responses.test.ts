import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, createTestContext, json, tokenFor, type TestContext } from './test/app';
import { multipartFile, sampleFiles } from './test/files';
import { downloadNameFor } from './lib/file-type';

// Issue 19, "Responses": every answer in Spanish with the security headers, no cached personal
// data, HSTS when configured, phones that are phones, downloads that cannot open as pages.

let ctx: TestContext;
let agent: string;

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(() => ctx.close());

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe("Fastify's early errors", () => {
  it('answers a malformed %-escape in Spanish JSON with the security headers', async () => {
    const response = await ctx.app.inject({ url: '/api/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(json(response)).toEqual({ statusCode: 400, error: 'Bad Request', code: 'validation', message: 'La dirección solicitada no es válida' });
    expectSecurityHeaders(response.headers);
  });

  it('answers a path segment over the router limit with a Spanish 414 and the headers', async () => {
    const response = await ctx.app.inject({ url: `/api/policy/unique/${'9'.repeat(500)}`, headers: bearer(agent) });
    expect(response.statusCode).toBe(414);
    expect(json(response)).toMatchObject({ statusCode: 414, message: 'La dirección solicitada es demasiado larga' });
    expectSecurityHeaders(response.headers);
  });

  it('keeps the headers on ordinary errors and on 404s', async () => {
    const response = await ctx.app.inject({ url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Ruta no encontrada: GET /api/no-existe');
    expectSecurityHeaders(response.headers);
  });
});

describe('caching and HSTS', () => {
  it('marks authenticated JSON no-store, and leaves anonymous answers alone', async () => {
    const mine = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(agent) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });

  it('sends no HSTS unless HSTS_MAX_AGE is set', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const tls = await createTestContext({ HSTS_MAX_AGE: '31536000' });
    try {
      const response = await tls.app.inject({ url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect((await tls.app.inject({ url: '/api/%E0%A4%A' })).headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await tls.close();
    }
  });
});

describe('phone fields', () => {
  it.each(['javascript:alert(1)', '<img src=x onerror=alert(1)>', '55 1234 abcd'])('refuses %s in a lead’s phone, naming the field', async (phone) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(agent), payload: { name: 'Ana', phone } });
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toContainEqual({ field: 'phone', message: 'El campo Teléfono solo puede tener números, espacios, +, -, paréntesis' });
  });

  it('refuses it in WhatsApp and in a tenant’s mobile too', async () => {
    const lead = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(agent), payload: { name: 'Ana', phonewhats: 'javascript:x' } });
    expect(json(lead).details).toContainEqual({ field: 'phonewhats', message: 'El campo WhatsApp solo puede tener números, espacios, +, -, paréntesis' });
    const input = examplePolicyInput();
    const policy = await ctx.app.inject({
      method: 'POST',
      url: '/api/policy',
      headers: bearer(agent),
      payload: { ...input, tenants: [{ ...input.tenants[0]!, mobile: 'javascript:alert(1)' }] },
    });
    expect(policy.statusCode).toBe(400);
    expect(JSON.stringify(json(policy).details)).toContain('solo puede tener números');
  });

  it('accepts the ways people write phones', async () => {
    for (const phone of ['+52 (55) 1234-5678', '55.1234.5678', '55 1234 5678 ext. 12', '']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(agent), payload: { name: 'Ana', phone } });
      expect(response.statusCode, `${phone}: ${response.body}`).toBe(201);
    }
  });
});

describe('download names', () => {
  it('gives a download the extension of what it is', () => {
    expect(downloadNameFor('factura.html', 'application/pdf')).toBe('factura.pdf');
    expect(downloadNameFor('foto.exe', 'image/png')).toBe('foto.png');
    expect(downloadNameFor('sin extension', 'image/jpeg')).toBe('sin extension.jpg');
    expect(downloadNameFor('foto.JPEG', 'image/jpeg')).toBe('foto.JPEG');
    expect(downloadNameFor('Contrato.pdf', 'application/pdf')).toBe('Contrato.pdf');
    expect(downloadNameFor('.html', 'application/pdf')).toBe('.html.pdf');
  });

  it("saves 'factura.html' stored as a PDF as 'factura.pdf'", async () => {
    const policy = json<Policy>(await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput() }));
    const { payload, headers } = multipartFile(sampleFiles.pdf(), 'factura.html');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/files/upload/${encodeURIComponent(policy.investigationId)}/utilities`,
      headers: { ...bearer(agent), ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = json<InvestigationDocument>(uploaded);
    const response = await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename=factura.pdf');
  });
});
