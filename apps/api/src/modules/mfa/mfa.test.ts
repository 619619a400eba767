import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { mfaRecoveryCodes, users } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, insertUser, json, login, TEST_SECRET_BOX, type TestContext, type TestUser } from '../../test/app';
import { LOGIN_LIMITS } from '../auth/index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}, ip = '10.9.0.1') =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

const codeOf = (secret: string) => generate({ secret });
/** The codes of the steps before and after the current one: still inside the ±1 step window. */
const previousCodeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
const nextCodeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
/** A code of the right shape ten minutes ahead: outside the ±1 step window. */
const wrongCodeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 600 });

/** A user with MFA on: their secret and recovery codes. */
async function enrolledUser(overrides: Parameters<typeof insertUser>[1] = {}): Promise<TestUser & { secret: string; recoveryCodes: string[] }> {
  const user = await insertUser(ctx, overrides);
  const { token } = await login(ctx.app, user.email, user.password, '10.9.9.9');
  const setup = json(await post('/api/account/mfa/setup', undefined, bearer(token)));
  // The previous step's code: the current one stays unused for the test's sign-in.
  const confirmed = await post('/api/account/mfa/confirm', { code: await previousCodeOf(setup.secret) }, bearer(token));
  expect(confirmed.statusCode).toBe(200);
  return { ...user, secret: setup.secret, recoveryCodes: json(confirmed).recoveryCodes };
}

async function challengeFor(user: TestUser, ip = '10.9.0.1'): Promise<string> {
  const response = await post('/api/auth/login', { email: user.email, password: user.password }, {}, ip);
  expect(response.statusCode).toBe(200);
  expect(json(response)).toEqual({ mfaRequired: true, challenge: expect.any(String) });
  return json(response).challenge;
}

describe("'Mi cuenta': enrolment", () => {
  it('shows a pending secret with its QR, refuses a wrong code, and a right one enables MFA with ten recovery codes', async () => {
    const user = await insertUser(ctx);
    const { token } = await login(ctx.app, user.email, user.password, '10.9.9.9');
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/account/mfa', headers: bearer(token) }))).toEqual({ enabled: false, enabledAt: null });

    const setup = await post('/api/account/mfa/setup', undefined, bearer(token));
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = json(setup);
    expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/api/account/mfa/confirm', { code: await wrongCodeOf(secret) }, bearer(token));
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe('El código de verificación no es válido');
    // Still off: the password alone signs in.
    expect(json(await post('/api/auth/login', { email: user.email, password: user.password })).token).toBeDefined();

    const right = await post('/api/account/mfa/confirm', { code: await codeOf(secret) }, bearer(token));
    expect(right.statusCode).toBe(200);
    const { recoveryCodes } = json(right);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.testDb.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash)).toHaveLength(10);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash) && !recoveryCodes.includes(row.codeHash))).toBe(true);

    const status = json(await ctx.app.inject({ method: 'GET', url: '/api/account/mfa', headers: bearer(token) }));
    expect(status).toEqual({ enabled: true, enabledAt: expect.any(String) });
    // Enabled: a new setup (which would replace the secret) is refused.
    expect((await post('/api/account/mfa/setup', undefined, bearer(token))).statusCode).toBe(409);
  });

  it('refuses a confirmation before any setup, and an empty code names the field', async () => {
    const user = await insertUser(ctx);
    const { token } = await login(ctx.app, user.email, user.password, '10.9.9.9');
    expect(json(await post('/api/account/mfa/confirm', { code: '123456' }, bearer(token))).message).toBe('Primero inicie la activación de la verificación en dos pasos');
    const empty = await post('/api/account/mfa/confirm', { code: ' ' }, bearer(token));
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toMatch(/Código de verificación/);
  });

  it('disabling needs a current code', async () => {
    const user = await enrolledUser();
    const { secret } = user;
    const token = await tokensWithCode(user, await codeOf(secret));
    expect((await post('/api/account/mfa/disable', { code: await wrongCodeOf(secret) }, bearer(token))).statusCode).toBe(400);
    expect((await post('/api/account/mfa/disable', {}, bearer(token))).statusCode).toBe(400);
    expect((await post('/api/account/mfa/disable', { code: await nextCodeOf(secret) }, bearer(token))).statusCode).toBe(204);
    expect(json(await post('/api/auth/login', { email: user.email, password: user.password })).token).toBeDefined();
    expect(await ctx.testDb.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toEqual([]);
  });

  it('answers 401 without a token on each endpoint', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/mfa' })).statusCode).toBe(401);
    for (const url of ['/api/account/mfa/setup', '/api/account/mfa/confirm', '/api/account/mfa/disable']) {
      expect((await post(url, { code: '123456' })).statusCode).toBe(401);
    }
  });
});

async function tokensWithCode(user: TestUser, code: string): Promise<string> {
  const challenge = await challengeFor(user, '10.9.9.8');
  const response = await post('/api/auth/login/mfa', { challenge, code }, {}, '10.9.9.8');
  expect(response.statusCode).toBe(200);
  return json(response).token;
}

describe('sign-in with MFA', () => {
  it('answers a challenge instead of tokens, and the code turns it into the usual tokens', async () => {
    const user = await enrolledUser();
    const challenge = await challengeFor(user);
    const response = await post('/api/auth/login/mfa', { challenge, code: await codeOf(user.secret) });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ refreshToken: expect.any(String), expiresIn: 900, user: { id: user.id, email: user.email } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) })).statusCode).toBe(200);
  });

  it('refuses a wrong code and counts it in the sign-in throttle', async () => {
    const user = await enrolledUser();
    const ip = '10.9.1.1';
    const challenge = await challengeFor(user, ip);
    // The password step took one of this address's free attempts (an MFA user's password alone forgives nothing).
    for (let i = 1; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const wrong = await post('/api/auth/login/mfa', { challenge, code: await wrongCodeOf(user.secret) }, {}, ip);
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong).message).toBe('El código de verificación no es válido');
    }
    // From this address even the right code now waits; from the owner's other address the password step still answers.
    expect((await post('/api/auth/login/mfa', { challenge, code: await codeOf(user.secret) }, {}, ip)).statusCode).toBe(429);
    expect(json(await post('/api/auth/login', { email: user.email, password: user.password }, {}, '10.9.1.2'))).toMatchObject({ mfaRequired: true });
  });

  it('accepts a TOTP code once only, and no earlier code after it', async () => {
    const user = await enrolledUser();
    // Each attempt from its own address: the sign-in throttle is not what this test is about.
    const attempt = async (code: string, ip: string) => (await post('/api/auth/login/mfa', { challenge: await challengeFor(user, ip), code }, {}, ip)).statusCode;
    const code = await codeOf(user.secret);
    expect(await attempt(code, '10.9.3.1')).toBe(200);
    expect(await attempt(code, '10.9.3.2')).toBe(401);
    // The enrolment used the previous step's code; it is refused as well.
    expect(await attempt(await previousCodeOf(user.secret), '10.9.3.3')).toBe(401);
    expect(await attempt(await nextCodeOf(user.secret), '10.9.3.4')).toBe(200);
  });

  it('accepts the same code only once when it is sent twice at the same moment', async () => {
    const user = await enrolledUser();
    const code = await codeOf(user.secret);
    const [challengeA, challengeB] = [await challengeFor(user, '10.9.4.1'), await challengeFor(user, '10.9.4.2')];
    const answers = await Promise.all([
      post('/api/auth/login/mfa', { challenge: challengeA, code }, {}, '10.9.4.1'),
      post('/api/auth/login/mfa', { challenge: challengeB, code }, {}, '10.9.4.2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('keeps the secret sealed in the database', async () => {
    const user = await enrolledUser();
    const [row] = await ctx.testDb.database.db.select({ secret: users.mfaSecret }).from(users).where(eq(users.id, user.id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(user.secret);
    expect(TEST_SECRET_BOX.open(row!.secret!)).toBe(user.secret);
  });

  it('accepts a recovery code once only', async () => {
    const user = await enrolledUser();
    const code = user.recoveryCodes[3]!;
    const first = await post('/api/auth/login/mfa', { challenge: await challengeFor(user), code: code.toUpperCase() });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/auth/login/mfa', { challenge: await challengeFor(user), code });
    expect(again.statusCode).toBe(401);
  });

  it("refuses a forged, another purpose's or an access token as the challenge", async () => {
    const user = await enrolledUser();
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password, '10.9.9.7');
    for (const challenge of ['no-es-un-token', token]) {
      const response = await post('/api/auth/login/mfa', { challenge, code: await codeOf(user.secret) });
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('La verificación expiró. Inicie sesión nuevamente.');
    }
    expect((await post('/api/auth/login/mfa-setup', { challenge: await challengeFor(user) })).statusCode).toBe(401);
    expect((await post('/api/auth/login/mfa', { code: '123456' })).statusCode).toBe(400);
  });
});

describe('POST /api/users/:id/mfa/reset', () => {
  it("lets an admin turn a user's MFA off; the user edit screen shows it", async () => {
    const user = await enrolledUser();
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password, '10.9.9.7');
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: bearer(token) })).mfaEnabled).toBe(true);
    const userSession = await tokensWithCode(user, await codeOf(user.secret));
    const response = await post(`/api/users/${user.id}/mfa/reset`, undefined, bearer(token));
    expect(response.statusCode).toBe(200);
    expect(json(response).mfaEnabled).toBe(false);
    expect(ctx.logs.some((line) => line.includes('verificación en dos pasos restablecida'))).toBe(true);
    // A lost phone may be a stolen one, still signed in: its session ended with the reset.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(userSession) })).statusCode).toBe(401);
    expect(json(await post('/api/auth/login', { email: user.email, password: user.password })).token).toBeDefined();
  });

  it('is 401 without a token, 403 for another role, 404 for an unknown user, 400 for a bad id', async () => {
    const agent = await insertUser(ctx, { role: 'manager' });
    const { token: managerToken } = await login(ctx.app, agent.email, agent.password, '10.9.9.7');
    const { token } = await login(ctx.app, ADMIN.email, ADMIN.password, '10.9.9.7');
    expect((await post('/api/users/1/mfa/reset')).statusCode).toBe(401);
    expect((await post('/api/users/1/mfa/reset', undefined, bearer(managerToken))).statusCode).toBe(403);
    expect((await post('/api/users/999999/mfa/reset', undefined, bearer(token))).statusCode).toBe(404);
    expect((await post('/api/users/abc/mfa/reset', undefined, bearer(token))).statusCode).toBe(400);
  });
});

describe('MFA_REQUIRED_FOR=admin', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ MFA_REQUIRED_FOR: 'admin' });
  });
  afterAll(() => strict.close());
  const strictPost = (url: string, payload: object) => strict.app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.2.1' });

  it('makes an admin without MFA enrol before any token, and not an agent', async () => {
    const agent = await insertUser(strict, { role: 'agent' });
    expect(json(await strictPost('/api/auth/login', { email: agent.email, password: agent.password })).token).toBeDefined();

    const admin = await insertUser(strict, { role: 'admin' });
    const first = json(await strictPost('/api/auth/login', { email: admin.email, password: admin.password }));
    expect(first).toEqual({ mfaEnrolmentRequired: true, challenge: expect.any(String) });
    // That challenge is not a second factor.
    expect((await strictPost('/api/auth/login/mfa', { challenge: first.challenge, code: '123456' })).statusCode).toBe(401);

    const setup = await strictPost('/api/auth/login/mfa-setup', { challenge: first.challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = json(setup);
    const wrong = await strictPost('/api/auth/login/mfa-setup/confirm', { challenge: first.challenge, code: await wrongCodeOf(secret) });
    expect(wrong.statusCode).toBe(400);
    const done = await strictPost('/api/auth/login/mfa-setup/confirm', { challenge: first.challenge, code: await codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), user: { id: admin.id, role: 'admin' } });
    expect(json(done).recoveryCodes).toHaveLength(10);

    // From now on: the usual second step.
    expect(json(await strictPost('/api/auth/login', { email: admin.email, password: admin.password })).mfaRequired).toBe(true);
  });
});
