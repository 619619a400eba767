import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from './client';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { countHit, sweepEndedWindows } from './rate-limit-hits';
import { postgresRateLimitStore } from './postgres-rate-limit-store';

/**
 * The rate limit's counter in the database (PGlite and PostgreSQL): one limit for every instance.
 * Two stores stand for two instances; they share only the database.
 */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;

function storeFor(method: string, url: string) {
  const Store = postgresRateLimitStore(db());
  return new Store({}).child({ routeInfo: { method, url } } as never);
}

function incr(store: ReturnType<typeof storeFor>, key: string, windowMs: number, max = 60) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max));
}

describe('the rate limit counter in the database', () => {
  it('counts concurrent calls from two instances as one limit: 1 to 60 once each, the next is 61', async () => {
    const [one, two] = [storeFor('POST', '/api/public/citas/:token'), storeFor('POST', '/api/public/citas/:token')];
    const counts = await Promise.all(Array.from({ length: 60 }, (_, index) => incr(index % 2 ? one : two, '203.0.113.7', 60_000)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    const next = await incr(one, '203.0.113.7', 60_000);
    expect(next.current).toBe(61);
    expect(next.ttl).toBeGreaterThan(50_000);
    expect(next.ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts each route and each address apart', async () => {
    const pages = storeFor('GET', '/api/public/links/:token');
    const uploads = storeFor('POST', '/api/public/links/:token/files/:slot');
    expect((await incr(pages, '198.51.100.1', 60_000)).current).toBe(1);
    expect((await incr(uploads, '198.51.100.1', 60_000)).current).toBe(1);
    expect((await incr(pages, '198.51.100.2', 60_000)).current).toBe(1);
    expect((await incr(pages, '198.51.100.1', 60_000)).current).toBe(2);
  });

  it('starts a new window once the last one ended, and sweeps ended windows', async () => {
    const store = storeFor('POST', '/api/public/leads/:key');
    expect((await incr(store, '192.0.2.9', 300)).current).toBe(1);
    expect((await incr(store, '192.0.2.9', 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = await incr(store, '192.0.2.9', 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(0);

    await countHit(db(), 'long-gone', 60_000);
    await db().execute(sql`update rate_limit_hits set expires_at = now() - interval '2 minutes' where key = 'long-gone'`);
    await sweepEndedWindows(db());
    const keys = rowsOf<{ key: string }>(await db().execute(sql`select key from rate_limit_hits`)).map((row) => row.key);
    expect(keys).not.toContain('long-gone');
    expect(keys).toContain('POST /api/public/leads/:key 192.0.2.9');
  });
});
