import crypto from 'node:crypto';
import { mfaMessages as messages, type MfaSetup, type MfaStatus } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import * as repo from './repository';

const ISSUER = 'Portal de Pólizas';
const RECOVERY_CODE_COUNT = 10;
/** ±1 time step of 30 s: a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = 30;

/** otplib and qrcode are read when someone first enrols or signs in with a code, not at every start (issue 30). */
const loadOtp = () => import('otplib');

export async function mfaStatus(db: Executor, userId: number): Promise<MfaStatus> {
  const row = ensure(await repo.findMfa(db, userId), notFound());
  return { enabled: row.enabledAt !== null, enabledAt: row.enabledAt?.toISOString() ?? null };
}

export async function isMfaEnabled(db: Executor, userId: number): Promise<boolean> {
  return (await repo.findMfa(db, userId))?.enabledAt != null;
}

/**
 * A new secret, kept pending (mfa_secret set, mfa_enabled_at null) until the first code proves
 * the app has it; starting again replaces it. Refused while MFA is on: disable first.
 */
export async function startEnrolment(db: Executor, box: SecretBox, user: { id: number; email: string }): Promise<MfaSetup> {
  const { generateSecret, generateURI } = await loadOtp();
  const secret = generateSecret();
  if (!(await repo.savePendingSecret(db, user.id, box.seal(secret)))) throw conflict(messages.alreadyEnabled);
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/** The first code confirms the pending secret: MFA on and ten new recovery codes, shown this once. */
export async function confirmEnrolment(db: Db, box: SecretBox, userId: number, code: string): Promise<string[]> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const row = ensure(await repo.lockMfa(tx, userId), notFound());
    if (row.enabledAt) throw conflict(messages.alreadyEnabled);
    if (!row.secret) throw conflict(messages.notStarted);
    const step = await totpStep(box.open(row.secret), code, null);
    if (step === null) throw invalidField('code', messages.invalidCode);
    await repo.enableMfa(tx, userId, recoveryCodes.map(hashRecoveryCode), step, new Date());
  });
  return recoveryCodes;
}

/** 'Desactivar': a current code (or a recovery code) proves it is the person, not a left-open session. */
export async function disableMfa(db: Db, box: SecretBox, userId: number, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = ensure(await repo.lockMfa(tx, userId), notFound());
    if (!row.enabledAt || !row.secret) throw conflict(messages.notEnabled);
    if (!(await secondFactorMatches(tx, box, userId, row, code))) throw invalidField('code', messages.invalidCode);
    await repo.clearMfa(tx, userId, new Date());
  });
}

/** An admin's reset (a lost phone and lost codes): the user signs in with the password alone again. */
export async function resetMfa(db: Executor, userId: number): Promise<void> {
  await repo.clearMfa(db, userId, new Date());
}

/** The second sign-in step: a TOTP of the enabled secret, or an unused recovery code (then used up). */
export async function verifySecondFactor(db: Executor, box: SecretBox, userId: number, code: string): Promise<boolean> {
  const row = await repo.findMfa(db, userId);
  if (!row?.enabledAt || !row.secret) return false;
  return secondFactorMatches(db, box, userId, row, code);
}

/**
 * A TOTP code is used up like a recovery code: its time step must be later than the last one
 * accepted, and is recorded by a conditional UPDATE, so the same code sent twice at once (or a
 * code seen over a shoulder and typed within its minute) signs in only once.
 */
async function secondFactorMatches(db: Executor, box: SecretBox, userId: number, row: repo.MfaRow, code: string): Promise<boolean> {
  const step = await totpStep(box.open(row.secret!), code, row.lastStep);
  if (step !== null) return repo.useTimeStep(db, userId, step);
  const normalized = normalizeRecoveryCode(code);
  return normalized.length === 10 && repo.consumeRecoveryCode(db, userId, hashRecoveryCode(normalized));
}

/** The 30-second step the code belongs to (±1 step), if it is right and later than `afterStep`; else null. */
async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const { verify } = await loadOtp();
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Ten characters of a 31-letter alphabet without look-alikes (0/O, 1/I/L), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
