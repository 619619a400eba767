import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
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
import { confirmEnrolment, isMfaEnabled, startEnrolment, verifySecondFactor } from '../mfa/index';
import * as repo from './repository';
import { LOGIN_LIMITS, issueTokens } from './service';

/** MFA_REQUIRED_FOR: who may not sign in without a second factor. */
export type MfaRequiredFor = 'none' | 'admin';

type Purpose = 'mfa' | 'mfa-enrol';
type Challenge = { mfaRequired: true; challenge: string } | { mfaEnrolmentRequired: true; challenge: string };

const AUDIENCE = 'portal-de-polizas-mfa';
/** Long enough to open the app and type a code; an enrolment also installs the app first. */
const CHALLENGE_SECONDS: Record<Purpose, number> = { mfa: 5 * 60, 'mfa-enrol': 15 * 60 };

/**
 * After the right password: the challenge that stands in for the tokens, or null when none is
 * needed (no MFA, and not an admin where MFA_REQUIRED_FOR=admin).
 */
export async function mfaChallengeFor(db: Db, jwtSecret: Uint8Array, user: SessionUser, requiredFor: MfaRequiredFor): Promise<Challenge | null> {
  if (await isMfaEnabled(db, user.id)) return { mfaRequired: true, challenge: await signChallenge(jwtSecret, user.id, 'mfa') };
  if (requiredFor === 'admin' && user.role === 'admin') {
    return { mfaEnrolmentRequired: true, challenge: await signChallenge(jwtSecret, user.id, 'mfa-enrol') };
  }
  return null;
}

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

function signChallenge(jwtSecret: Uint8Array, userId: number, purpose: Purpose): Promise<string> {
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_SECONDS[purpose]}s`)
    .sign(jwtSecret);
}

async function verifyChallenge(jwtSecret: Uint8Array, challenge: string, purpose: Purpose): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(challenge, jwtSecret, { audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    return payload.purpose === purpose && Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
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
