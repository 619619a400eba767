import { beforeAll, describe, expect, it } from 'vitest';
import type { Policy, PolicySearchResult } from '@portal/domain';
import { exampleGuarantor, exampleTenant } from '@portal/domain/testing';
import { loadPolicies, loadPolicyJsonRange, policyBatchEnd } from './repository/read';
import { parallelKeysetBatches } from '../../lib/keyset-batches';
import type { CursorPosition } from '../../lib/keyset-cursor';
import { insertBranch, insertUser, json, login } from '../../test/app';
import { adminToken, ctx, get, plusPolicy, polancoAgent, santaFeAgent, setUpPolicyTests } from './policies.test-helpers';
import { newPolicy } from '../../test/policies';

setUpPolicyTests();

describe('reading policies', () => {
  let polancoPolicy: Policy;
  let santaFePolicy: Policy;
  beforeAll(async () => {
    polancoPolicy = await newPolicy(ctx, { token: polancoAgent.token, via: 'admin-jump' });
    santaFePolicy = await newPolicy(ctx, { token: santaFeAgent.token, via: 'admin-jump' });
  });

  it('returns one policy of the own branch, 404 for another branch’s or an unknown one', async () => {
    expect(json(await get(`/api/policy/unique/${polancoPolicy.id}`, polancoAgent.token)).id).toBe(polancoPolicy.id);
    const other = await get(`/api/policy/unique/${santaFePolicy.id}`, polancoAgent.token);
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe('Póliza no encontrada');
    expect((await get('/api/policy/unique/999999', polancoAgent.token)).statusCode).toBe(404);
    expect((await get('/api/policy/unique/abc', polancoAgent.token)).statusCode).toBe(400);
    expect(json(await get(`/api/policy/unique/${santaFePolicy.id}`, adminToken)).branchId).toBe(2);
  });

  it('streams the full list as one JSON array equal, row for row, to the paged search and to each policy read alone', async () => {
    const branchId = await insertBranch(ctx);
    const agent = await insertUser(ctx, { role: 'agent', branchId });
    const token = (await login(ctx.app, agent.email, agent.password)).token;
    for (const name of ['Ana Uno', 'Beto Dos', 'Carla Tres', 'Dario Cuatro', 'Elena Cinco']) {
      await newPolicy(ctx, { token, overrides: plusPolicy([name], ['Aval de ' + name]), via: 'admin-jump' });
    }
    const response = await get(`/api/policy/${branchId}`, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const streamed = json<Policy[]>(response);

    const paged: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const result: PolicySearchResult = json(await get(`/api/policy/search?limit=2${cursor ? `&cursor=${cursor}` : ''}`, token));
      paged.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
    }
    expect(streamed.map((policy) => policy.id)).toEqual(paged);
    for (const policy of streamed) expect(policy).toEqual(json(await get(`/api/policy/unique/${policy.id}`, token)));
    expect(json<Policy[]>(await get('/api/policy/act', token))).toEqual([]);
  });

  it('reads a full list in batches that join up exactly, each policy\'s JSON (built by PostgreSQL) equal to the one the API reads', async () => {
    // Every kind of field: a vehicle, a separate guarantee address, references, money with cents,
    // empty optional amounts and dates.
    await newPolicy(ctx, {
      token: polancoAgent.token,
      overrides: {
        policyType: 'plusAuto',
        tenants: [{ ...exampleTenant('Inés Centavos'), monthlyIncome: '18250.75' }],
        guarantors: [{ ...exampleGuarantor('Raúl Placas'), vehicle: { brand: 'Kia', model: 'Rio', year: '2019', color: 'Rojo', licensePlate: 'XYZ-987-A' } }],
      },
      via: 'admin-jump',
    });
    const guaranteeAddress = { street: 'Av. Juárez', exteriorNumber: '10', interiorNumber: 'B', colony: 'Centro', municipality: 'Cuauhtémoc', state: 'Ciudad de México', zipCode: '06000' };
    await newPolicy(ctx, { token: polancoAgent.token, overrides: { policyType: 'plus', guarantors: [{ ...exampleGuarantor('Olga Garantía'), sameAddressAsGuarantee: false, guaranteeAddress }] }, via: 'admin-jump' });
    const whole = await loadPolicies(ctx.testDb.database.db, { scope: { branchId: 1 } });
    expect(whole.some((policy) => policy.guarantors.some((guarantor) => guarantor.vehicle))).toBe(true);
    expect(whole.some((policy) => policy.guarantors.some((guarantor) => guarantor.guaranteeAddress))).toBe(true);
    expect(whole.some((policy) => policy.tenants.some((tenant) => tenant.references.length > 0))).toBe(true);
    expect(whole.length).toBeGreaterThan(2);
    const { db } = ctx.testDb.database;
    const filter = { scope: { branchId: 1 } };
    const batched: Policy[] = [];
    // Batches of 2, read 2 at a time: they must join up exactly, in order.
    for await (const batch of parallelKeysetBatches<Policy, CursorPosition>(
      (after) => policyBatchEnd(db, filter, after, 2),
      async (after, through) => (await loadPolicyJsonRange(db, filter, after, through, 2)).map((text) => JSON.parse(text) as Policy),
      2,
    )) {
      expect(batch.length).toBeLessThanOrEqual(2);
      batched.push(...batch);
    }
    expect(batched).toEqual(whole);
  });

  it('lists the own branch only; another branch’s list is 403 for non-admins', async () => {
    for (const url of ['/api/policy', '/api/policy/1']) {
      const response = await get(url, polancoAgent.token);
      expect(response.statusCode, url).toBe(200);
      const list = json<Policy[]>(response);
      expect(list.some((policy) => policy.id === polancoPolicy.id)).toBe(true);
      expect(list.every((policy) => policy.branchId === 1)).toBe(true);
      expect(list[0]!.tenants.length).toBeGreaterThan(0);
    }
    for (const url of ['/api/policy/2', '/api/policy/act/2', '/api/policy/dashboard/2', '/api/policy/search?branchId=2']) {
      const response = await get(url, polancoAgent.token);
      expect(response.statusCode, url).toBe(403);
      expect(json(response).message).toBe('No tiene acceso a las pólizas de otra sucursal');
    }
    expect((await get('/api/policy/0', polancoAgent.token)).statusCode).toBe(400);
  });

  it('gives admins any branch, every branch without one, and 404 for a branch that does not exist', async () => {
    const santaFe = json<Policy[]>(await get('/api/policy/2', adminToken));
    expect(santaFe.map((policy) => policy.id)).toContain(santaFePolicy.id);
    expect(santaFe.every((policy) => policy.branchId === 2)).toBe(true);
    const all = json<Policy[]>(await get('/api/policy', adminToken));
    expect(all.map((policy) => policy.id)).toEqual(expect.arrayContaining([polancoPolicy.id, santaFePolicy.id]));
    const missing = await get('/api/policy/424242', adminToken);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('La sucursal no existe');
  });

  it('lists only active policies under /act', async () => {
    const active = await newPolicy(ctx, { token: polancoAgent.token, overrides: { status: 'active' }, via: 'admin-jump' });
    for (const url of ['/api/policy/act', '/api/policy/act/1']) {
      const list = json<Policy[]>(await get(url, polancoAgent.token));
      expect(list.map((policy) => policy.id)).toContain(active.id);
      expect(list.every((policy) => policy.status === 'active' && policy.branchId === 1)).toBe(true);
    }
  });
});
