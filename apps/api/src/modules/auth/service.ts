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
import { mfaChallengeFor, type MfaRequiredFor } from './mfa-challenge';
import { cachedUser } from './user-cache';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, hashRefreshToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens';

/** Failed sign-ins allowed per window: few per account (guessing one password), more per IP (a shared office). */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

/** A rotated token shown again within this time is a race between two tabs, not a theft. */
const REUSE_GRACE_MS = 60_000;

export async function login(db: Db, jwtSecret: Uint8Array, input: LoginRequest, ip: string, mfaRequiredFor: MfaRequiredFor = 'none'): Promise<LoginResponse> {
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

  const sessionUser = repo.toSessionUser(user);
  // Before the failures are forgiven: the password alone must not reset the count of wrong codes.
  const mfaChallenge = await mfaChallengeFor(db, jwtSecret, sessionUser, mfaRequiredFor);
  if (mfaChallenge) return mfaChallenge;
  await repo.clearFailures(db, accountKey);
  const tokens = await issueTokens(db, jwtSecret, sessionUser, crypto.randomUUID());
  return { ...tokens, user: sessionUser };
}

export async function refresh(db: Db, jwtSecret: Uint8Array, refreshToken: string): Promise<RefreshTokenResponse> {
  const stored = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  if (!stored) throw unauthorized(authMessages.sessionExpired);

  if (stored.revokedAt) {
    // A token used twice: outside a short race window someone kept a copy, so end that session everywhere.
    if (Date.now() - stored.revokedAt.getTime() > REUSE_GRACE_MS) await repo.revokeRefreshFamily(db, stored.familyId);
    throw unauthorized(authMessages.sessionExpired);
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized(authMessages.sessionExpired);

  const user = await repo.findSessionUser(db, stored.userId);
  if (!user || user.status !== 'active') throw unauthorized(authMessages.sessionExpired);
  if (!(await repo.consumeRefreshToken(db, stored.id))) throw unauthorized(authMessages.sessionExpired);
  return issueTokens(db, jwtSecret, user, stored.familyId);
}

/** Ends the session the refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
export async function logout(db: Db, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const stored = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  if (stored) await repo.revokeRefreshFamily(db, stored.familyId);
}

export async function me(db: Db, userId: number): Promise<SessionUser> {
  const user = await repo.findSessionUser(db, userId);
  if (!user) throw new AppError(401, authMessages.sessionExpired);
  return user;
}

export async function issueTokens(db: Db, jwtSecret: Uint8Array, user: SessionUser, familyId: string): Promise<RefreshTokenResponse> {
  const token = await signAccessToken(
    { userId: user.id, email: user.email, role: user.role, branchId: user.branchId },
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
 * role change) takes effect on the next request. Null for a bad or expired token.
 */
export async function userForAccessToken(db: Db, jwtSecret: Uint8Array, token: string): Promise<AuthUser | null> {
  const userId = await verifyAccessToken(token, jwtSecret);
  return userId ? cachedUser(db, userId, () => repo.findActiveAuthUser(db, userId)) : null;
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
