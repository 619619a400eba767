import crypto from 'node:crypto';
import {
  mfaMessages,
  type LoginTokens,
  type MfaEnrolledLogin,
  type MfaLoginRequest,
  type MfaSetup,
  type SessionUser,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from '../mfa/index';
import { verifyChallenge, type Purpose } from './mfa-challenge';
import * as repo from './repository';
import { issueTokens, reserveSignIn, signInSucceeded } from './service';

/** POST /api/auth/login/mfa: the code of the challenge's user; a wrong one counts as a failed sign-in. */
export async function loginWithCode(db: Db, jwtSecret: Uint8Array, box: SecretBox, input: MfaLoginRequest, ip: string): Promise<LoginTokens> {
  const user = await challengedUser(db, jwtSecret, input.challenge, 'mfa');
  await throttle.reserve(db, user.email, ip);
  if (!(await verifySecondFactor(db, box, user.id, input.code))) throw unauthorized(mfaMessages.invalidCode);
  await throttle.succeeded(db, user.email, ip);
  return { ...(await issueTokens(db, jwtSecret, user, crypto.randomUUID())), user };
}

/** POST /api/auth/login/mfa-setup: an admin made to enrol gets a pending secret and its QR. */
export async function startRequiredEnrolment(db: Db, jwtSecret: Uint8Array, box: SecretBox, challenge: string): Promise<MfaSetup> {
  const user = await challengedUser(db, jwtSecret, challenge, 'mfa-enrol');
  return startEnrolment(db, box, user);
}

/** POST /api/auth/login/mfa-setup/confirm: the first code enables MFA; then the tokens, with the recovery codes. */
export async function confirmRequiredEnrolment(db: Db, jwtSecret: Uint8Array, box: SecretBox, input: MfaLoginRequest, ip: string): Promise<MfaEnrolledLogin> {
  const user = await challengedUser(db, jwtSecret, input.challenge, 'mfa-enrol');
  await throttle.reserve(db, user.email, ip);
  const recoveryCodes = await confirmEnrolment(db, box, user.id, input.code);
  await throttle.succeeded(db, user.email, ip);
  return { ...(await issueTokens(db, jwtSecret, user, crypto.randomUUID())), user, recoveryCodes };
}

async function challengedUser(db: Db, jwtSecret: Uint8Array, challenge: string, purpose: Purpose): Promise<SessionUser> {
  const userId = await verifyChallenge(jwtSecret, challenge, purpose);
  const user = userId ? await repo.findSessionUser(db, userId) : null;
  if (!user || user.status !== 'active') throw unauthorized(mfaMessages.challengeExpired);
  return user;
}

/**
 * The seam to the sign-in throttle: a code is an attempt like a password, counted before it is
 * checked (atomically, per account and address); only a right code forgives the attempt.
 */
const throttle = {
  reserve: reserveSignIn,
  succeeded: signInSucceeded,
};
