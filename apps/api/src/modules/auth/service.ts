import crypto from 'node:crypto';
import {
  authMessages,
  type LoginRequest,
  type LoginResponse,
  type RefreshTokenResponse,
  type SessionUser,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError, tooManyRequests, unauthorized } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import * as repo from './repository';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, hashRefreshToken, newRefreshToken, signAccessToken } from './tokens';

/** Failed sign-ins allowed per window: few per account (guessing one password), more per IP (a shared office). */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

/** A rotated token shown again within this time is a race between two tabs, not a theft. */
const REUSE_GRACE_MS = 60_000;

export interface AuthContext {
  db: Db;
  jwtSecret: Uint8Array;
}

export async function login(ctx: AuthContext, input: LoginRequest, ip: string): Promise<LoginResponse> {
  const accountKey = `email:${input.email}`;
  const ipKey = `ip:${ip}`;
  const { windowMinutes, perAccount, perIp } = LOGIN_LIMITS;
  const [accountFailures, ipFailures] = await Promise.all([
    repo.countRecentFailures(ctx.db, accountKey, windowMinutes),
    repo.countRecentFailures(ctx.db, ipKey, windowMinutes),
  ]);
  if (accountFailures >= perAccount || ipFailures >= perIp) throw tooManyRequests(authMessages.tooManyAttempts);

  const user = await repo.findUserByEmailForLogin(ctx.db, input.email);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !passwordOk || user.status !== 'active') {
    await repo.recordFailure(ctx.db, accountKey, windowMinutes);
    await repo.recordFailure(ctx.db, ipKey, windowMinutes);
    throw unauthorized(authMessages.invalidCredentials);
  }

  await repo.clearFailures(ctx.db, accountKey);
  const sessionUser = repo.toSessionUser(user);
  const tokens = await issueTokens(ctx, sessionUser, crypto.randomUUID());
  return { ...tokens, user: sessionUser };
}

export async function refresh(ctx: AuthContext, refreshToken: string): Promise<RefreshTokenResponse> {
  const stored = await repo.findRefreshToken(ctx.db, hashRefreshToken(refreshToken));
  if (!stored) throw unauthorized(authMessages.sessionExpired);

  if (stored.revokedAt) {
    // A token used twice: outside a short race window someone kept a copy, so end that session everywhere.
    if (Date.now() - stored.revokedAt.getTime() > REUSE_GRACE_MS) await repo.revokeRefreshFamily(ctx.db, stored.familyId);
    throw unauthorized(authMessages.sessionExpired);
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized(authMessages.sessionExpired);

  const user = await repo.findSessionUser(ctx.db, stored.userId);
  if (!user || user.status !== 'active') throw unauthorized(authMessages.sessionExpired);
  if (!(await repo.consumeRefreshToken(ctx.db, stored.id))) throw unauthorized(authMessages.sessionExpired);
  return issueTokens(ctx, user, stored.familyId);
}

/** Ends the session the refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
export async function logout(ctx: AuthContext, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const stored = await repo.findRefreshToken(ctx.db, hashRefreshToken(refreshToken));
  if (stored) await repo.revokeRefreshFamily(ctx.db, stored.familyId);
}

export async function me(ctx: AuthContext, userId: number): Promise<SessionUser> {
  const user = await repo.findSessionUser(ctx.db, userId);
  if (!user) throw new AppError(401, authMessages.sessionExpired);
  return user;
}

async function issueTokens(ctx: AuthContext, user: SessionUser, familyId: string): Promise<RefreshTokenResponse> {
  const token = await signAccessToken(
    { userId: user.id, email: user.email, role: user.role, branchId: user.branchId },
    ctx.jwtSecret,
  );
  const refreshToken = newRefreshToken();
  await repo.insertRefreshToken(ctx.db, {
    userId: user.id,
    tokenHash: refreshToken.hash,
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  return { token, refreshToken: refreshToken.token, expiresIn: ACCESS_TOKEN_SECONDS };
}
