import { SignJWT, jwtVerify } from 'jose';
import type { SessionUser } from '@portal/domain';
import type { Db } from '../../db/client';
import { isMfaEnabled } from '../mfa/index';

/** MFA_REQUIRED_FOR: who may not sign in without a second factor. */
export type MfaRequiredFor = 'none' | 'admin';

export type Purpose = 'mfa' | 'mfa-enrol';
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

function signChallenge(jwtSecret: Uint8Array, userId: number, purpose: Purpose): Promise<string> {
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_SECONDS[purpose]}s`)
    .sign(jwtSecret);
}

export async function verifyChallenge(jwtSecret: Uint8Array, challenge: string, purpose: Purpose): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(challenge, jwtSecret, { audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    return payload.purpose === purpose && Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}

