import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { InvestigationDocument, Lead, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { openDatabase, type Database } from './db/client';
import { ADMIN, bearer, buildTestApp, createTestContext, insertUser, json, login, testConfig, type TestContext } from './test/app';
import { LOGIN_LIMITS } from './modules/auth/index';
import { multipartFile, sampleFiles } from './test/files';
import { startTestBucket, type TestBucket } from './test/s3';

/**
 * Two instances as two machines would run them: one PostgreSQL database (each with its own pool),
 * one bucket, separate data directories. PGlite is one process, so this runs only with
 * TEST_DATABASE_URL.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two instances on one database and one bucket', () => {
  let bucket: TestBucket;
  let ctx: TestContext;
  let other: FastifyInstance;
  let otherDatabase: Database;
  const prefix = `instancias-${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    bucket = await startTestBucket();
    ctx = await createTestContext(bucket.env(prefix));
    otherDatabase = await openDatabase({ databaseUrl: ctx.testDb.url! });
    other = (await buildTestApp(testConfig(bucket.env(prefix)), { ...ctx.testDb, database: otherDatabase })).app;
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await ctx?.close();
    await bucket?.close();
  });

  it('accepts on one instance a session made on the other', async () => {
    const user = await insertUser(ctx);
    const { token } = await login(ctx.app, user.email, user.password);
    expect((await other.inject({ url: '/api/policy/search', headers: bearer(token) })).statusCode).toBe(200);
    const second = await login(other, user.email, user.password);
    expect((await ctx.app.inject({ url: '/api/policy/search', headers: bearer(second.token) })).statusCode).toBe(200);
  });

  it('downloads through one instance a file uploaded through the other, and deletes it for both', async () => {
    const user = await insertUser(ctx, { role: 'agent', branchId: 1 });
    const { token } = await login(ctx.app, user.email, user.password);
    const policy = json<Policy>(await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: examplePolicyInput() }));
    const file = sampleFiles.pdf('compartido');
    const { payload, headers } = multipartFile(file, 'compartido.pdf');
    const uploaded = await ctx.app.inject({ method: 'POST', url: `/api/files/upload/${policy.investigationId}/incomeProof`, headers: { ...bearer(token), ...headers }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = json<InvestigationDocument>(uploaded);

    const download = await other.inject({ url: `/api/files/${document.id}/download`, headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(file);

    expect((await other.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await bucket.keys()).filter((key) => key.startsWith(`${prefix}/`))).toEqual([]);
  });

  it('counts failed sign-ins on both: the limit holds whichever instance answers', async () => {
    const user = await insertUser(ctx);
    const wrong = { email: user.email, password: 'no-es-la-clave' };
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAccountAndAddress; attempt++) {
      const app = attempt % 2 === 0 ? ctx.app : other;
      expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong })).statusCode).toBe(401);
    }
    for (const app of [ctx.app, other]) {
      expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } })).statusCode).toBe(429);
    }
  });

  it('refuses on one instance, from its next request, a user deactivated on the other', async () => {
    const user = await insertUser(ctx, { role: 'agent', branchId: 1 });
    const { token } = await login(other, user.email, user.password);
    const search = (app: FastifyInstance) => app.inject({ url: '/api/policy/search', headers: bearer(token) });
    expect((await search(other)).statusCode).toBe(200);
    const admin = await login(ctx.app, ADMIN.email, ADMIN.password);
    const deactivated = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: bearer(admin.token), payload: { status: 'inactive' } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // The other instance's user cache is told by NOTIFY, a moment after the commit (decision 009).
    await expect.poll(async () => (await search(other)).statusCode, { timeout: 5_000, interval: 50 }).toBe(401);
  });

  it('keeps the lead board one board: a lead moved on one instance is where the other shows it', async () => {
    const user = await insertUser(ctx, { role: 'agent', branchId: 1 });
    const { token } = await login(ctx.app, user.email, user.password);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(token), payload: { name: `Lead compartido ${crypto.randomUUID().slice(0, 6)}` } });
    expect(created.statusCode, created.body).toBe(201);
    const lead = json<Lead>(created);
    expect((await other.inject({ method: 'POST', url: `/api/leads/${lead.id}/status/accion`, headers: bearer(token) })).statusCode).toBe(200);
    const board = json<Lead[]>(await ctx.app.inject({ url: '/api/leads', headers: bearer(token) }));
    expect(board.find((candidate) => candidate.id === lead.id)?.status).toBe('accion');
  });

  it('holds one public-link rate limit across both: 30 calls on each, then the next is refused on either', async () => {
    const token = crypto.randomBytes(32).toString('base64url');
    const view = (app: FastifyInstance) => app.inject({ url: `/api/public/links/${token}`, remoteAddress: '10.77.0.1' });
    for (let call = 0; call < 30; call++) {
      expect((await view(ctx.app)).statusCode).toBe(404);
      expect((await view(other)).statusCode).toBe(404);
    }
    expect((await view(ctx.app)).statusCode).toBe(429);
    expect((await view(other)).statusCode).toBe(429);
  });

  // The daily jobs run once across instances: jobs/daily-job.test.ts starts two instances' queues
  // on one database and counts the runs (PostgreSQL in CI).
});
