import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { apiRoot } from './api-root';
import { ADMIN, JWT_SECRET, TEST_SECRET_BOX, bearer, buildTestApp, createTestContext, json, login, testConfig, tokenFor, type TestContext } from './test/app';

const repoRoot = path.resolve(apiRoot, '../..');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ status: 'ok', database: { status: 'ok', kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' } });
  });
});

describe('errors', () => {
  it('answers unknown API routes with the JSON error shape', async () => {
    const response = await ctx.app.inject({ url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ statusCode: 404, error: 'Not Found', code: 'not_found', message: 'Ruta no encontrada: GET /api/no-existe' });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'El cuerpo de la solicitud no es JSON válido' });
  });

  it('answers an unsupported content type with 415 and an oversized body with 413', async () => {
    const text = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hola' });
    expect(text.statusCode).toBe(415);
    expect(json(text).message).toBe('Tipo de contenido no admitido');
    const big = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }) });
    expect(big.statusCode).toBe(413);
  });

  it('names the kind of every failure in `code` (issue 31)', async () => {
    const agent = await tokenFor(ctx, 'agent');
    const answers = {
      validation: await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
      unauthorized: await ctx.app.inject({ url: '/api/users' }),
      session_expired: await ctx.app.inject({ url: '/api/users', headers: bearer('no-es-un-token') }),
      forbidden: await ctx.app.inject({ url: '/api/users', headers: bearer(agent) }),
      not_found: await ctx.app.inject({ url: '/api/no-existe' }),
      unsupported_media_type: await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hola' }),
    };
    for (const [code, response] of Object.entries(answers)) expect(json(response).code, code).toBe(code);
    expect(json(answers.session_expired).message).toBe('La sesión ha expirado. Inicie sesión nuevamente.');
  });

  it('hides the cause of a 500 from the client and logs it', async () => {
    const collected: string[] = [];
    const app = await buildApp(ctx.config, {
      database: ctx.testDb.database,
      jwtSecret: new TextEncoder().encode(JWT_SECRET),
      secretBox: TEST_SECRET_BOX,
      logStream: { write: (line) => void collected.push(line) },
    });
    // Added before the app is ready: a route that fails the way a broken query would.
    app.get('/api/fallo', async () => {
      throw new Error('SELECT secreto FROM tabla_interna');
    });
    try {
      const response = await app.inject({ url: '/api/fallo' });
      expect(response.statusCode).toBe(500);
      expect(json(response)).toEqual({ statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' });
      expect(response.body).not.toContain('secreto');
      expect(collected.join('')).toContain('SELECT secreto FROM tabla_interna');
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it('sends a same-origin CSP, nosniff, no framing and a referrer policy on every response', async () => {
    for (const url of ['/api/health', '/api/no-existe', '/api/users']) {
      const { headers } = await ctx.app.inject({ url });
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('OpenAPI', () => {
  it('describes the API at /api/docs/json and serves the UI at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = json(response);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/refresh-token', '/api/auth/logout', '/api/auth/me', '/api/users', '/api/users/{id}', '/api/branches', '/api/branches/{id}', '/api/health',
        '/api/files/upload/{investigationId}/{documentType}', '/api/files/documentswithresponses/{investigationId}', '/api/policy/approve/{investigationId}',
        '/api/addendum/item/{id}', '/api/addendum/upload-file/{addendumId}/{policyId}', '/api/appo/update/{id}', '/api/appo/feed', '/api/leads/uodate/{id}', '/api/leads/columns']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect((await ctx.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });
});

describe('the web app', () => {
  it('serves index.html for client routes, assets with long caching, and JSON 404s under /api', async () => {
    const config = testConfig();
    const dist = config.webDistDir;
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal de Pólizas</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { app } = await buildTestApp(config, ctx.testDb);
    try {
      for (const url of ['/', '/login', '/admin/users/5/edit', '/policies?x=1']) {
        const page = await app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('Portal de Pólizas');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      }
      const asset = await app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const head = await app.inject({ method: 'HEAD', url: '/policies/3' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');
      const staleChunk = await app.inject({ url: '/assets/old-chunk-1234.js' });
      expect(staleChunk.statusCode).toBe(404);
      expect(staleChunk.headers['content-type']).toContain('application/json');
      // A rebuild while the server runs: the new chunk is served without a restart.
      fs.writeFileSync(path.join(dist, 'assets', 'new-chunk-5678.js'), 'console.log(2)');
      const rebuilt = await app.inject({ url: '/assets/new-chunk-5678.js' });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toBe('console.log(2)');
      const api = await app.inject({ url: '/api/nada' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
      expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the web app, compressed', () => {
  it('hands out the Brotli or gzip copy the build wrote, by Accept-Encoding, and the plain file otherwise', async () => {
    const config = testConfig();
    const dist = config.webDistDir;
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal de Pólizas</title><div id="root"></div>');
    const script = `export const textos = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Póliza número ${i}`))};`;
    fs.writeFileSync(path.join(dist, 'assets', 'login-abc123.js'), script);
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/compress-static.mjs'), dist]);
    const { app } = await buildTestApp(config, ctx.testDb);
    try {
      const url = '/assets/login-abc123.js';
      const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);

      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      // index.html is too small for a copy made at build time: compressed on the way out, revalidated.
      const page = await app.inject({ url: '/policies', headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('Portal de Pólizas');
    } finally {
      await app.close();
    }
  });
});

describe('ids out of range', () => {
  it('answers 400, never a 500, for an id larger than a PostgreSQL integer', async () => {
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password);
    const huge = '99999999999';
    const calls = [
      ['GET', `/api/policy/unique/${huge}`],
      ['GET', `/api/policy/${huge}`],
      ['DELETE', `/api/policy/delete/${huge}`],
      ['GET', `/api/files/${huge}/download`],
      ['GET', `/api/addendum/item/${huge}`],
      ['POST', `/api/addendum/upload-file/${huge}/1`],
      ['GET', `/api/appo/${huge}`],
      ['GET', `/api/leads/del/${huge}`],
      ['GET', `/api/policy/search?branchId=${huge}`],
      ['GET', '/api/appo/search?page=1e300'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({ method, url, headers: bearer(token) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming the field for a NUL character in a body, a query or a path', async () => {
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password);
    const body = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(token), payload: { name: 'a\u0000b' } });
    expect(json(body)).toMatchObject({ statusCode: 400, details: [{ field: 'name', message: 'El campo name contiene caracteres no válidos' }] });
    const deep = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"name":"x","notes":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    for (const url of ['/api/appo/search?q=a%00b', '/api/policy/search?q=a%00b', '/api/addendum/search?q=a%00b', '/api/files/documentswithresponses/INV%00X']) {
      const response = await ctx.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('API answers, compressed', () => {
  it('compresses JSON over 1 KiB for a client that accepts it, and leaves small answers and other clients alone', async () => {
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password);
    // The OpenAPI document: tens of KB of JSON.
    const large = { url: '/api/docs/json' };
    const plain = await ctx.app.inject(large);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await ctx.app.inject({ ...large, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 4);

    const gzip = await ctx.app.inject({ ...large, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const small = await ctx.app.inject({ url: '/api/auth/me', headers: { ...bearer(token), 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
