import crypto from 'node:crypto';
import {
  authMessages,
  type LoginRequest,
  type LoginResponse,
  type RefreshTokenResponse,
  type SessionUser,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { AppError, tooManyRequests, unauthorized } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './repository';
import { cachedUser, expectUserChange } from './user-cache';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, hashRefreshToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens';

/** Failed sign-ins allowed per window: few per account (guessing one password), more per IP (a shared office). */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

/** A rotated token shown again within this time is a race between two tabs, not a theft. */
const REUSE_GRACE_MS = 60_000;

export async function login(db: Db, jwtSecret: Uint8Array, input: LoginRequest, ip: string): Promise<LoginResponse> {
  const accountKey = `email:${input.email}`;
  const ipKey = `ip:${ip}`;
  const { windowMinutes, perAccount, perIp } = LOGIN_LIMITS;
  const [accountFailures, ipFailures] = await Promise.all([
    repo.countRecentFailures(db, accountKey, windowMinutes),
    repo.countRecentFailures(db, ipKey, windowMinutes),
  ]);
  if (accountFailures >= perAccount || ipFailures >= perIp) throw tooManyRequests(authMessages.tooManyAttempts);

  const user = await repo.findUserByEmailForLogin(db, input.email);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !passwordOk || user.status !== 'active') {
    await repo.recordFailure(db, accountKey, windowMinutes);
    await repo.recordFailure(db, ipKey, windowMinutes);
    throw unauthorized(authMessages.invalidCredentials);
  }

  await repo.clearFailures(db, accountKey);
  const sessionUser = repo.toSessionUser(user);
  const tokens = await issueTokens(db, jwtSecret, sessionUser, crypto.randomUUID());
  return { ...tokens, user: sessionUser };
}

export async function refresh(db: Db, jwtSecret: Uint8Array, refreshToken: string): Promise<RefreshTokenResponse> {
  const stored = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  if (!stored) throw unauthorized(authMessages.sessionExpired);

  if (stored.revokedAt) {
    // A token used twice: outside a short race window someone kept a copy, so end that session everywhere.
    if (Date.now() - stored.revokedAt.getTime() > REUSE_GRACE_MS) await endSession(db, stored.userId, stored.familyId);
    throw unauthorized(authMessages.sessionExpired);
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized(authMessages.sessionExpired);

  const user = await repo.findSessionUser(db, stored.userId);
  if (!user || user.status !== 'active') throw unauthorized(authMessages.sessionExpired);
  // One transaction: the family always has an unrevoked token, so its access tokens never look ended.
  return db.transaction(async (tx) => {
    if (!(await repo.consumeRefreshToken(tx, stored.id))) throw unauthorized(authMessages.sessionExpired);
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
  if (!user) throw new AppError(401, authMessages.sessionExpired);
  return user;
}

async function issueTokens(db: Executor, jwtSecret: Uint8Array, user: SessionUser, familyId: string): Promise<RefreshTokenResponse> {
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
  return { id: user.id, email: user.email, role: user.role, branchId: user.branchId };
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
