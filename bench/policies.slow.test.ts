import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { foldForSearch, formatInvestigationFolio, guarantorRequiredFor, investigationFolioPattern, policySchema, policySearchText, type PolicySearchResult } from '@portal/domain';
import { bearer, createTestContext, insertUser, json, login, type TestContext } from '../apps/api/src/test/app';
import { guarantorVehicles, guarantors, policies, policyEvents } from '../apps/api/src/db/schema/index';
import { loadPolicies } from '../apps/api/src/modules/policies/index';

import { generatePolicies } from './generate-policies';
import { benchQueries, markdownTable, percentile, runBench } from './harness';

// The benchmark's smoke test: small counts, so its generator and harness cannot rot unnoticed.

let ctx: TestContext;
let token: string;
let rows: Array<typeof policies.$inferSelect>;

beforeAll(async () => {
  ctx = await createTestContext();
  const agent = await insertUser(ctx, { role: 'agent', branchId: 1 });
  token = (await login(ctx.app, agent.email, agent.password)).token;
  const result = await generatePolicies(ctx.testDb.database.db, { branchId: 1, userId: agent.id, count: 200 });
  expect(result).toMatchObject({ policies: 200 });
  rows = await ctx.testDb.database.db.select().from(policies).orderBy(asc(policies.id));
});
afterAll(() => ctx.close());

describe('generatePolicies', () => {
  it('writes the columns the service would: search_text, a unique folio of the creation minute, the guarantor flag', () => {
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.investigationId)).size).toBe(200);
    for (const row of rows) {
      expect(row.searchText).toBe(policySearchText(row));
      expect(row.investigationId).toMatch(investigationFolioPattern);
      expect(row.investigationId).toBe(formatInvestigationFolio(row.createdAt, Number(row.investigationId.slice(-3))));
      expect(row.guarantorRequired).toBe(guarantorRequiredFor(row.policyType));
      expect(row.guarantorNames.length > 0).toBe(guarantorRequiredFor(row.policyType));
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    }
    expect(new Set(rows.map((row) => row.status)).size).toBeGreaterThanOrEqual(4);
    // Oldest first: ids grow with the creation date.
    expect(rows.every((row, index) => index === 0 || row.createdAt > rows[index - 1]!.createdAt)).toBe(true);
  });

  it('writes whole policies that the API reads back, with their history', async () => {
    const db = ctx.testDb.database.db;
    const loaded = await loadPolicies(db, { scope: { branchId: 1 } });
    expect(loaded).toHaveLength(200);
    for (const policy of loaded) {
      policySchema.parse(policy);
      const row = rows.find((r) => r.id === policy.id)!;
      expect(policy.tenants.map((tenant) => tenant.name)).toEqual(row.tenantNames);
      expect(policy.tenants.every((tenant) => tenant.references.length === 1)).toBe(true);
      expect(policy.guarantors.map((guarantor) => guarantor.name)).toEqual(row.guarantorNames);
      expect(policy.property.owner.name).toBe(row.ownerName);
      expect(policy.property.rent.propertyDeliveryDate).toBe(row.deliveryDate);
      expect(policy.property.rent.price).toBeGreaterThan(0);
    }
    const plusAutoGuarantors = db.select({ id: guarantors.id }).from(guarantors).where(
      inArray(guarantors.policyId, rows.filter((row) => row.policyType === 'plusAuto').map((row) => row.id)),
    );
    expect(await db.$count(guarantorVehicles)).toBe(await db.$count(guarantors, inArray(guarantors.id, plusAutoGuarantors)));
    expect(await db.$count(policyEvents)).toBe(200 + rows.filter((row) => row.status !== 'created').length);
  });

  it('is found by the list search exactly as search_text says', async () => {
    const folioFragment = rows[0]!.investigationId.slice(0, 8);
    for (const q of ['garc', 'ROMA', 'Juárez', folioFragment]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/policy/search?${new URLSearchParams({ q, limit: '100' })}`, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      const result = json<PolicySearchResult>(response);
      const expected = rows
        .filter((row) => row.searchText.includes(foldForSearch(q)))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(result.total).toBe(expected.length);
      expect(result.items.map((item) => item.id)).toEqual(expected.slice(0, 100).map((row) => row.id));
    }
  });
});

describe('runBench', () => {
  it('measures every query through HTTP on a fresh database and prints the table', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const result = await runBench({ engine: serverUrl ? 'postgres' : 'pglite', count: 150, requests: 3, warmup: 1, serverUrl: serverUrl ?? '' });
    expect(result.generated.policies).toBe(150);
    expect(result.queries.map((query) => query.name)).toEqual(benchQueries(1).map((query) => query.name));
    expect(result.queries.find((query) => query.name === 'no filter')?.total).toBe(150);
    expect(result.queries.every((query) => query.p50 > 0 && query.p95 >= query.p50)).toBe(true);
    expect(result.queries.filter((query) => query.target === undefined).map((query) => query.name)).toEqual(["two letters 'ga' (info)"]);
    // The full list, read from the production server in its own process: every policy, once.
    expect(result.fullList.policies).toBe(150);
    expect(result.fullList.bytes).toBeGreaterThan(150 * 1000);
    // Asked for as a browser asks, it travels compressed.
    expect(result.fullList.encoding).toBe('br');
    expect(result.fullList.wireBytes).toBeLessThan(result.fullList.bytes / 4);
    expect(result.fullList.rssGrowthMb).toBeGreaterThanOrEqual(0);
    // The query table, a blank line, then the full-list table with one row per engine.
    expect(markdownTable([result]).split('\n')).toHaveLength(2 + benchQueries(1).length + 1 + 2 + 1);
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 200 }, (_, index) => 200 - index);
    expect(percentile(values, 50)).toBe(100);
    expect(percentile(values, 95)).toBe(190);
  });
});
