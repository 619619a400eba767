import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { mfaMessages as messages, type MfaSetup, type MfaStatus } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import * as repo from './repository';

const ISSUER = 'Portal de Pólizas';
const RECOVERY_CODE_COUNT = 10;
/** ±1 time step of 30 s: a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = 30;

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
export async function startEnrolment(db: Executor, user: { id: number; email: string }): Promise<MfaSetup> {
  const secret = generateSecret();
  if (!(await repo.savePendingSecret(db, user.id, secret))) throw conflict(messages.alreadyEnabled);
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/** The first code confirms the pending secret: MFA on and ten new recovery codes, shown this once. */
export async function confirmEnrolment(db: Db, userId: number, code: string): Promise<string[]> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const row = ensure(await repo.lockMfa(tx, userId), notFound());
    if (row.enabledAt) throw conflict(messages.alreadyEnabled);
    if (!row.secret) throw conflict(messages.notStarted);
    if (!(await totpMatches(row.secret, code))) throw invalidField('code', messages.invalidCode);
    await repo.enableMfa(tx, userId, recoveryCodes.map(hashRecoveryCode), new Date());
  });
  return recoveryCodes;
}

/** 'Desactivar': a current code (or a recovery code) proves it is the person, not a left-open session. */
export async function disableMfa(db: Db, userId: number, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = ensure(await repo.lockMfa(tx, userId), notFound());
    if (!row.enabledAt || !row.secret) throw conflict(messages.notEnabled);
    if (!(await secondFactorMatches(tx, userId, row.secret, code))) throw invalidField('code', messages.invalidCode);
    await repo.clearMfa(tx, userId, new Date());
  });
}

/** An admin's reset (a lost phone and lost codes): the user signs in with the password alone again. */
export async function resetMfa(db: Db, userId: number): Promise<void> {
  await db.transaction((tx) => repo.clearMfa(tx, userId, new Date()));
}

/** The second sign-in step: a TOTP of the enabled secret, or an unused recovery code (then used up). */
export async function verifySecondFactor(db: Executor, userId: number, code: string): Promise<boolean> {
  const row = await repo.findMfa(db, userId);
  if (!row?.enabledAt || !row.secret) return false;
  return secondFactorMatches(db, userId, row.secret, code);
}

async function secondFactorMatches(db: Executor, userId: number, secret: string, code: string): Promise<boolean> {
  if (await totpMatches(secret, code)) return true;
  const normalized = normalizeRecoveryCode(code);
  return normalized.length === 10 && repo.consumeRecoveryCode(db, userId, hashRecoveryCode(normalized));
}

async function totpMatches(secret: string, code: string): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  try {
    return (await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS })).valid;
  } catch {
    return false;
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
