import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema/index';
import { ADMIN, JWT_SECRET, bearer, buildTestApp, createTestContext, insertUser, json, login, type TestContext } from '../../test/app';
import { LOGIN_LIMITS } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const loginAs = (email: string, password: string, ip = '10.1.1.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('returns an access token, a refresh token and the session user, without secrets', async () => {
    const response = await loginAs(ADMIN.email, ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
    expect(body.expiresIn).toBe(900);
    expect(body.user).toMatchObject({ email: ADMIN.email, username: ADMIN.email, role: 'admin', status: 'active', branchName: 'Sucursal Polanco' });
    expect(response.body).not.toMatch(/passwordHash|argon2/);
  });

  it('accepts the e-mail in any case', async () => {
    expect((await loginAs(ADMIN.email.toUpperCase(), ADMIN.password)).statusCode).toBe(200);
  });

  it('answers "Credenciales inválidas" for a wrong password or an unknown e-mail', async () => {
    for (const [email, password] of [[ADMIN.email, 'incorrecta'], ['nadie@test.mx', 'incorrecta']] as const) {
      const response = await loginAs(email, password, '10.1.1.2');
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ statusCode: 401, error: 'Unauthorized', code: 'unauthorized', message: 'Credenciales inválidas' });
    }
  });

  it('rejects missing fields with a 400 naming them', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'no-es-correo' } });
    expect(response.statusCode).toBe(400);
    const fields = json(response).details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('tells a deactivated user so after a correct password, and only then', async () => {
    const user = await insertUser(ctx, { status: 'inactive' });
    const response = await loginAs(user.email, user.password, '10.1.1.3');
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('Su cuenta está desactivada. Comuníquese con un administrador.');
    expect(json(await loginAs(user.email, 'incorrecta', '10.1.1.3')).message).toBe('Credenciales inválidas');
  });
});

describe('sign-in throttle (issue 19)', () => {
  const ageCounters = (email: string, minutes: number) =>
    ctx.testDb.database.db.execute(
      sql`UPDATE login_throttle SET window_started_at = now() - make_interval(mins => ${minutes}) WHERE key LIKE ${`%${email}%`}`,
    );

  it(`checks at most ${LOGIN_LIMITS.perAccountAndAddress} of 30 simultaneous wrong passwords, and says when to try again`, async () => {
    const user = await insertUser(ctx);
    const responses = await Promise.all(Array.from({ length: 30 }, () => loginAs(user.email, 'incorrecta', '10.2.0.1')));
    const checked = responses.filter((r) => r.statusCode === 401);
    const throttled = responses.filter((r) => r.statusCode === 429);
    // Every 401 is a password that was checked; the rest were refused before argon2 ran.
    expect(checked.length).toBe(LOGIN_LIMITS.perAccountAndAddress);
    expect(throttled.length).toBe(30 - LOGIN_LIMITS.perAccountAndAddress);
    expect(json(throttled[0]!).message).toBe('Demasiados intentos. Intente de nuevo en 1 minuto.');
    // Even the right password waits its turn from that address, on another instance too.
    const other = await buildTestApp(ctx.config, ctx.testDb);
    try {
      const again = await other.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: '10.2.0.1' });
      expect(again.statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });

  it('grows the wait: 1, 2, 4 minutes after each further failure', async () => {
    const user = await insertUser(ctx);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) await loginAs(user.email, 'incorrecta', '10.2.1.1');
    for (const minutes of [1, 2, 4]) {
      await ageCounters(user.email, minutes);
      expect((await loginAs(user.email, 'incorrecta', '10.2.1.1')).statusCode).toBe(401);
      expect(json(await loginAs(user.email, user.password, '10.2.1.1')).message).toBe(`Demasiados intentos. Intente de nuevo en ${minutes * 2} minutos.`);
    }
  });

  it("does not stop the owner, from their own address, after a stranger's failures elsewhere", async () => {
    const user = await insertUser(ctx);
    for (let i = 0; i < 12; i++) expect((await loginAs(user.email, 'incorrecta', '10.3.0.9')).statusCode).toBe(i < 5 ? 401 : 429);
    expect((await loginAs(user.email, user.password, '10.3.1.1')).statusCode).toBe(200);
  });

  it(`past ${LOGIN_LIMITS.perAccount} failures from many addresses, only spaces the account's attempts by seconds`, async () => {
    const user = await insertUser(ctx);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await loginAs(user.email, 'incorrecta', `10.3.2.${i}`);
    const slowed = await loginAs(user.email, user.password, '10.3.3.1');
    expect(slowed.statusCode).toBe(429);
    expect(json(slowed).message).toMatch(/^Demasiados intentos\. Intente de nuevo en \d+ segundos\.$/);
    await ageCounters(user.email, 1);
    expect((await loginAs(user.email, user.password, '10.3.3.1')).statusCode).toBe(200);
  });

  it('lets a success from an address clear that address', async () => {
    const user = await insertUser(ctx);
    for (let i = 0; i < 4; i++) await loginAs(user.email, 'incorrecta', '10.3.4.1');
    expect((await loginAs(user.email, user.password, '10.3.4.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginAs(user.email, 'incorrecta', '10.3.4.1')).statusCode).toBe(401);
  });

  it(`limits one IP to ${LOGIN_LIMITS.perIp} failures across accounts`, async () => {
    const ip = '10.4.4.4';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) await loginAs(`otro${i}@test.mx`, 'incorrecta', ip);
    expect((await loginAs(ADMIN.email, ADMIN.password, ip)).statusCode).toBe(429);
    expect((await loginAs(ADMIN.email, ADMIN.password, '10.4.4.5')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the session user for a valid token', async () => {
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password);
    const response = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ email: ADMIN.email, role: 'admin' });
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const expired = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('portal-de-polizas')
      .setAudience('portal-de-polizas-web')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('portal-de-polizas')
      .setAudience('portal-de-polizas-web')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const headers of [{}, bearer('basura'), bearer(expired), bearer(forged), { authorization: 'Basic abc' }]) {
      const response = await ctx.app.inject({ url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toMatch(/sesión/i);
    }
  });

  it('stops accepting the token of a user deactivated after signing in', async () => {
    const user = await insertUser(ctx);
    const { token } = await login(ctx.app, user.email, user.password);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const admin = await login(ctx.app, ADMIN.email, ADMIN.password);
    await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: bearer(admin.token), payload: { status: 'inactive' } });
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: the new pair works and the used refresh token does not', async () => {
    const first = await login(ctx.app, ADMIN.email, ADMIN.password);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } });
    expect(response.statusCode).toBe(200);
    const second = json(response);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(second.token) })).statusCode).toBe(200);
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } });
    expect(reused.statusCode).toBe(401);
  });

  it('stores only a hash of the refresh token', async () => {
    const { refreshToken } = await login(ctx.app, ADMIN.email, ADMIN.password);
    const rows = await ctx.testDb.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(rows.some((row) => row.hash === refreshToken)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
  });

  it('ends the whole session when a long-rotated token is presented again (a stolen copy)', async () => {
    const first = await login(ctx.app, ADMIN.email, ADMIN.password);
    const second = json(await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } }));
    await ctx.testDb.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 5 * 60_000) })
      .where(sql`${refreshTokens.revokedAt} IS NOT NULL AND ${refreshTokens.userId} = ${first.user.id}`);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: second.refreshToken } })).statusCode).toBe(401);
  });

  it('rejects unknown, expired and missing tokens', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: 'desconocido' } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: {} })).statusCode).toBe(400);
    const { refreshToken, user } = await login(ctx.app, ADMIN.email, ADMIN.password);
    await ctx.testDb.database.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.userId, user.id));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } })).statusCode).toBe(401);
  });

  it('refuses a deactivated user', async () => {
    const user = await insertUser(ctx);
    const { refreshToken } = await login(ctx.app, user.email, user.password);
    await ctx.testDb.database.db.execute(sql`UPDATE users SET status = 'inactive' WHERE id = ${user.id}`);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token and is idempotent', async () => {
    const { token, refreshToken } = await login(ctx.app, ADMIN.email, ADMIN.password);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: { refreshToken } });
    expect(response.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } })).statusCode).toBe(204);
  });
});

describe('access tokens end with their session (issue 19)', () => {
  const me = (token: string) => ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) }).then((r) => r.statusCode);
  const signed = (claims: Record<string, unknown>, expires: boolean) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('portal-de-polizas').setAudience('portal-de-polizas-web');
    return (expires ? jwt.setExpirationTime('15m') : jwt).sign(new TextEncoder().encode(JWT_SECRET));
  };

  it('refuses the access token of a logged-out session at once, and only that session', async () => {
    const user = await insertUser(ctx);
    const first = await login(ctx.app, user.email, user.password);
    const second = await login(ctx.app, user.email, user.password);
    expect(await me(first.token)).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: first.refreshToken } });
    expect(await me(first.token)).toBe(401);
    expect(await me(second.token)).toBe(200);
  });

  it('keeps a refreshed session valid for the new access token', async () => {
    const user = await insertUser(ctx);
    const session = await login(ctx.app, user.email, user.password);
    const refreshed = json(await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } }));
    expect(await me(session.token)).toBe(200);
    expect(await me(refreshed.token)).toBe(200);
  });

  it('refuses the old access token after a role or a branch change by an admin', async () => {
    const admin = await login(ctx.app, ADMIN.email, ADMIN.password);
    for (const change of [{ role: 'manager' }, { branchId: 2 }]) {
      const user = await insertUser(ctx);
      const { token } = await login(ctx.app, user.email, user.password);
      expect(await me(token)).toBe(200);
      const current = json(await ctx.app.inject({ url: `/api/users/${user.id}`, headers: bearer(admin.token) }));
      const body = { email: current.email, firstName: current.firstName, lastName: current.lastName, role: current.role, phone: current.phone, mobile: current.mobile, branchId: current.branchId, status: 'active', ...change };
      const response = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: bearer(admin.token), payload: body });
      expect(response.statusCode).toBe(200);
      expect(await me(token)).toBe(401);
    }
  });

  it('refuses a token without exp, and one without a session id', async () => {
    const session = await login(ctx.app, ADMIN.email, ADMIN.password);
    const sid = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()).sid as string;
    expect(typeof sid).toBe('string');
    expect(await me(await signed({ role: 'admin', sid }, true))).toBe(200);
    expect(await me(await signed({ role: 'admin', sid }, false))).toBe(401);
    expect(await me(await signed({ role: 'admin' }, true))).toBe(401);
  });
});

describe('secrets in logs', () => {
  it('never writes passwords, password hashes or tokens to the log', async () => {
    const user = await insertUser(ctx, { password: 'Contrasena-Unica-987' });
    const session = await login(ctx.app, user.email, user.password);
    await ctx.app.inject({ url: '/api/auth/me', headers: bearer(session.token) });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } });
    await loginAs(user.email, 'Otra-Incorrecta-555', '10.9.9.9');
    const log = ctx.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of ['Contrasena-Unica-987', 'Otra-Incorrecta-555', session.token, session.refreshToken, '$argon2id$']) {
      expect(log).not.toContain(secret);
    }
  });
});
