import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { publicLinkMessages } from '@portal/domain';
import { buildApp } from '../app';
import { JWT_SECRET, TEST_SECRET_BOX, testConfig } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { publicRoutes } from './public-routes';

/**
 * The public routes' seam: a route gets the rate limit, the headers and the masked token because
 * it was registered through publicRoutes(), wherever its path is. Dummy routes on the whole app
 * (its logger, its database-backed rate limit), with a twin registered plainly to compare.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), {
    database: testDb.database,
    jwtSecret: new TextEncoder().encode(JWT_SECRET),
    secretBox: TEST_SECRET_BOX,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  const answer = async () => ({ ok: true });
  await app.register(
    publicRoutes(async (scope) => {
      scope.get('/prueba/:token', answer);
      scope.get('/prueba/:token/limitada', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, answer);
      scope.post('/prueba/clave/:branchKey', { config: { credentialParam: 'branchKey' } }, answer);
      scope.publicPage('/pagina-de-prueba/:token');
    }),
  );
  await app.register(async (scope) => {
    scope.get('/sin-costura/:token', answer);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const token = 'T'.repeat(43);
const call = (url: string, ip = '10.60.0.1', method: 'GET' | 'POST' = 'GET') => app.inject({ method, url, remoteAddress: ip });
const loggedLines = () => logs.join('\n');

describe('a route registered through publicRoutes()', () => {
  it('is limited to 60 calls a minute per address, then answers 429 in Spanish', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) statuses.push((await call(`/prueba/${token}`, '10.60.0.2')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await call(`/prueba/${token}`, '10.60.0.2');
    expect(limited.statusCode).toBe(429);
    expect((limited.json() as { message: string }).message).toBe(publicLinkMessages.tooManyRequests);
    expect((await call(`/prueba/${token}`, '10.60.0.3')).statusCode).toBe(200);
  });

  it('keeps the limit it states', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await call(`/prueba/${token}/limitada`, '10.60.0.4')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers with the public headers', async () => {
    const response = await call(`/prueba/${token}`);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('has its token, or the parameter it names, masked in the log line', async () => {
    await call(`/prueba/${token}?x=1`);
    await call(`/prueba/clave/${token}Z`, '10.60.0.1', 'POST');
    expect(loggedLines()).toContain('/prueba/[oculto]?x=1');
    expect(loggedLines()).toContain('/prueba/clave/[oculto]');
    expect(loggedLines()).not.toContain(token);
  });

  it('masks the token of a URL under it that no route matches', async () => {
    await call(`/prueba/${token}Y/no-existe`);
    expect(loggedLines()).toContain('/prueba/[oculto]/no-existe');
    expect(loggedLines()).not.toContain(`${token}Y`);
  });
});

describe('a page declared with publicPage()', () => {
  it('answers with the public headers and its token masked in the log line', async () => {
    const response = await call(`/pagina-de-prueba/${token}X`);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(loggedLines()).toContain('/pagina-de-prueba/[oculto]');
    expect(loggedLines()).not.toContain(`${token}X`);
  });
});

describe('a route registered plainly', () => {
  it('gets none of it: no limit, no public headers, its path logged as sent', async () => {
    const plain = 'S'.repeat(43);
    for (let index = 0; index < 61; index++) expect((await call(`/sin-costura/${plain}`, '10.60.0.5')).statusCode).toBe(200);
    const response = await call(`/sin-costura/${plain}`, '10.60.0.5');
    expect(response.headers['referrer-policy']).not.toBe('no-referrer');
    expect(loggedLines()).toContain(`/sin-costura/${plain}`);
  });

  it('may not live under /api/public/', async () => {
    const other = await buildApp(testConfig(), { database: testDb.database, jwtSecret: new TextEncoder().encode(JWT_SECRET), secretBox: TEST_SECRET_BOX, logStream: { write: () => {} } });
    await expect(other.register(async (scope) => void scope.get('/api/public/prueba/:token', async () => ({})))).rejects.toThrow('publicRoutes()');
    await other.close();
  });
});
