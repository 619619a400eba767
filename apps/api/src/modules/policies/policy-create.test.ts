import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { investigationFolioPattern, type Policy } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { signInAs, json } from '../../test/app';
import { adminToken, counts, ctx, get, plusPolicy, polancoAgent, post, santaFeAgent, setUpPolicyTests } from './policies.test-helpers';
import { newPolicy } from '../../test/policies';

setUpPolicyTests();

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
    const auto = await newPolicy(ctx, {
      token: polancoAgent.token,
      overrides: {
        policyType: 'plusAuto',
        guarantors: [{ ...exampleGuarantor('Carlos Ruiz'), vehicle: { brand: 'Nissan', model: 'Versa', year: '2021', color: 'Gris', licensePlate: 'ABC-123-D' } }],
      },
      via: 'admin-jump',
    });
    expect(auto.guarantors[0]!.vehicle).toMatchObject({ brand: 'Nissan', model: 'Versa', year: 2021, licensePlate: 'ABC-123-D' });

    const guaranteeAddress = { street: 'Insurgentes Sur', exteriorNumber: '1602', interiorNumber: '', colony: 'Crédito Constructor', municipality: 'Benito Juárez', state: 'Ciudad de México', zipCode: '03940' };
    const plus = await newPolicy(ctx, { token: polancoAgent.token, overrides: { policyType: 'plus', guarantors: [{ ...exampleGuarantor('Elena Ríos'), sameAddressAsGuarantee: false, guaranteeAddress }] }, via: 'admin-jump' });
    expect(plus.guarantors[0]).toMatchObject({ sameAddressAsGuarantee: false, guaranteeAddress });
  });

  it('lets an admin choose the branch, and refuses one that does not exist', async () => {
    const policy = await newPolicy(ctx, { token: adminToken, overrides: { branchId: 3 }, via: 'admin-jump' });
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
      expect((await newPolicy(ctx, { token, via: 'admin-jump' })).investigationId).toBe('INV-23112026-1005-007');
      expect((await newPolicy(ctx, { token, via: 'admin-jump' })).investigationId).toBe('INV-23112026-1005-008');
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
      const first = await newPolicy(ctx, { token, via: 'admin-jump' });
      const taken = Number(first.investigationId.slice(-3));
      // 999 of the minute's numbers taken (the first policy's among them): only 517 is free (or 518 if the first took 517).
      const free = taken === 517 ? 518 : 517;
      await takeFolios(first, 'INV-23112026-1145-', [taken, free]);
      expect((await newPolicy(ctx, { token, via: 'admin-jump' })).investigationId).toBe(`INV-23112026-1145-${free}`);

      const before = await counts();
      const response = await post('/api/policy', token, examplePolicyInput());
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(
        'Ya están asignados los 1,000 folios de investigación de este minuto (del 000 al 999). El siguiente minuto tiene folios nuevos: guarde la póliza de nuevo en cuanto cambie el minuto.',
      );
      expect(await counts()).toEqual(before);

      // The next minute has all its numbers.
      vi.setSystemTime(new Date('2026-11-23T17:46:00Z'));
      expect((await newPolicy(ctx, { token, via: 'admin-jump' })).investigationId).toMatch(/^INV-23112026-1146-\d{3}$/);
    });
  });

  it('refuses a policy without tenants or without a body', async () => {
    const noTenants = await post('/api/policy', polancoAgent.token, examplePolicyInput({ tenants: [] }));
    expect(noTenants.statusCode).toBe(400);
    expect(json(noTenants).details).toContainEqual({ field: 'tenants', message: 'Agregue al menos un inquilino' });
    expect((await post('/api/policy', polancoAgent.token, undefined)).statusCode).toBe(400);
  });
});
