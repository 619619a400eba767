import crypto from 'node:crypto';
import {
  authMessages,
  mfaMessages,
  type LoginTokens,
  type MfaEnrolledLogin,
  type MfaLoginRequest,
  type MfaSetup,
  type SessionUser,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { tooManyRequests, unauthorized } from '../../lib/app-error';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from '../mfa/index';
import { verifyChallenge, type Purpose } from './mfa-challenge';
import * as repo from './repository';
import { LOGIN_LIMITS, issueTokens } from './service';

/** POST /api/auth/login/mfa: the code of the challenge's user; a wrong one counts as a failed sign-in. */
export async function loginWithCode(db: Db, jwtSecret: Uint8Array, input: MfaLoginRequest, ip: string): Promise<LoginTokens> {
  const user = await challengedUser(db, jwtSecret, input.challenge, 'mfa');
  await throttle.assertAllowed(db, user.email, ip);
  if (!(await verifySecondFactor(db, user.id, input.code))) {
    await throttle.recordFailure(db, user.email, ip);
    throw unauthorized(mfaMessages.invalidCode);
  }
  await throttle.clearAccount(db, user.email);
  return { ...(await issueTokens(db, jwtSecret, user, crypto.randomUUID())), user };
}

/** POST /api/auth/login/mfa-setup: an admin made to enrol gets a pending secret and its QR. */
export async function startRequiredEnrolment(db: Db, jwtSecret: Uint8Array, challenge: string): Promise<MfaSetup> {
  const user = await challengedUser(db, jwtSecret, challenge, 'mfa-enrol');
  return startEnrolment(db, user);
}

/** POST /api/auth/login/mfa-setup/confirm: the first code enables MFA; then the tokens, with the recovery codes. */
export async function confirmRequiredEnrolment(db: Db, jwtSecret: Uint8Array, input: MfaLoginRequest, ip: string): Promise<MfaEnrolledLogin> {
  const user = await challengedUser(db, jwtSecret, input.challenge, 'mfa-enrol');
  await throttle.assertAllowed(db, user.email, ip);
  let recoveryCodes: string[];
  try {
    recoveryCodes = await confirmEnrolment(db, user.id, input.code);
  } catch (error) {
    await throttle.recordFailure(db, user.email, ip);
    throw error;
  }
  await throttle.clearAccount(db, user.email);
  return { ...(await issueTokens(db, jwtSecret, user, crypto.randomUUID())), user, recoveryCodes };
}

async function challengedUser(db: Db, jwtSecret: Uint8Array, challenge: string, purpose: Purpose): Promise<SessionUser> {
  const userId = await verifyChallenge(jwtSecret, challenge, purpose);
  const user = userId ? await repo.findSessionUser(db, userId) : null;
  if (!user || user.status !== 'active') throw unauthorized(mfaMessages.challengeExpired);
  return user;
}

/**
 * The seam to the sign-in throttle: a wrong code counts like a wrong password, per account and
 * per address. One place to follow when the throttle changes.
 */
const throttle = {
  async assertAllowed(db: Db, email: string, ip: string): Promise<void> {
    const { windowMinutes, perAccount, perIp } = LOGIN_LIMITS;
    const [accountFailures, ipFailures] = await Promise.all([
      repo.countRecentFailures(db, `email:${email}`, windowMinutes),
      repo.countRecentFailures(db, `ip:${ip}`, windowMinutes),
    ]);
    if (accountFailures >= perAccount || ipFailures >= perIp) throw tooManyRequests(authMessages.tooManyAttempts);
  },
  async recordFailure(db: Db, email: string, ip: string): Promise<void> {
    await repo.recordFailure(db, `email:${email}`, LOGIN_LIMITS.windowMinutes);
    await repo.recordFailure(db, `ip:${ip}`, LOGIN_LIMITS.windowMinutes);
  },
  clearAccount: (db: Db, email: string) => repo.clearFailures(db, `email:${email}`),
};
