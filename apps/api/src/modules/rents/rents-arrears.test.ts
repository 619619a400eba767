import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { arrearsReportSchema, type ArrearsReport, type Policy } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';
import { runRentArrears } from './index';

// 'Today' is 10 March 2027 in Mexico City: three policies of Polanco since 1 December 2026 (5 days'
// grace, $18,500 a month), each in a different bucket, and one of another branch.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let otherBranchManager: string;
const policies: Record<'none' | 'threePaid' | 'onePaid' | 'otherBranch', Policy> = {} as never;

const activePolicy = (token: string) =>
  newPolicy(ctx, { token, overrides: { ...rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5' }), status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` }, via: 'admin-jump' });

const pay = async (policy: Policy, receivedOn: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(agent), payload: { amount: '18500', receivedOn, method: 'transfer' } });
  expect(response.statusCode, response.body).toBe(201);
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [admin, agent, manager, otherBranchManager] = await Promise.all([tokenFor(ctx, 'admin', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'manager', 2)]);
  policies.none = await activePolicy(agent);
  policies.threePaid = await activePolicy(agent);
  policies.onePaid = await activePolicy(agent);
  policies.otherBranch = await activePolicy(await tokenFor(ctx, 'agent', 2));
  for (const day of ['2026-12-02', '2027-01-02', '2027-02-02']) await pay(policies.threePaid, day);
  await pay(policies.onePaid, '2026-12-02');
  await runRentArrears(ctx.testDb.database.db, NOW);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const report = async (query: string, token = manager): Promise<ArrearsReport> => {
  const response = await ctx.app.inject({ url: `/api/rents/arrears${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return arrearsReportSchema.strict().parse(json(response));
};

describe('GET /api/rents/arrears', () => {
  it("gives the branch's policies in arrears by bucket, the most days late first", async () => {
    const branch = await report('');
    expect(branch.today).toBe('2027-03-10');
    expect(branch.buckets).toEqual([
      { bucket: '1-30', policies: 1, amount: '18500.00' },
      { bucket: '31-60', policies: 0, amount: '0.00' },
      { bucket: '61-90', policies: 1, amount: '55500.00' },
      { bucket: '90+', policies: 1, amount: '74000.00' },
    ]);
    expect(branch.total).toEqual({ policies: 3, amount: '148000.00' });
    expect(branch.items.map((row) => [row.policyId, row.months, row.amount, row.daysLate, row.bucket])).toEqual([
      [policies.none.id, 4, '74000.00', 99, '90+'],
      [policies.onePaid.id, 3, '55500.00', 68, '61-90'],
      [policies.threePaid.id, 1, '18500.00', 9, '1-30'],
    ]);
    expect(branch.items[0]).toMatchObject({ branchName: expect.stringMatching(/Polanco/), oldestDueOn: '2026-12-01', lastContact: null });
  });

  it('filters by bucket and pages; an admin sees every branch or the one chosen', async () => {
    const bucket = await report('?bucket=61-90');
    expect(bucket.items.map((row) => row.policyId)).toEqual([policies.onePaid.id]);
    expect(bucket.totalItems).toBe(1);
    expect((await report('?page=2')).items).toEqual([]);
    expect((await report('', admin)).total.policies).toBe(4);
    expect((await report('?branchId=2', admin)).items.map((row) => row.policyId)).toEqual([policies.otherBranch.id]);
  });

  it("gives the policy list's 'Con atraso' filter (search and export) the same policies", async () => {
    const search = await ctx.app.inject({ url: '/api/policy/search?arrears=1', headers: bearer(manager) });
    expect(search.statusCode, search.body).toBe(200);
    const found = json<{ items: Array<{ id: number }>; total: number }>(search);
    expect(found.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([policies.none.id, policies.threePaid.id, policies.onePaid.id].sort((a, b) => a - b));
    expect(found.total).toBe(3);
    const exported = await ctx.app.inject({ url: '/api/policy/export?arrears=1&format=csv', headers: bearer(manager) });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split(/\r?\n/)).toHaveLength(4);
    expect((await ctx.app.inject({ url: '/api/policy/search?arrears=yes', headers: bearer(manager) })).statusCode).toBe(400);
  });

  it('follows a payment at once: the month it pays leaves the report', async () => {
    await pay(policies.threePaid, '2027-03-09');
    expect((await report('')).items.map((row) => row.policyId)).not.toContain(policies.threePaid.id);
  });

  it('exports every row as CSV or XLSX', async () => {
    const csv = await ctx.app.inject({ url: '/api/rents/arrears?format=csv&bucket=90%2B', headers: bearer(manager) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/rentas_en_mora_2027-03-10\.csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Póliza,Inquilino,Sucursal,Agente,Meses en mora,Adeudo/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/74000\.00/);
    expect(lines[1]).toMatch(/Más de 90 días/);
    const xlsx = await ctx.app.inject({ url: '/api/rents/arrears?format=xlsx', headers: bearer(manager) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("takes an incidencia's collection contact as the policy's last contact", async () => {
    const opened = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policies.none.id}/claims`, headers: bearer(agent), payload: { type: 'non_payment', description: 'Cuatro meses sin pagar' } });
    expect(opened.statusCode, opened.body).toBe(201);
    const contact = { channel: 'call', party: 'tenant', at: '2027-03-09T16:30:00Z', result: 'Promete pagar el lunes' };
    const logged = await ctx.app.inject({ method: 'POST', url: `/api/claims/${json<{ id: number }>(opened).id}/contacts`, headers: bearer(agent), payload: contact });
    expect(logged.statusCode, logged.body).toBe(201);
    const row = (await report('')).items.find((item) => item.policyId === policies.none.id);
    expect(row?.lastContact).toEqual({ at: '2027-03-09T16:30:00.000Z', kind: 'claim_contact' });
    const csv = await ctx.app.inject({ url: '/api/rents/arrears?format=csv&bucket=90%2B', headers: bearer(manager) });
    expect(csv.body).toContain('2027-03-09 · Gestión de cobranza de una incidencia');
  });

  it('answers 400 naming the field, 401 without a session, 403 for another branch, 404 for a branch that does not exist', async () => {
    const badBucket = await ctx.app.inject({ url: '/api/rents/arrears?bucket=abc', headers: bearer(manager) });
    expect(badBucket.statusCode).toBe(400);
    expect(badBucket.body).toMatch(/Antigüedad/);
    expect((await ctx.app.inject({ url: '/api/rents/arrears?page=0', headers: bearer(manager) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/rents/arrears?format=pdf', headers: bearer(manager) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/rents/arrears' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/rents/arrears?branchId=1', headers: bearer(otherBranchManager) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/rents/arrears?branchId=999', headers: bearer(admin) })).statusCode).toBe(404);
  });
});
