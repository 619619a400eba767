import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN, bearer, createTestContext, insertBranch, insertUser, json, login, tokenFor, validBranchBody, type TestContext } from '../../test/app';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());

const asAdmin = () => bearer(adminToken);
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: asAdmin(), payload: payload as object });

async function countAddresses() {
  const rows = await ctx.testDb.database.db.execute(sql`select count(*)::int as n from addresses`);
  return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('access to /api/branches', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [['GET', '/api/branches'], ['GET', '/api/branches/1'], ['POST', '/api/branches'], ['POST', '/api/branches/1'], ['DELETE', '/api/branches/1']] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 403 to non-admins, for their own branch and for another branch's", async () => {
    for (const role of ['manager', 'approver', 'agent'] as const) {
      const token = await tokenFor(ctx, role, 1);
      for (const [method, url] of [['GET', '/api/branches'], ['GET', '/api/branches/1'], ['GET', '/api/branches/2'], ['POST', '/api/branches/2'], ['DELETE', '/api/branches/2']] as const) {
        const payload = method === 'POST' ? { status: 'inactive' } : undefined;
        expect((await ctx.app.inject({ method, url, headers: bearer(token), payload })).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('GET /api/branches', () => {
  it('lists the seeded Mexico City branches with their addresses', async () => {
    const response = await ctx.app.inject({ url: '/api/branches', headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    const names = json<any[]>(response).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Sucursal Polanco', 'Sucursal Santa Fe', 'Sucursal Del Valle']));
    const polanco = json<any[]>(response).find((b) => b.name === 'Sucursal Polanco');
    expect(polanco.address).toMatchObject({ state: 'Ciudad de México', zipCode: '11560' });
    expect(polanco).toMatchObject({ manager: null, managerName: null, status: 'active' });
  });

  it('returns one branch, 404 for an unknown one', async () => {
    expect(json(await ctx.app.inject({ url: '/api/branches/2', headers: asAdmin() })).name).toBe('Sucursal Santa Fe');
    const missing = await ctx.app.inject({ url: '/api/branches/424242', headers: asAdmin() });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Sucursal no encontrada');
  });
});

describe('POST /api/branches', () => {
  it('creates a branch with its address and an active manager', async () => {
    const manager = await insertUser(ctx, { role: 'manager' });
    const response = await post('/api/branches', validBranchBody({ manager: manager.id }));
    expect(response.statusCode).toBe(201);
    const branch = json(response);
    expect(branch).toMatchObject({ manager: manager.id, managerName: 'Ana', status: 'active' });
    expect(branch.address).toMatchObject({ street: 'Av. Universidad', zipCode: '03310', interiorNumber: '' });
    expect(branch.address.id).toBeGreaterThan(0);
  });

  it('accepts "Sin gerente" (null or empty)', async () => {
    expect((await post('/api/branches', validBranchBody({ manager: '' as unknown as null }))).statusCode).toBe(201);
  });

  it('requires a 5-digit zip code and every required field, naming them', async () => {
    const body = validBranchBody();
    const response = await post('/api/branches', { ...body, name: '', email: 'x', address: { ...body.address, zipCode: '1234', colony: '' } });
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'El campo Nombre es obligatorio' },
        { field: 'email', message: 'Ingrese un correo electrónico válido' },
        { field: 'address.zipCode', message: 'El código postal debe tener exactamente 5 dígitos' },
        { field: 'address.colony', message: 'El campo Colonia es obligatorio' },
      ]),
    );
  });

  it('rejects a manager who is not an active user with role manager', async () => {
    const agent = await insertUser(ctx, { role: 'agent' });
    const retired = await insertUser(ctx, { role: 'manager', status: 'inactive' });
    for (const manager of [agent.id, retired.id, 999999]) {
      const response = await post('/api/branches', validBranchBody({ manager }));
      expect(response.statusCode).toBe(400);
      expect(json(response).details).toEqual([{ field: 'manager', message: 'El gerente debe ser un usuario activo con rol Gerente' }]);
    }
  });

  it('answers 409 for a duplicate name and leaves no orphan address behind', async () => {
    const before = await countAddresses();
    const response = await post('/api/branches', validBranchBody({ name: 'sucursal polanco' }));
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Ya existe una sucursal con ese nombre');
    expect(await countAddresses()).toBe(before);
  });
});

describe('POST /api/branches/:id and DELETE', () => {
  it('updates the whole branch, address included', async () => {
    const id = await insertBranch(ctx);
    const body = validBranchBody();
    const response = await post(`/api/branches/${id}`, { ...body, name: 'Sucursal Roma', address: { ...body.address, interiorNumber: '4B' }, status: 'active' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ name: 'Sucursal Roma', address: { interiorNumber: '4B', zipCode: '03310' } });
  });

  it('toggles only the status', async () => {
    const id = await insertBranch(ctx, { name: 'Sucursal Condesa' });
    const response = await post(`/api/branches/${id}`, { status: 'inactive' });
    expect(json(response)).toMatchObject({ status: 'inactive', name: 'Sucursal Condesa' });
  });

  it('rejects an invalid update', async () => {
    const id = await insertBranch(ctx);
    const body = validBranchBody();
    const response = await post(`/api/branches/${id}`, { ...body, status: 'active', address: { ...body.address, zipCode: 'ABCDE' } });
    expect(response.statusCode).toBe(400);
    expect(json(response).details[0].field).toBe('address.zipCode');
  });

  it('DELETE only deactivates: the branch and its users stay', async () => {
    const id = await insertBranch(ctx);
    const user = await insertUser(ctx, { branchId: id });
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/branches/${id}`, headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(json(response).status).toBe('inactive');
    expect(json(await ctx.app.inject({ url: `/api/branches/${id}`, headers: asAdmin() })).status).toBe('inactive');
    expect(json(await ctx.app.inject({ url: `/api/users/${user.id}`, headers: asAdmin() })).branchId).toBe(id);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/branches/999999', headers: asAdmin() })).statusCode).toBe(404);
  });
});

describe('code and expiry notice (issue 15)', () => {
  it('stores a given code upper-cased, or gives SUC and a number, with a 30-day notice by default', async () => {
    const coded = json(await post('/api/branches', validBranchBody({ code: ' cya2 ', expiryNoticeDays: 45 } as never)));
    expect(coded).toMatchObject({ code: 'CYA2', expiryNoticeDays: 45 });
    const defaulted = json(await post('/api/branches', validBranchBody()));
    expect(defaulted.code).toMatch(/^SUC\d{3,}$/);
    expect(defaulted.expiryNoticeDays).toBe(30);
    const seeded = json<any[]>(await ctx.app.inject({ url: '/api/branches', headers: asAdmin() })).find((b) => b.name === 'Sucursal Polanco');
    expect(seeded.code).toBe('POL');
  });

  it('lets the admin edit both, keeps them when a client leaves them out, and refuses a taken code (409)', async () => {
    const created = json(await post('/api/branches', validBranchBody({ code: 'EDT' } as never)));
    const { id, address, manager, name, phone, email } = created;
    const { id: _address, ...addressBody } = address;
    const body = { name, phone, email, manager, address: addressBody, status: 'active' };
    const edited = await post(`/api/branches/${id}`, { ...body, code: 'EDT2', expiryNoticeDays: 60 });
    expect(json(edited)).toMatchObject({ code: 'EDT2', expiryNoticeDays: 60 });
    expect(json(await post(`/api/branches/${id}`, body))).toMatchObject({ code: 'EDT2', expiryNoticeDays: 60 });
    const taken = await post(`/api/branches/${id}`, { ...body, code: 'POL' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).details).toEqual([{ field: 'code', message: 'Ya existe una sucursal con esa clave' }]);
  });

  it('answers 400 naming the field for a bad code or notice period', async () => {
    for (const [extra, field] of [
      [{ code: 'A' }, 'code'],
      [{ code: 'ABCDEFG' }, 'code'],
      [{ code: 'AB-1' }, 'code'],
      [{ expiryNoticeDays: 0 }, 'expiryNoticeDays'],
      [{ expiryNoticeDays: 366 }, 'expiryNoticeDays'],
      [{ expiryNoticeDays: 'treinta' }, 'expiryNoticeDays'],
    ] as const) {
      const response = await post('/api/branches', { ...validBranchBody(), ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(json(response).details[0].field).toBe(field);
      expect(json(response).details[0].message).toMatch(field === 'code' ? /Clave/ : /Aviso de vencimiento/);
    }
  });
});

describe('paper size of the contract pack (issue 16)', () => {
  it('is carta by default, A4 when chosen, kept when a client leaves it out, and 400 for another', async () => {
    const defaulted = json(await post('/api/branches', validBranchBody()));
    expect(defaulted.paperSize).toBe('letter');
    const created = json(await post('/api/branches', validBranchBody({ paperSize: 'a4' } as never)));
    expect(created.paperSize).toBe('a4');
    const { id, address, manager, name, phone, email } = created;
    const { id: _address, ...addressBody } = address;
    const body = { name, phone, email, manager, address: addressBody, status: 'active' };
    expect(json(await post(`/api/branches/${id}`, body)).paperSize).toBe('a4');
    expect(json(await post(`/api/branches/${id}`, { ...body, paperSize: 'letter' })).paperSize).toBe('letter');
    const wrong = await post('/api/branches', { ...validBranchBody(), paperSize: 'oficio' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).details[0]).toEqual({ field: 'paperSize', message: 'El campo Papel de los contratos debe ser Carta o A4' });
  });
});

describe("signing settings (issue 35: 'Firma de documentos')", () => {
  it('defaults to pagarés with e.firma and the rest simple, all at once, 15 days, 3 reminders; keeps what a client leaves out; 400 naming a bad field', async () => {
    const defaulted = json(await post('/api/branches', validBranchBody()));
    expect(defaulted).toMatchObject({ signatureMethodLease: 'simple', signatureMethodPolicy: 'simple', signatureMethodPromissoryNotes: 'efirma', signingOrder: 'parallel', signingRoundDays: 15, signingReminderMax: 3 });
    const created = json(await post('/api/branches', validBranchBody({ signatureMethodPromissoryNotes: 'paper', signingOrder: 'sequential', signingRoundDays: 30, signingReminderMax: 0 } as never)));
    expect(created).toMatchObject({ signatureMethodPromissoryNotes: 'paper', signingOrder: 'sequential', signingRoundDays: 30, signingReminderMax: 0 });
    const { id, address, manager, name, phone, email } = created;
    const { id: _address, ...addressBody } = address;
    const body = { name, phone, email, manager, address: addressBody, status: 'active' };
    expect(json(await post(`/api/branches/${id}`, body))).toMatchObject({ signatureMethodPromissoryNotes: 'paper', signingOrder: 'sequential', signingRoundDays: 30 });
    expect(json(await post(`/api/branches/${id}`, { ...body, signatureMethodLease: 'efirma' })).signatureMethodLease).toBe('efirma');
    const wrong = await post('/api/branches', { ...validBranchBody(), signatureMethodPromissoryNotes: 'huella' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).details[0]).toEqual({ field: 'signatureMethodPromissoryNotes', message: 'El campo Firma de los pagarés debe ser firma electrónica simple, e.firma o papel' });
    const days = await post('/api/branches', { ...validBranchBody(), signingRoundDays: 0 });
    expect(json(days).details[0]).toEqual({ field: 'signingRoundDays', message: 'El campo Vigencia de una ronda de firma (días) debe estar entre 1 y 90' });
  });
});
