import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestContext, insertBranch, insertUser, json, login, tokenFor, type TestContext } from '../../test/app';

let ctx: TestContext;
let adminToken: string;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const session = await login(ctx.app, ADMIN.email, ADMIN.password);
  adminToken = session.token;
  adminId = session.user.id;
});
afterAll(() => ctx.close());

const asAdmin = () => bearer(adminToken);

function newUserBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `Nuevo.${Math.random().toString(36).slice(2)}@Test.mx`,
    firstName: 'María',
    lastName: 'González',
    role: 'agent',
    branchId: 2,
    phone: '55 1234 5678',
    mobile: '55 8765 4321',
    password: 'Segura-123',
    // The spec's client also sends these; the server ignores them.
    createdAt: '1999-01-01T00:00:00.000Z',
    updatedAt: '1999-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('access to /api/users', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [['GET', '/api/users'], ['GET', '/api/users/1'], ['POST', '/api/users'], ['POST', '/api/users/1']] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to managers, approvers, agents and lawyers, whatever branch the record is in', async () => {
    const otherBranch = await insertBranch(ctx);
    const someone = await insertUser(ctx, { branchId: otherBranch });
    for (const role of ['manager', 'approver', 'agent', 'lawyer'] as const) {
      const token = await tokenFor(ctx, role);
      for (const [method, url, payload] of [
        ['GET', '/api/users', undefined],
        ['GET', `/api/users/${someone.id}`, undefined],
        ['POST', '/api/users', newUserBody()],
        ['POST', `/api/users/${someone.id}`, { status: 'inactive' }],
      ] as const) {
        const response = await ctx.app.inject({ method, url, headers: bearer(token), payload });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(json(response).message).toBe('No tiene permiso para realizar esta acción');
      }
    }
  });
});

describe('GET /api/users', () => {
  it('lists users with their branch name and no password hashes', async () => {
    const response = await ctx.app.inject({ url: '/api/users', headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    const users = json<any[]>(response);
    expect(users.find((u) => u.email === ADMIN.email)).toMatchObject({ role: 'admin', branchName: 'Sucursal Polanco', status: 'active' });
    expect(response.body).not.toMatch(/password/i);
  });

  it('filters by role and status (the branch form lists active managers)', async () => {
    const active = await insertUser(ctx, { role: 'manager' });
    const inactive = await insertUser(ctx, { role: 'manager', status: 'inactive' });
    const response = await ctx.app.inject({ url: '/api/users?role=manager&status=active', headers: asAdmin() });
    const ids = json<any[]>(response).map((u) => u.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(json<any[]>(response).every((u) => u.role === 'manager' && u.status === 'active')).toBe(true);
  });

  it('rejects an unknown role filter with a 400', async () => {
    const response = await ctx.app.inject({ url: '/api/users?role=jefe', headers: asAdmin() });
    expect(response.statusCode).toBe(400);
    expect(json(response).details[0].field).toBe('role');
  });
});

describe('GET /api/users/:id', () => {
  it('returns one user', async () => {
    const user = await insertUser(ctx, { role: 'approver' });
    const response = await ctx.app.inject({ url: `/api/users/${user.id}`, headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: user.id, email: user.email, role: 'approver' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await ctx.app.inject({ url: '/api/users/999999', headers: asAdmin() })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ url: '/api/users/abc', headers: asAdmin() });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).details[0].field).toBe('id');
  });
});

describe('POST /api/users', () => {
  it('creates a user who can then sign in; the server sets the dates', async () => {
    const body = newUserBody();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: asAdmin(), payload: body });
    expect(response.statusCode).toBe(201);
    const user = json(response);
    expect(user).toMatchObject({ email: body.email.toLowerCase(), role: 'agent', status: 'active', branchId: 2, branchName: 'Sucursal Santa Fe' });
    expect(new Date(user.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect(response.body).not.toMatch(/password/i);
    await login(ctx.app, body.email, body.password);
  });

  it('rejects invalid input with every field named, and writes nothing', async () => {
    const before = json<any[]>(await ctx.app.inject({ url: '/api/users', headers: asAdmin() })).length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      payload: { email: 'no-es-correo', firstName: ' ', role: 'jefe', branchId: 1, phone: '', mobile: '55', password: 'corta' },
    });
    expect(response.statusCode).toBe(400);
    const details = json(response).details as Array<{ field: string; message: string }>;
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Ingrese un correo electrónico válido' },
        { field: 'firstName', message: 'El campo Nombre es obligatorio' },
        { field: 'lastName', message: 'El campo Apellido es obligatorio' },
        { field: 'role', message: 'El rol no es válido' },
        { field: 'phone', message: 'El campo Teléfono es obligatorio' },
        { field: 'password', message: 'La contraseña debe tener al menos 8 caracteres' },
      ]),
    );
    const after = json<any[]>(await ctx.app.inject({ url: '/api/users', headers: asAdmin() })).length;
    expect(after).toBe(before);
  });

  it('answers 409 for an e-mail already in use, in any case', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: asAdmin(), payload: newUserBody({ email: ADMIN.email.toUpperCase() }) });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ message: 'Ya existe un usuario con ese correo electrónico', details: [{ field: 'email' }] });
  });

  it('answers 400 on the branch field for a branch that does not exist', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: asAdmin(), payload: newUserBody({ branchId: 9999 }) });
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual([{ field: 'branchId', message: 'La sucursal seleccionada no existe' }]);
  });
});

describe('POST /api/users/:id', () => {
  it('updates the whole record', async () => {
    const user = await insertUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}`,
      headers: asAdmin(),
      payload: { ...newUserBody({ email: user.email, role: 'approver', branchId: 3, firstName: 'Lucía' }), password: undefined, status: 'active' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: user.id, firstName: 'Lucía', role: 'approver', branchId: 3, branchName: 'Sucursal Del Valle' });
  });

  it('resets the password: the new one works, the old one and open sessions do not', async () => {
    const user = await insertUser(ctx);
    const oldSession = await login(ctx.app, user.email, user.password);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}`,
      headers: asAdmin(),
      payload: { ...newUserBody({ email: user.email }), status: 'active', password: 'Nueva-Clave-2026' },
    });
    expect(response.statusCode).toBe(200);
    await login(ctx.app, user.email, 'Nueva-Clave-2026', '10.7.0.1');
    const old = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: '10.7.0.2' });
    expect(old.statusCode).toBe(401);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: oldSession.refreshToken } });
    expect(refresh.statusCode).toBe(401);
  });

  it('toggles only the status, and a deactivated user is out at once', async () => {
    const user = await insertUser(ctx);
    const session = await login(ctx.app, user.email, user.password);
    const off = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: asAdmin(), payload: { status: 'inactive' } });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toMatchObject({ status: 'inactive', firstName: 'Ana' });
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    const on = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: asAdmin(), payload: { status: 'active' } });
    expect(json(on).status).toBe('active');
    await login(ctx.app, user.email, user.password);
  });

  it('rejects a bad status, a partial record and an e-mail taken by someone else', async () => {
    const user = await insertUser(ctx);
    const other = await insertUser(ctx);
    const badStatus = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: asAdmin(), payload: { status: 'borrado' } });
    expect(badStatus.statusCode).toBe(400);
    expect(json(badStatus).details).toEqual([{ field: 'status', message: 'El estatus debe ser activo o inactivo' }]);

    const partial = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: asAdmin(), payload: { status: 'active', firstName: 'Solo' } });
    expect(partial.statusCode).toBe(400);
    expect(json(partial).details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['email', 'lastName']));

    const taken = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}`,
      headers: asAdmin(),
      payload: { ...newUserBody({ email: other.email }), status: 'active', password: undefined },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('does not let an admin deactivate or demote themself', async () => {
    const off = await ctx.app.inject({ method: 'POST', url: `/api/users/${adminId}`, headers: asAdmin(), payload: { status: 'inactive' } });
    expect(off.statusCode).toBe(409);
    expect(json(off).message).toBe('No puede desactivar su propia cuenta');
    const demote = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${adminId}`,
      headers: asAdmin(),
      payload: { ...newUserBody({ email: ADMIN.email, role: 'agent', branchId: 1 }), status: 'active', password: undefined },
    });
    expect(demote.statusCode).toBe(409);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/999999', headers: asAdmin(), payload: { status: 'inactive' } });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Usuario no encontrado');
  });
});

describe('POST /api/users/:id/unlock (issue 19)', () => {
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.9.9.9' });

  it('lets a throttled user sign in again at once', async () => {
    const user = await insertUser(ctx);
    for (let i = 0; i < 6; i++) await signIn(user.email, 'incorrecta');
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/unlock`, headers: asAdmin() });
    expect(response.statusCode).toBe(204);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers 401 without a token, 403 to a manager, 404 for an unknown user and 400 for a bad id', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/1/unlock' })).statusCode).toBe(401);
    const manager = await tokenFor(ctx, 'manager');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/1/unlock', headers: bearer(manager) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/999999/unlock', headers: asAdmin() })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/abc/unlock', headers: asAdmin() })).statusCode).toBe(400);
  });
});

describe('common passwords (issue 19)', () => {
  it('refuses a common password on create and on edit, naming the field', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: asAdmin(), payload: newUserBody({ password: 'Password123' }) });
    expect(created.statusCode).toBe(400);
    expect(json(created).details).toEqual([{ field: 'password', message: 'Esa contraseña es muy común; elija otra.' }]);
    const user = await insertUser(ctx);
    const edited = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}`,
      headers: asAdmin(),
      payload: { ...newUserBody({ email: user.email }), status: 'active', password: 'contraseña2025' },
    });
    expect(edited.statusCode).toBe(400);
    expect(json(edited).details[0].field).toBe('password');
  });
});

describe('POST /api/users/:id/temporary-password (issue 19)', () => {
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.9.9.8' });

  it('returns a generated password once; signed in with it, only the password change, me and logout answer until it is changed', async () => {
    const user = await insertUser(ctx);
    const before = await login(ctx.app, user.email, user.password);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/temporary-password`, headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    const { temporaryPassword } = json(response);
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    // Their open sessions ended; the old password no longer works.
    const ended = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(before.token) });
    expect(ended.statusCode).toBe(401);
    expect(json(ended).code).toBe('session_expired');
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);

    const session = json(await signIn(user.email, temporaryPassword));
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(session.token) })).statusCode).toBe(200);
    const blocked = await ctx.app.inject({ url: '/api/policy/search', headers: bearer(session.token) });
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked)).toMatchObject({
      code: 'password_change_required',
      message: 'Debe cambiar su contraseña temporal antes de continuar.',
      details: [{ field: 'passwordChangeRequired', message: 'Debe cambiar su contraseña temporal antes de continuar.' }],
    });

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(session.token),
      payload: { currentPassword: temporaryPassword, newPassword: 'Mi-Clave-Propia-2026', confirmPassword: 'Mi-Clave-Propia-2026', refreshToken: session.refreshToken },
    });
    expect(changed.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/policy/search', headers: bearer(session.token) })).statusCode).toBe(200);
  });

  it('answers 401 without a token, 403 to a manager and 404 for an unknown user', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/1/temporary-password' })).statusCode).toBe(401);
    const manager = await tokenFor(ctx, 'manager');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/1/temporary-password', headers: bearer(manager) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/999999/temporary-password', headers: asAdmin() })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/x/temporary-password', headers: asAdmin() })).statusCode).toBe(400);
  });
});

describe("the branch's manager follows the users' roles (issue 29)", () => {
  const managerOf = async (branchId: number) => json<{ manager: number | null; managerName: string | null }>(await ctx.app.inject({ url: `/api/branches/${branchId}`, headers: asAdmin() }));
  const create = async (overrides: Record<string, unknown>) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: asAdmin(), payload: newUserBody(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ id: number }>(response);
  };
  const update = (id: number, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: `/api/users/${id}`, headers: asAdmin(), payload });

  it('a new manager of a branch without one becomes its manager; a second does not replace them; a deactivated one hands it on, and a demoted last one leaves none', async () => {
    const branch = { id: await insertBranch(ctx) };
    expect(await managerOf(branch.id)).toMatchObject({ manager: null });
    const carmen = await create({ role: 'manager', branchId: branch.id, firstName: 'Carmen', lastName: 'Peña' });
    expect(await managerOf(branch.id)).toMatchObject({ manager: carmen.id, managerName: 'Carmen' });
    const jorge = await create({ role: 'manager', branchId: branch.id, firstName: 'Jorge' });
    expect((await managerOf(branch.id)).manager).toBe(carmen.id);

    expect((await update(carmen.id, { status: 'inactive' })).statusCode).toBe(200);
    expect(await managerOf(branch.id)).toMatchObject({ manager: jorge.id, managerName: 'Jorge' });
    const demoted = await update(jorge.id, { ...newUserBody({ role: 'agent', branchId: branch.id, firstName: 'Jorge' }), password: undefined, status: 'active' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await managerOf(branch.id)).toMatchObject({ manager: null, managerName: null });
  });
});
