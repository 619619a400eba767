import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@portal/domain';
import { defaultEmailKinds } from '@portal/domain';
import { bearer, createTestContext, insertUser, json, login, type TestContext } from '../../test/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signedIn(role: 'agent' | 'manager' | 'approver' | 'admin' = 'agent', branchId = 1) {
  const user = await insertUser(ctx, { role, branchId });
  const session = await login(ctx.app, user.email, user.password);
  return { ...user, ...session };
}

const refresh = (refreshToken: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

describe('GET /api/account', () => {
  it('answers the caller\'s own record and the default e-mail choices, for every role', async () => {
    for (const role of ['agent', 'manager', 'approver', 'admin'] as const) {
      const user = await signedIn(role, 2);
      const response = await ctx.app.inject({ url: '/api/account', headers: bearer(user.token) });
      expect(response.statusCode).toBe(200);
      expect(json<Account>(response)).toEqual({
        id: user.id,
        email: user.email,
        firstName: 'Ana',
        lastName: 'Pérez',
        role,
        branchId: 2,
        branchName: expect.any(String),
        emailKinds: [...defaultEmailKinds],
      });
    }
  });

  it('is 401 without a token', async () => {
    expect((await ctx.app.inject({ url: '/api/account' })).statusCode).toBe(401);
  });
});

describe('PUT /api/account/notification-preferences', () => {
  it('saves the caller\'s choices (repeats dropped), and only theirs', async () => {
    const user = await signedIn();
    const other = await signedIn();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/notification-preferences',
      headers: bearer(user.token),
      payload: { emailKinds: ['renewal_created', 'policy_expiring', 'renewal_created'] },
    });
    expect(response.statusCode).toBe(200);
    expect(json<Account>(response).emailKinds).toEqual(['renewal_created', 'policy_expiring']);
    expect(json<Account>(await ctx.app.inject({ url: '/api/account', headers: bearer(user.token) })).emailKinds).toEqual(['renewal_created', 'policy_expiring']);
    expect(json<Account>(await ctx.app.inject({ url: '/api/account', headers: bearer(other.token) })).emailKinds).toEqual([...defaultEmailKinds]);

    const none = await ctx.app.inject({ method: 'PUT', url: '/api/account/notification-preferences', headers: bearer(user.token), payload: { emailKinds: [] } });
    expect(json<Account>(none).emailKinds).toEqual([]);
  });

  it('refuses an unknown kind or a missing list (400), no token (401)', async () => {
    const user = await signedIn();
    const unknown = await ctx.app.inject({ method: 'PUT', url: '/api/account/notification-preferences', headers: bearer(user.token), payload: { emailKinds: ['spam'] } });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).details[0]).toMatchObject({ field: 'emailKinds.0', message: 'El tipo de notificación no es válido' });
    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/account/notification-preferences', headers: bearer(user.token), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).details[0].field).toBe('emailKinds');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/account/notification-preferences', payload: { emailKinds: [] } })).statusCode).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  const change = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/account/password', headers: bearer(token), payload });

  it('changes it with the current password; the other sessions end, the one named goes on', async () => {
    const user = await signedIn();
    const otherDevice = await login(ctx.app, user.email, user.password, '10.0.0.2');
    const response = await change(user.token, { currentPassword: user.password, newPassword: 'Nueva-Clave-2026', confirmPassword: 'Nueva-Clave-2026', refreshToken: user.refreshToken });
    expect(response.statusCode, response.body).toBe(204);

    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    await expect(login(ctx.app, user.email, user.password, '10.0.0.3')).rejects.toThrow(/401/);
    expect((await login(ctx.app, user.email, 'Nueva-Clave-2026', '10.0.0.3')).token).toBeTruthy();
  });

  it('ends every session when no refresh token of the caller is named', async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const response = await change(user.token, { currentPassword: user.password, newPassword: 'Nueva-Clave-2026', confirmPassword: 'Nueva-Clave-2026', refreshToken: stranger.refreshToken });
    expect(response.statusCode).toBe(204);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    // Someone else's token named is neither kept for this user nor touched.
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
  });

  it('is a 400 naming the field: wrong current password, short or unconfirmed new one, same as before', async () => {
    const user = await signedIn();
    const cases: Array<[object, string, string]> = [
      [{ currentPassword: 'equivocada', newPassword: 'Nueva-Clave-2026', confirmPassword: 'Nueva-Clave-2026' }, 'currentPassword', 'La contraseña actual no es correcta'],
      [{ currentPassword: user.password, newPassword: 'corta', confirmPassword: 'corta' }, 'newPassword', 'La contraseña debe tener al menos 8 caracteres'],
      [{ currentPassword: user.password, newPassword: 'Nueva-Clave-2026', confirmPassword: 'Otra-Clave-2026' }, 'confirmPassword', 'Las contraseñas no coinciden'],
      [{ currentPassword: '', newPassword: 'Nueva-Clave-2026', confirmPassword: 'Nueva-Clave-2026' }, 'currentPassword', 'El campo Contraseña actual es obligatorio'],
      [{ currentPassword: user.password, newPassword: user.password, confirmPassword: user.password }, 'newPassword', 'La nueva contraseña debe ser distinta de la actual'],
      [{ currentPassword: user.password, newPassword: 'Qwerty123', confirmPassword: 'Qwerty123' }, 'newPassword', 'Esa contraseña es muy común; elija otra.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await change(user.token, payload);
      expect(response.statusCode, field).toBe(400);
      expect(json(response).details).toContainEqual({ field, message });
    }
    // Still the old password and the same session.
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
  });

  it("counts wrong current passwords in the sign-in throttle: after five, even the right one waits (429) (issue 29)", async () => {
    const user = await signedIn();
    const attempt = (currentPassword: string) => change(user.token, { currentPassword, newPassword: 'Nueva-Clave-2026', confirmPassword: 'Nueva-Clave-2026' });
    for (let guess = 1; guess <= 5; guess++) expect((await attempt(`equivocada-${guess}`)).statusCode).toBe(400);
    const refused = await attempt(user.password);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toMatch(/^Demasiados intentos\. Intente de nuevo en \d+ minutos?\.$/);
    // The same counters as signing in from that address: the password did not change.
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: '127.0.0.1' });
    expect(signIn.statusCode).toBe(429);
    expect((await login(ctx.app, user.email, user.password, '10.0.0.9')).token).toBeTruthy();
  });

  it('is 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'x', newPassword: 'Nueva-Clave-2026', confirmPassword: 'Nueva-Clave-2026' } });
    expect(response.statusCode).toBe(401);
  });
});
