import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { investigationFolioPattern, policySearchResultSchema, type Policy, type PolicyFormValues, type PolicySearchResult } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { loadPolicies, loadPolicyJsonRange, policyBatchEnd } from './repository/read';
import { parallelKeysetBatches } from '../../lib/keyset-batches';
import type { CursorPosition } from '../../lib/keyset-cursor';
import { ADMIN, bearer, copyRow, createPolicyAs, createTestContext, signInAs, insertBranch, insertUser, json, login, type TestContext } from '../../test/app';

let ctx: TestContext;
let adminToken: string;
/** An agent of Sucursal Polanco (1) and one of Sucursal Santa Fe (2). */
let polancoAgent: { id: number; token: string };
let santaFeAgent: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  polancoAgent = await signInAs(ctx, 'agent', 1);
  santaFeAgent = await signInAs(ctx, 'agent', 2);
});
afterAll(() => ctx.close());


const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

/** A policy of the token's user; in another status than 'Creada', moved there by an admin (test/app). */
function createPolicy(token: string, body: PolicyFormValues = examplePolicyInput()): Promise<Policy> {
  return createPolicyAs(ctx, token, body);
}

async function count(table: string): Promise<number> {
  const result = await ctx.testDb.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

async function counts() {
  const tables = ['policies', 'tenants', 'tenant_references', 'guarantors', 'guarantor_vehicles', 'properties', 'property_owners', 'rents', 'policy_events'];
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));
}

/** A form body built from a stored policy, as the edit screen sends it back. */
function asBody(policy: Policy, overrides: Partial<PolicyFormValues> = {}): PolicyFormValues {
  const { id: _id, investigationId: _folio, createdAt: _c, updatedAt: _u, userId: _user, guarantorNames: _g, ownerName: _o, propertyAddress: _p, ...body } = policy;
  return { ...(body as unknown as PolicyFormValues), ...overrides };
}

const plusPolicy = (tenants: string[], guarantors: string[]) =>
  examplePolicyInput({ policyType: 'plus', tenants: tenants.map(exampleTenant), guarantors: guarantors.map(exampleGuarantor) });

describe('authentication', () => {
  it('answers 401 to every policy call without a token', async () => {
    const calls = [
      ['GET', '/api/policy'],
      ['GET', '/api/policy/1'],
      ['GET', '/api/policy/act'],
      ['GET', '/api/policy/act/1'],
      ['GET', '/api/policy/search'],
      ['GET', '/api/policy/unique/1'],
      ['GET', '/api/policy/1/events'],
      ['GET', '/api/policy/dashboard/1'],
      ['POST', '/api/policy'],
      ['POST', '/api/policy/update/1'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? examplePolicyInput() : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/policy', () => {
  it('creates the whole policy in the user’s branch, with a generated folio, ignoring client-set fields', async () => {
    const before = await counts();
    const body = {
      ...plusPolicy(['Juan Pérez García', 'Lucía Hernández'], ['José Martínez']),
      branchId: 1,
      userId: 999,
      investigationId: 'INV-HACKED',
      createdAt: '2000-01-01T00:00:00.000Z',
      guarantorRequired: false,
    };
    const response = await post('/api/policy', santaFeAgent.token, body);
    expect(response.statusCode).toBe(201);
    const policy = json<Policy>(response);
    expect(policy.investigationId).toMatch(investigationFolioPattern);
    expect(policy).toMatchObject({ branchId: 2, userId: santaFeAgent.id, status: 'created', policyType: 'plus', guarantorRequired: true });
    expect(new Date(policy.createdAt).getFullYear()).toBeGreaterThan(2020);
    expect(policy.tenants.map((tenant) => tenant.name)).toEqual(['Juan Pérez García', 'Lucía Hernández']);
    expect(policy.tenants[0]!.references).toEqual([expect.objectContaining({ name: 'Ana Pérez', type: 'personal' })]);
    expect(policy.guarantors).toEqual([expect.objectContaining({ name: 'José Martínez', sameAddressAsGuarantee: true, guaranteeAddress: null, vehicle: null })]);
    expect(policy.property.owner.name).toBe('Roberto Sánchez Villa');
    expect(policy.property.rent).toMatchObject({ price: 18500, deposit: 18500, propertyDeliveryDate: '2026-12-01', maintenanceAmount: null });
    expect(policy).toMatchObject({ guarantorNames: 'José Martínez', ownerName: 'Roberto Sánchez Villa', propertyAddress: 'Calle Durango 214, Roma Norte, Cuauhtémoc' });

    const after = await counts();
    expect(after.policies - before.policies).toBe(1);
    expect(after.tenants - before.tenants).toBe(2);
    expect(after.tenant_references - before.tenant_references).toBe(2);
    expect(after.guarantors - before.guarantors).toBe(1);
    expect(after.policy_events - before.policy_events).toBe(1);

    const stored = json<Policy>(await get(`/api/policy/unique/${policy.id}`, santaFeAgent.token));
    expect(stored).toEqual(policy);
  });

  it('stores a Plus Auto guarantor’s vehicle and a Plus guarantor’s separate guarantee address', async () => {
    const auto = await createPolicy(
      polancoAgent.token,
      examplePolicyInput({
        policyType: 'plusAuto',
        guarantors: [{ ...exampleGuarantor('Carlos Ruiz'), vehicle: { brand: 'Nissan', model: 'Versa', year: '2021', color: 'Gris', licensePlate: 'ABC-123-D' } }],
      }),
    );
    expect(auto.guarantors[0]!.vehicle).toMatchObject({ brand: 'Nissan', model: 'Versa', year: 2021, licensePlate: 'ABC-123-D' });

    const guaranteeAddress = { street: 'Insurgentes Sur', exteriorNumber: '1602', interiorNumber: '', colony: 'Crédito Constructor', municipality: 'Benito Juárez', state: 'Ciudad de México', zipCode: '03940' };
    const plus = await createPolicy(
      polancoAgent.token,
      examplePolicyInput({ policyType: 'plus', guarantors: [{ ...exampleGuarantor('Elena Ríos'), sameAddressAsGuarantee: false, guaranteeAddress }] }),
    );
    expect(plus.guarantors[0]).toMatchObject({ sameAddressAsGuarantee: false, guaranteeAddress });
  });

  it('lets an admin choose the branch, and refuses one that does not exist', async () => {
    const policy = await createPolicy(adminToken, examplePolicyInput({ branchId: 3 }));
    expect(policy.branchId).toBe(3);
    const missing = await post('/api/policy', adminToken, examplePolicyInput({ branchId: 424242 }));
    expect(missing.statusCode).toBe(400);
    expect(json(missing).details).toEqual([{ field: 'branchId', message: 'La sucursal no existe' }]);
  });

  it('answers 400 naming the fields, and writes nothing', async () => {
    const before = await counts();
    const body = examplePolicyInput({ policyType: 'plus', tenants: [{ ...exampleTenant(''), email: 'no-es-correo' }] });
    const response = await post('/api/policy', polancoAgent.token, {
      ...body,
      property: { ...body.property, rent: { ...body.property.rent, price: '-5', bankDeposit: true } },
    });
    expect(response.statusCode).toBe(400);
    const fields = json<{ details: Array<{ field: string }> }>(response).details.map((detail) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining(['tenants.0.name', 'tenants.0.email', 'property.rent.price', 'guarantors', 'property.rent.bank', 'property.rent.clabe']),
    );
    expect(json(response).message).toMatch(/^tenants\.0\.name: /);
    expect(await counts()).toEqual(before);
  });

  describe('the investigation folio', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('is Mexico City time and draws among the numbers of the minute still free', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T16:05:30Z'));
      const { token } = await signInAs(ctx, 'agent', 1); // a token issued at the faked time
      const draws = vi.spyOn(crypto, 'randomInt') as unknown as { mockReturnValue(v: number): void; mockReturnValueOnce(v: number): typeof draws };
      // The draw is an index into the free numbers: 0…999 first, then 007 is taken and the eighth free one is 008.
      draws.mockReturnValue(7);
      expect((await createPolicy(token)).investigationId).toBe('INV-23112026-1005-007');
      expect((await createPolicy(token)).investigationId).toBe('INV-23112026-1005-008');
    });

    /** Copies of `policy` holding every folio of `minute` but `except` (straight SQL: 999 creates through the API would be slow). */
    async function takeFolios(policy: Policy, minute: string, except: number[]) {
      const columns = (await ctx.testDb.database.db.execute(
        sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'policies' and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
      )) as unknown as { rows: Array<{ name: string }> };
      const names = columns.rows.map((row) => row.name);
      const values = names.map((name) => (name === 'investigation_id' ? `'${minute}' || lpad(n::text, 3, '0')` : `"${name}"`));
      await ctx.testDb.database.db.execute(
        sql.raw(
          `insert into policies (${names.map((name) => `"${name}"`).join(', ')}) select ${values.join(', ')} from policies, generate_series(0, 999) as n ` +
            `where id = ${policy.id} and n not in (${except.join(', ')})`,
        ),
      );
    }

    it('gives the one number of the minute still free, and answers 409 saying why, writing nothing, once all 1,000 are taken', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T17:45:10Z'));
      const { token } = await signInAs(ctx, 'agent', 1);
      const first = await createPolicy(token);
      const taken = Number(first.investigationId.slice(-3));
      // 999 of the minute's numbers taken (the first policy's among them): only 517 is free (or 518 if the first took 517).
      const free = taken === 517 ? 518 : 517;
      await takeFolios(first, 'INV-23112026-1145-', [taken, free]);
      expect((await createPolicy(token)).investigationId).toBe(`INV-23112026-1145-${free}`);

      const before = await counts();
      const response = await post('/api/policy', token, examplePolicyInput());
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(
        'Ya están asignados los 1,000 folios de investigación de este minuto (del 000 al 999). El siguiente minuto tiene folios nuevos: guarde la póliza de nuevo en cuanto cambie el minuto.',
      );
      expect(await counts()).toEqual(before);

      // The next minute has all its numbers.
      vi.setSystemTime(new Date('2026-11-23T17:46:00Z'));
      expect((await createPolicy(token)).investigationId).toMatch(/^INV-23112026-1146-\d{3}$/);
    });
  });

  it('refuses a policy without tenants or without a body', async () => {
    const noTenants = await post('/api/policy', polancoAgent.token, examplePolicyInput({ tenants: [] }));
    expect(noTenants.statusCode).toBe(400);
    expect(json(noTenants).details).toContainEqual({ field: 'tenants', message: 'Agregue al menos un inquilino' });
    expect((await post('/api/policy', polancoAgent.token, undefined)).statusCode).toBe(400);
  });
});

describe('reading policies', () => {
  let polancoPolicy: Policy;
  let santaFePolicy: Policy;
  beforeAll(async () => {
    polancoPolicy = await createPolicy(polancoAgent.token);
    santaFePolicy = await createPolicy(santaFeAgent.token);
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
      await createPolicy(token, plusPolicy([name], ['Aval de ' + name]));
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
    await createPolicy(
      polancoAgent.token,
      examplePolicyInput({
        policyType: 'plusAuto',
        tenants: [{ ...exampleTenant('Inés Centavos'), monthlyIncome: '18250.75' }],
        guarantors: [{ ...exampleGuarantor('Raúl Placas'), vehicle: { brand: 'Kia', model: 'Rio', year: '2019', color: 'Rojo', licensePlate: 'XYZ-987-A' } }],
      }),
    );
    const guaranteeAddress = { street: 'Av. Juárez', exteriorNumber: '10', interiorNumber: 'B', colony: 'Centro', municipality: 'Cuauhtémoc', state: 'Ciudad de México', zipCode: '06000' };
    await createPolicy(
      polancoAgent.token,
      examplePolicyInput({ policyType: 'plus', guarantors: [{ ...exampleGuarantor('Olga Garantía'), sameAddressAsGuarantee: false, guaranteeAddress }] }),
    );
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
    const active = await createPolicy(polancoAgent.token, examplePolicyInput({ status: 'active' }));
    for (const url of ['/api/policy/act', '/api/policy/act/1']) {
      const list = json<Policy[]>(await get(url, polancoAgent.token));
      expect(list.map((policy) => policy.id)).toContain(active.id);
      expect(list.every((policy) => policy.status === 'active' && policy.branchId === 1)).toBe(true);
    }
  });
});

describe('POST /api/policy/update/{id} with the whole form', () => {
  it('replaces the children: kept ones keep their id, removed ones are gone with what hangs from them', async () => {
    const created = await createPolicy(
      polancoAgent.token,
      examplePolicyInput({
        policyType: 'plusAuto',
        tenants: [exampleTenant('Primer Inquilino'), exampleTenant('Segundo Inquilino')],
        guarantors: [{ ...exampleGuarantor('Aval Con Auto'), vehicle: { brand: 'Kia', model: 'Rio', year: '2020', color: 'Rojo', licensePlate: 'XYZ-1' } }],
      }),
    );
    const before = await counts();
    const [first] = created.tenants;
    const body = asBody(created, {
      policyType: 'basica',
      tenants: [{ ...first!, name: 'Primer Inquilino Editado', references: [] }, exampleTenant('Tercer Inquilino')],
    });
    const response = await post(`/api/policy/update/${created.id}`, polancoAgent.token, body);
    expect(response.statusCode).toBe(200);
    const updated = json<Policy>(response);
    expect(updated.tenants.map((tenant) => tenant.name)).toEqual(['Primer Inquilino Editado', 'Tercer Inquilino']);
    expect(updated.tenants[0]!.id).toBe(first!.id);
    expect(updated.tenants[0]!.references).toEqual([]);
    expect(updated).toMatchObject({ policyType: 'basica', guarantorRequired: false, guarantors: [], guarantorNames: '' });

    const after = await counts();
    expect(after.tenants).toBe(before.tenants);
    expect(after.guarantors).toBe(before.guarantors - 1);
    expect(after.guarantor_vehicles).toBe(before.guarantor_vehicles - 1);
    // The removed tenant's reference and the edited one's: the new tenant brings one.
    expect(after.tenant_references).toBe(before.tenant_references - 1);
    expect(after.properties).toBe(before.properties);
    expect(after.rents).toBe(before.rents);

    const [event] = json<Array<{ changes: string[]; fromStatus: string; toStatus: string }>>(
      await get(`/api/policy/${created.id}/events`, polancoAgent.token),
    );
    expect(event).toMatchObject({ fromStatus: 'created', toStatus: 'created' });
    expect(event!.changes).toEqual(['Datos generales', 'Inquilinos', 'Avales']);
  });

  it('lets a manager set any status from the form, the jump marked in the history with the user', async () => {
    const manager = await signInAs(ctx, 'manager', 1);
    const created = await createPolicy(polancoAgent.token);
    const response = await post(`/api/policy/update/${created.id}`, manager.token, asBody(created, { status: 'active', specialnote: 'Firmada en papel' }));
    expect(response.statusCode).toBe(200);
    expect(json(response).status).toBe('active');
    const events = json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      ['created', 'active'],
      [null, 'created'],
    ]);
    expect(events[0]).toMatchObject({ userId: manager.id, userName: 'Ana Pérez', changes: ['Salto de estatus', 'Datos generales'] });
    // An admin may too.
    const back = await post(`/api/policy/update/${created.id}`, adminToken, asBody(created, { status: 'expired' }));
    expect(back.statusCode).toBe(200);
  });

  it('refuses a status jump by an agent or an approver (403, Spanish, naming the field) and changes nothing', async () => {
    const approver = await signInAs(ctx, 'approver', 1);
    const created = await createPolicy(polancoAgent.token);
    for (const token of [polancoAgent.token, approver.token]) {
      const response = await post(`/api/policy/update/${created.id}`, token, asBody(created, { status: 'active', policyNumber: 'P-1' }));
      const message = 'Solo un gerente o administrador puede cambiar el estatus de «Creada» a «Activa» desde el formulario';
      expect(json(response)).toMatchObject({ statusCode: 403, message, details: [{ field: 'status', message }] });
    }
    expect(json(await get(`/api/policy/unique/${created.id}`, polancoAgent.token))).toEqual(created);
    expect(json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token))).toHaveLength(1);
  });

  it("lets an agent save the form keeping the status, or following one of the row menu's transitions", async () => {
    const created = await createPolicy(polancoAgent.token, examplePolicyInput({ status: 'contracts' }));
    const kept = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { specialnote: 'Sin cambios de estatus' }));
    expect(kept.statusCode).toBe(200);
    const moved = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { status: 'signature', specialnote: 'Sin cambios de estatus' }));
    expect(moved.statusCode).toBe(200);
    const [event] = json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token));
    expect(event).toMatchObject({ fromStatus: 'contracts', toStatus: 'signature', changes: [] });
  });

  it('records no event for a save that changes nothing, and ignores a non-admin’s branchId', async () => {
    const created = await createPolicy(polancoAgent.token);
    const response = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { branchId: 2 }));
    expect(response.statusCode).toBe(200);
    expect(json(response).branchId).toBe(1);
    expect(json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token))).toHaveLength(1);
  });

  it('answers 400 for invalid input and leaves the policy as it was', async () => {
    const created = await createPolicy(polancoAgent.token);
    const response = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { policyType: 'plus', tenants: [] }));
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual(
      expect.arrayContaining([{ field: 'tenants', message: 'Agregue al menos un inquilino' }, expect.objectContaining({ field: 'guarantors' })]),
    );
    expect(json(await get(`/api/policy/unique/${created.id}`, polancoAgent.token))).toEqual(created);
  });

  it('answers 404 for another branch’s policy, and leaves it alone', async () => {
    const theirs = await createPolicy(santaFeAgent.token);
    const response = await post(`/api/policy/update/${theirs.id}`, polancoAgent.token, asBody(theirs, { policyNumber: 'X' }));
    expect(response.statusCode).toBe(404);
    expect(json(await get(`/api/policy/unique/${theirs.id}`, santaFeAgent.token)).policyNumber).toBe('');
    expect((await get(`/api/policy/${theirs.id}/events`, polancoAgent.token)).statusCode).toBe(404);
  });
});

describe('POST /api/policy/update/{id} with a status change', () => {
  const change = (id: number, status: string, token = polancoAgent.token) =>
    post(`/api/policy/update/${id}`, token, { status, userId: 1, branchId: '1' });

  it('walks the row menu’s transitions to active, each one an event', async () => {
    // Created approved: a manager's jump (an agent's policy would get there by an admin's form save).
    const manager = await signInAs(ctx, 'manager', 1);
    const policy = json<Policy>(await post('/api/policy', manager.token, examplePolicyInput({ status: 'investigation_approved' })));
    for (const status of ['contracts', 'signature', 'active']) {
      const response = await change(policy.id, status);
      expect(response.statusCode, status).toBe(200);
      expect(json(response).status).toBe(status);
    }
    const events = json<any[]>(await get(`/api/policy/${policy.id}/events`, polancoAgent.token));
    expect(events.map((event) => `${event.fromStatus}→${event.toStatus}`)).toEqual([
      'signature→active',
      'contracts→signature',
      'investigation_approved→contracts',
      'null→investigation_approved',
    ]);
  });

  it('answers 409 for a transition the row menu does not offer, and changes nothing', async () => {
    const policy = await createPolicy(polancoAgent.token);
    const before = await counts();
    const response = await change(policy.id, 'active');
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('No se puede cambiar una póliza de «Creada» a «Activa»');
    expect(await counts()).toEqual(before);
    expect(json(await get(`/api/policy/unique/${policy.id}`, polancoAgent.token)).status).toBe('created');
  });

  it('answers 400 for an unknown status, 404 for another branch’s policy', async () => {
    const policy = await createPolicy(polancoAgent.token, examplePolicyInput({ status: 'signature' }));
    const bad = await change(policy.id, 'archivada');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).details).toContainEqual({ field: 'status', message: 'El estatus de la póliza no es válido' });
    expect((await change(policy.id, 'cancelled', santaFeAgent.token)).statusCode).toBe(404);
    expect((await change(policy.id, 'cancelled', adminToken)).statusCode).toBe(200);
  });
});

describe('GET /api/policy/dashboard/{branchId}', () => {
  it('counts the ten statuses of the branch', async () => {
    const branchId = await insertBranch(ctx);
    const manager = await insertUser(ctx, { role: 'manager', branchId });
    const token = (await login(ctx.app, manager.email, manager.password)).token;
    for (const status of ['created', 'created', 'active', 'expired'] as const) await createPolicy(token, examplePolicyInput({ status }));
    const response = await get(`/api/policy/dashboard/${branchId}`, token);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      created: 2,
      investigation: 0,
      investigation_approved: 0,
      investigation_rejected: 0,
      contracts: 0,
      signature: 0,
      active: 1,
      cancelled: 0,
      expiring: 0,
      expired: 1,
    });
    expect(json(await get(`/api/policy/dashboard/${branchId}`, adminToken)).created).toBe(2);
    expect((await get('/api/policy/dashboard/1', token)).statusCode).toBe(403);
    expect((await get('/api/policy/dashboard/abc', token)).statusCode).toBe(400);
  });
});

describe('GET /api/policy/search', () => {
  let token: string;
  let branchId: number;
  const policyIds: Record<string, number> = {};
  const folios: Record<string, string> = {};

  beforeAll(async () => {
    branchId = await insertBranch(ctx);
    const approver = await insertUser(ctx, { role: 'approver', branchId });
    token = (await login(ctx.app, approver.email, approver.password)).token;
    const address = (street: string, exteriorNumber: string, colony: string, municipality: string) => ({
      street,
      exteriorNumber,
      interiorNumber: '',
      colony,
      municipality,
      state: 'Ciudad de México',
      zipCode: '03100',
    });
    const make = async (key: string, body: PolicyFormValues) => {
      const policy = await createPolicy(token, body);
      policyIds[key] = policy.id;
      folios[key] = policy.investigationId;
    };
    const base = examplePolicyInput();
    await make('jose', {
      ...plusPolicy(['José Ñúñez Álvarez'], ['Guadalupe Treviño']),
      policyNumber: 'POL-2026-0042',
      property: { ...base.property, owner: { name: 'Inmobiliaria Coyoacán' }, address: address('Avenida Álvaro Obregón', '77B', 'Roma Sur', 'Cuauhtémoc') },
    });
    await make('maria', {
      ...examplePolicyInput({ tenants: [exampleTenant('MARÍA Salas')], status: 'active' }),
      property: { ...base.property, owner: { name: 'Pedro Infante' }, address: address('Calle Tlalpan', '1200', 'Portales Norte', 'Benito Juárez') },
    });
    await make('plain', {
      ...examplePolicyInput({ tenants: [exampleTenant('Roberto 100% Gómez_Ruiz')], status: 'active' }),
      property: { ...base.property, owner: { name: 'Laura León' }, address: address('Río Mixcoac', '5', 'Acacias', 'Benito Juárez') },
    });
  });

  const search = async (query: Record<string, string | number>, as = token) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const response = await get(`/api/policy/search?${params}`, as);
    expect(response.statusCode, response.body).toBe(200);
    // Written without the zod pass (service.searchPoliciesJson): the body must still be exactly the schema's.
    const body = json<PolicySearchResult>(response);
    expect(policySearchResultSchema.strict().parse(body)).toEqual(body);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(Object.keys(policySearchResultSchema.shape.items.element.shape).sort());
    return body;
  };
  const idsFor = async (query: Record<string, string | number>) => (await search(query)).items.map((item) => item.id).sort();

  it('counts matches exactly up to 1,000, then says there are more (totalIsCapped) without counting them all', async () => {
    expect(await search({ q: 'salas' })).toMatchObject({ total: 1, totalIsCapped: false });
    const crowd = await insertBranch(ctx);
    const crowdAgent = await insertUser(ctx, { role: 'agent', branchId: crowd });
    const crowdToken = (await login(ctx.app, crowdAgent.email, crowdAgent.password)).token;
    const one = await createPolicy(crowdToken, examplePolicyInput({ tenants: [exampleTenant('Multitud Pérez')] }));
    await copyRow(ctx, 'policies', one.id, 999, 'investigation_id');
    expect(await search({ q: 'multitud' }, crowdToken)).toMatchObject({ total: 1000, totalIsCapped: false });
    await copyRow(ctx, 'policies', one.id, 1, 'investigation_id');
    // copyRow writes in SQL, past the app: the page just cached is dropped when PostgreSQL's
    // NOTIFY arrives (search-pages.ts), a moment after the insert commits.
    await expect.poll(async () => (await search({ q: 'multitud' }, crowdToken)).totalIsCapped, { timeout: 5_000, interval: 20 }).toBe(true);
    const capped = await search({ q: 'multitud', limit: 25 }, crowdToken);
    expect(capped).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(capped.items).toHaveLength(25);
    expect(capped.nextCursor).not.toBeNull();
    // Without a text the total comes from the status counters: exact, whatever the size.
    expect(await search({}, crowdToken)).toMatchObject({ total: 1001, totalIsCapped: false });
  });

  it('returns the branch’s rows newest first, with the list’s summary and the total', async () => {
    const result = await search({});
    expect(result.total).toBe(3);
    expect(result.nextCursor).toBeNull();
    expect(result.items.map((item) => item.id)).toEqual([policyIds.plain, policyIds.maria, policyIds.jose]);
    expect(result.items[2]).toMatchObject({
      investigationId: folios.jose,
      policyNumber: 'POL-2026-0042',
      status: 'created',
      policyType: 'plus',
      branchId,
      tenantNames: ['José Ñúñez Álvarez'],
      guarantorNames: ['Guadalupe Treviño'],
      firstGuarantorId: expect.any(Number),
      ownerName: 'Inmobiliaria Coyoacán',
      propertyAddress: { street: 'Avenida Álvaro Obregón', exteriorNumber: '77B', colony: 'Roma Sur', municipality: 'Cuauhtémoc' },
      deliveryDate: '2026-12-01',
    });
    expect(result.items[0]!.firstGuarantorId).toBeNull();
  });

  it('matches a substring of each searched field, ignoring case and accents', async () => {
    const jose = [policyIds.jose];
    expect(await idsFor({ q: folios.jose!.slice(2).toLowerCase() })).toEqual(jose); // folio fragment, lower case
    // A text that starts like a folio is looked up as the start of one (its own index).
    expect(await idsFor({ q: folios.jose! })).toEqual(jose);
    expect(await idsFor({ q: folios.jose!.toLowerCase() })).toEqual(jose);
    const sameDay = Object.keys(policyIds).filter((key) => folios[key]!.startsWith(folios.jose!.slice(0, 12)));
    expect(await idsFor({ q: folios.jose!.slice(0, 12) })).toEqual(sameDay.map((key) => policyIds[key]!).sort());
    expect(await idsFor({ q: 'INV-%' })).toEqual([]);
    expect(await idsFor({ q: '2026-0042' })).toEqual(jose); // policy number
    expect(await idsFor({ q: 'jose nunez' })).toEqual(jose); // tenant, no accents
    expect(await idsFor({ q: 'ÑÚÑEZ' })).toEqual(jose); // tenant, upper case with accents
    expect(await idsFor({ q: 'trevino' })).toEqual(jose); // guarantor
    expect(await idsFor({ q: 'Coyoacan' })).toEqual(jose); // owner
    expect(await idsFor({ q: 'alvaro obregon' })).toEqual(jose); // street
    expect(await idsFor({ q: '77b' })).toEqual(jose); // exterior number
    expect(await idsFor({ q: 'roma sur' })).toEqual(jose); // colony
    expect(await idsFor({ q: 'cuauhtemoc' })).toEqual(jose); // municipality
    expect(await idsFor({ q: 'maria' })).toEqual([policyIds.maria]);
    expect(await idsFor({ q: 'benito juárez' })).toEqual([policyIds.maria, policyIds.plain].sort());
    expect(await idsFor({ q: '  ' })).toHaveLength(3);
    expect(await idsFor({ q: 'nadie se llama así' })).toEqual([]);
  });

  it('does not match across two fields or treat % and _ as wildcards', async () => {
    expect(await idsFor({ q: 'ruiz laura' })).toEqual([]);
    expect(await idsFor({ q: '100%' })).toEqual([policyIds.plain]);
    expect(await idsFor({ q: '%' })).toEqual([policyIds.plain]);
    expect(await idsFor({ q: 'gómez_ruiz' })).toEqual([policyIds.plain]);
    expect(await idsFor({ q: 'z_r' })).toEqual([policyIds.plain]);
  });

  it('combines the text with the status filter', async () => {
    expect(await idsFor({ status: 'active' })).toEqual([policyIds.maria, policyIds.plain].sort());
    expect(await idsFor({ q: 'benito', status: 'active' })).toEqual([policyIds.maria, policyIds.plain].sort());
    expect(await idsFor({ q: 'benito', status: 'created' })).toEqual([]);
    expect(await idsFor({ q: 'jose', status: 'created' })).toEqual([policyIds.jose]);
    expect((await search({ q: 'benito', status: 'active' })).total).toBe(2);
    expect(await idsFor({ status: '' })).toHaveLength(3);
  });

  it('never shows another branch’s policies', async () => {
    const outsider = await createPolicy(santaFeAgent.token, examplePolicyInput({ tenants: [exampleTenant('José Ñúñez Álvarez')] }));
    expect(await idsFor({ q: 'jose nunez' })).toEqual([policyIds.jose]);
    const asSantaFe = await search({ q: 'jose nunez' }, santaFeAgent.token);
    expect(asSantaFe.items.map((item) => item.id)).toContain(outsider.id);
    expect(asSantaFe.items.every((item) => item.branchId === 2)).toBe(true);
    const asAdmin = await search({ q: 'jose nunez', branchId }, adminToken);
    expect(asAdmin.items.map((item) => item.id)).toEqual([policyIds.jose]);
  });

  it('answers 400 for a bad status, limit or cursor', async () => {
    for (const query of ['status=archivada', 'limit=0', 'limit=101', 'limit=abc', 'cursor=bm9wZQ']) {
      const response = await get(`/api/policy/search?${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).details.length, query).toBeGreaterThan(0);
    }
    expect(json(await get('/api/policy/search?cursor=bm9wZQ', token)).details).toEqual([
      { field: 'cursor', message: 'El cursor de paginación no es válido' },
    ]);
  });

  it('pages with the cursor without repeating or skipping rows while policies are added', async () => {
    const pagingBranch = await insertBranch(ctx);
    const agent = await insertUser(ctx, { role: 'agent', branchId: pagingBranch });
    const agentToken = (await login(ctx.app, agent.email, agent.password)).token;
    const original: number[] = [];
    for (let index = 0; index < 7; index++) original.push((await createPolicy(agentToken)).id);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: PolicySearchResult = await search(cursor ? { limit: 3, cursor } : { limit: 3 }, agentToken);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
      // Someone creates a policy between two page loads.
      await createPolicy(agentToken);
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(seen).toEqual([...original].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });
});
