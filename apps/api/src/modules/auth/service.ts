import crypto from 'node:crypto';
import {
  authMessages,
  type LoginRequest,
  type LoginResponse,
  type RefreshTokenResponse,
  type SessionUser,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { sessionExpired, tooManyRequests, unauthorized } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './repository';
import { mfaChallengeFor, type MfaRequiredFor } from './mfa-challenge';
import { cachedUser, expectUserChange } from './user-cache';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, hashRefreshToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens';

/**
 * Sign-in throttling (issue 19), counted before the password is checked so concurrent guesses
 * cannot slip past: per (account, address) 5 free attempts, then 1, 2, 4… minutes between tries
 * (capped at 15); per account across addresses a ceiling that only spaces attempts by seconds,
 * so strangers elsewhere never lock the owner out; per address, across accounts, a wider limit
 * against spraying. A success takes its own attempt back and clears its pair.
 */
const THROTTLE = {
  pair: { free: 5, baseSeconds: 60, capSeconds: 15 * 60, idleMinutes: 60 },
  account: { free: 20, baseSeconds: 5, capSeconds: 30, idleMinutes: 15 },
  ip: { free: 30, baseSeconds: 60, capSeconds: 15 * 60, idleMinutes: 15 },
} as const satisfies Record<string, repo.ThrottleRule>;

export const LOGIN_LIMITS = { perAccountAndAddress: THROTTLE.pair.free, perAccount: THROTTLE.account.free, perIp: THROTTLE.ip.free } as const;

const throttleKeys = (email: string, ip: string) => ({ pair: `pair:${email} ${ip}`, account: `email:${email}`, ip: `ip:${ip}` });

/** Counts this attempt on every key, pair first (a refused pair spends nothing of the others). */
export async function reserveSignIn(db: Db, email: string, ip: string): Promise<void> {
  const keys = throttleKeys(email, ip);
  for (const name of ['pair', 'account', 'ip'] as const) {
    const waitSeconds = await repo.reserveAttempt(db, keys[name], THROTTLE[name]);
    if (waitSeconds !== null) throw tooManyRequests(tryAgainIn(waitSeconds));
  }
}

export async function signInSucceeded(db: Db, email: string, ip: string): Promise<void> {
  const keys = throttleKeys(email, ip);
  await Promise.all([repo.clearFailures(db, keys.pair), repo.uncountAttempt(db, keys.account), repo.uncountAttempt(db, keys.ip)]);
}

/** 'Demasiados intentos. Intente de nuevo en 2 minutos.' (seconds under a minute). */
function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}` : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return `Demasiados intentos. Intente de nuevo en ${wait}.`;
}

/** Admin's unlock: every counter of the account (its own and each address's) starts over. */
export async function unlockSignIn(db: Db, email: string): Promise<void> {
  await repo.clearAccountFailures(db, `email:${email}`, `pair:${email} `);
}

/** A rotated token shown again within this time is a race between two tabs, not a theft. */
const REUSE_GRACE_MS = 60_000;

export async function login(db: Db, jwtSecret: Uint8Array, input: LoginRequest, ip: string, mfaRequiredFor: MfaRequiredFor = 'none'): Promise<LoginResponse> {
  await reserveSignIn(db, input.email, ip);

  const user = await repo.findUserByEmailForLogin(db, input.email);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !passwordOk) throw unauthorized(authMessages.invalidCredentials);

  const sessionUser = repo.toSessionUser(user);
  if (user.status === 'active') {
    // Before the attempt is forgiven: the password alone must not reset the count of wrong codes
    // (the second step forgives it, mfa-login.ts).
    const mfaChallenge = await mfaChallengeFor(db, jwtSecret, sessionUser, mfaRequiredFor);
    if (mfaChallenge) return mfaChallenge;
  }
  await signInSucceeded(db, input.email, ip);
  if (user.status !== 'active') throw unauthorized(authMessages.accountDeactivated);
  const tokens = await issueTokens(db, jwtSecret, sessionUser, crypto.randomUUID());
  return { ...tokens, user: sessionUser };
}

export async function refresh(db: Db, jwtSecret: Uint8Array, refreshToken: string): Promise<RefreshTokenResponse> {
  const stored = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  if (!stored) throw sessionExpired();

  if (stored.revokedAt) {
    // A token used twice: outside a short race window someone kept a copy, so end that session everywhere.
    if (Date.now() - stored.revokedAt.getTime() > REUSE_GRACE_MS) await endSession(db, stored.userId, stored.familyId);
    throw sessionExpired();
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw sessionExpired();

  const user = await repo.findSessionUser(db, stored.userId);
  if (!user || user.status !== 'active') throw sessionExpired();
  // One transaction: the family always has an unrevoked token, so its access tokens never look ended.
  return db.transaction(async (tx) => {
    if (!(await repo.consumeRefreshToken(tx, stored.id))) throw sessionExpired();
    return issueTokens(tx, jwtSecret, user, stored.familyId);
  });
}

/** Ends the session the refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
export async function logout(db: Db, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const stored = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  if (stored) await endSession(db, stored.userId, stored.familyId);
}

/**
 * Revokes a session's refresh tokens and tells every instance, so its access tokens are refused
 * from the next request on (the wait is `expectUserChange`'s: at most a second, usually far less).
 */
async function endSession(db: Db, userId: number, familyId: string): Promise<void> {
  const changeHeard = expectUserChange(db, userId);
  await db.transaction(async (tx) => {
    await repo.revokeRefreshFamily(tx, familyId);
    await repo.announceUserChange(tx, userId);
  });
  await changeHeard();
}

export async function me(db: Db, userId: number): Promise<SessionUser> {
  const user = await repo.findSessionUser(db, userId);
  if (!user) throw sessionExpired();
  return user;
}

export async function issueTokens(db: Executor, jwtSecret: Uint8Array, user: SessionUser, familyId: string): Promise<RefreshTokenResponse> {
  const token = await signAccessToken(
    { userId: user.id, email: user.email, role: user.role, branchId: user.branchId, sessionId: familyId },
    jwtSecret,
  );
  const refreshToken = newRefreshToken();
  await repo.insertRefreshToken(db, {
    userId: user.id,
    tokenHash: refreshToken.hash,
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  return { token, refreshToken: refreshToken.token, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * The active user an access token belongs to, as the database says now: a deactivated user (or a
 * role change) takes effect on the next request. Null for a bad or expired token, and for one
 * whose session has ended (logout, deactivation, role or branch change, password change: issue 19).
 */
export async function userForAccessToken(db: Db, jwtSecret: Uint8Array, token: string): Promise<AuthUser | null> {
  const access = await verifyAccessToken(token, jwtSecret);
  if (!access) return null;
  const lookup = () => repo.findActiveAuthUserWithSessions(db, access.userId);
  let user = await cachedUser(db, access.userId, lookup);
  // A session the cached row does not list yet was opened after it was read: read again once.
  // An ended session is announced (NOTIFY) and forgotten, so a listed one is still open.
  if (user && !user.sessionIds.includes(access.sessionId)) user = await cachedUser(db, access.userId, lookup, true);
  if (!user || !user.sessionIds.includes(access.sessionId)) return null;
  return { id: user.id, email: user.email, role: user.role, branchId: user.branchId, mustChangePassword: user.mustChangePassword };
}

/** The user behind an id if still active (a calendar feed's owner, for instance). */
export function findActiveUser(db: Db, userId: number): Promise<AuthUser | null> {
  return repo.findActiveAuthUser(db, userId);
}

/**
 * After a user changes their own password: every other session ends; the one whose refresh
 * token is given (theirs, still valid) goes on. Without one, all end.
 */
export async function revokeOtherSessions(db: Executor, userId: number, keepRefreshToken: string | undefined): Promise<void> {
  const kept = keepRefreshToken ? await repo.findRefreshToken(db, hashRefreshToken(keepRefreshToken)) : null;
  const keepFamily = kept && kept.userId === userId && !kept.revokedAt ? kept.familyId : null;
  await repo.revokeRefreshTokensExcept(db, userId, keepFamily);
}
