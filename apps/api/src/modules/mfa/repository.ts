import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mfaRecoveryCodes, users } from '../../db/schema/index';

export interface MfaRow {
  /** Sealed (lib/secret-box.ts). */
  secret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

const mfaColumns = { secret: users.mfaSecret, enabledAt: users.mfaEnabledAt, lastStep: users.mfaLastStep };

export async function findMfa(db: Executor, userId: number): Promise<MfaRow | null> {
  const [row] = await db.select(mfaColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Locked: an enrolment confirmed twice at once, or confirmed while being disabled, runs in turn. */
export async function lockMfa(db: Executor, userId: number): Promise<MfaRow | null> {
  const [row] = await db.select(mfaColumns).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** A new secret waiting for its first code; only written while MFA is off (an enabled one stays). */
export async function savePendingSecret(db: Executor, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function enableMfa(db: Executor, userId: number, codeHashes: string[], confirmedStep: number, at: Date): Promise<void> {
  await db.update(users).set({ mfaEnabledAt: at, mfaLastStep: confirmedStep, updatedAt: at }).where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function clearMfa(db: Executor, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ mfaSecret: null, mfaEnabledAt: null, mfaLastStep: null, updatedAt: at }).where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** Marks an unused recovery code used; false when there is none (or a concurrent request took it). */
export async function consumeRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

/** Records a TOTP code's time step as used; false when that step (or a later one) already was. */
export async function useTimeStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}
