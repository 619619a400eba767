import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import type { DiskFileStore } from '../../lib/file-store';
import { buildTestApp, createTestContext, json, testConfig, type TestContext } from '../../test/app';
import { createTestDatabase } from '../../test/database';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ready = (app = ctx.app) => app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  it('is 200 when the database answers, its migrations are done and the file store is usable', async () => {
    const response = await ready();
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', files: 'ok' } });
  });

  it('is 503 naming the migrations while the latest one is not applied', async () => {
    const db = ctx.app.db;
    const [latest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest!.id}`);
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(json(response)).toEqual({ status: 'error', checks: { database: 'ok', migrations: 'error', files: 'ok' } });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is 503 naming the file store when its directory cannot be used', async () => {
    const root = (ctx.app.files as DiskFileStore).root;
    fs.rmSync(root, { recursive: true, force: true });
    fs.writeFileSync(root, 'no soy un directorio');
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(json(response)).toEqual({ status: 'error', checks: { database: 'ok', migrations: 'ok', files: 'error' } });
    } finally {
      fs.rmSync(root);
    }
    // A missing root is made again: a fresh volume is ready.
    expect((await ready()).statusCode).toBe(200);
    expect(fs.statSync(root).isDirectory()).toBe(true);
  });

  it('is 503 naming the database when it does not answer (the migrations are then not known)', async () => {
    const testDb = await createTestDatabase({ seeded: true });
    const { app } = await buildTestApp(testConfig(), testDb);
    try {
      await testDb.database.close();
      const response = await ready(app);
      expect(response.statusCode).toBe(503);
      expect(json(response)).toEqual({ status: 'error', checks: { database: 'error', migrations: 'unknown', files: 'ok' } });
      // Liveness says the same about the database.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close().catch(() => {});
      await testDb.drop().catch(() => {});
    }
  });
});
