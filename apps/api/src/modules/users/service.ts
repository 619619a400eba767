import crypto from 'node:crypto';
import type { z } from 'zod';
import { taxIdMessages, userLabels, userMessages as signerMessages, type createUserRequestSchema, type updateUserRequestSchema, type IfMatch, type User, type RecordStatus } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { staleVersionError } from '../../db/record-versions';
import { conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { parseRfc } from '../../lib/rfc';
import { assertNotCommonPassword } from '../../lib/common-passwords';
import type { AuthUser } from '../../lib/auth-user';
import { expectUserChange, revokeAllSessions, unlockSignIn } from '../auth/index';
import { branchExists, keepBranchManagerInStep } from '../branches/index';
import { resetMfa } from '../mfa/index';
import * as repo from './repository';

type CreateUser = z.output<typeof createUserRequestSchema>;
type UpdateUser = z.output<typeof updateUserRequestSchema>;

const userMessages = {
  notFound: 'Usuario no encontrado',
  emailTaken: 'Ya existe un usuario con ese correo electrónico',
  branchMissing: 'La sucursal seleccionada no existe',
  selfDeactivate: 'No puede desactivar su propia cuenta',
  selfDemote: 'No puede quitarse a sí mismo el rol de Administrador',
} as const;

export async function getUser(db: Db, id: number): Promise<User> {
  return ensure(await repo.findUser(db, id), notFound(userMessages.notFound));
}

export async function createUser(db: Db, input: CreateUser): Promise<User> {
  await assertBranchExists(db, input.branchId);
  if (await repo.emailTakenByOther(db, input.email)) throw emailTaken();
  const { password, ...fields } = input;
  const values = { ...fields, rfc: checkedRfc(fields.rfc) };
  assertNotCommonPassword('password', password);
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction(async (tx) => {
      await assertOneRepresentative(tx, { id: null, branchId: values.branchId, status: values.status, legalRepresentative: values.legalRepresentative });
      const inserted = await repo.insertUser(tx, { ...values, passwordHash });
      await keepBranchManagerInStep(tx, { id: inserted, role: values.role, status: values.status ?? 'active', branchId: values.branchId }, null);
      return inserted;
    });
    return getUser(db, id);
  } catch (error) {
    // Two admins creating the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

/** With `ifMatch` (the form's If-Match) only the version the form was loaded at is written (412 otherwise, decision 023). */
export async function updateUser(db: Db, actor: AuthUser, id: number, input: UpdateUser, ifMatch?: IfMatch): Promise<User> {
  const existing = await getUser(db, id);
  assertNotLockingSelfOut(actor, id, input.status, input.role);
  await assertBranchExists(db, input.branchId);
  if (await repo.emailTakenByOther(db, input.email, id)) throw emailTaken();
  const { password, ...fields } = input;
  const values = { ...fields, ...(fields.rfc === undefined ? {} : { rfc: checkedRfc(fields.rfc) }) };
  if (password) assertNotCommonPassword('password', password);
  const passwordHash = password ? await hashPassword(password) : undefined;
  // Every instance forgets the cached row before the next request (decision 002, issue 13).
  const changeHeard = expectUserChange(db, id);
  try {
    await db.transaction(async (tx) => {
      const legalRepresentative = values.legalRepresentative ?? existing.legalRepresentative;
      await assertOneRepresentative(tx, { id, branchId: values.branchId, status: values.status, legalRepresentative });
      const written = await repo.updateUser(tx, id, { ...values, ...(passwordHash ? { passwordHash } : {}), updatedBy: actor.id }, ifMatch);
      if (!written) throw await staleVersionError(tx, 'users', id);
      await keepBranchManagerInStep(tx, { id, role: values.role, status: values.status, branchId: values.branchId }, existing);
      // A new password, a deactivation, or a new role or branch ends every open session of that
      // person, their access tokens included (issue 19): they sign in again under the new rules.
      if (passwordHash || endsSessions(existing, values)) await revokeAllSessions(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
  await changeHeard();
  return getUser(db, id);
}

export async function changeUserStatus(db: Db, actor: AuthUser, id: number, status: RecordStatus): Promise<User> {
  const existing = await getUser(db, id);
  assertNotLockingSelfOut(actor, id, status);
  const changeHeard = expectUserChange(db, id);
  await db.transaction(async (tx) => {
    // A representative made active again must still be the branch's only one.
    await assertOneRepresentative(tx, { id, branchId: existing.branchId, status, legalRepresentative: existing.legalRepresentative });
    await repo.updateUser(tx, id, { status, updatedBy: actor.id });
    await keepBranchManagerInStep(tx, { ...existing, status }, existing);
    if (status === 'inactive') await revokeAllSessions(tx, id);
  });
  await changeHeard();
  return getUser(db, id);
}

/**
 * POST /api/users/:id/mfa/reset: a lost phone and lost codes; the user signs in with the password
 * alone (or enrols again). Their sessions end too: a lost phone may be a stolen one, still signed in.
 */
export async function resetUserMfa(db: Db, id: number): Promise<User> {
  await getUser(db, id);
  const changeHeard = expectUserChange(db, id);
  await db.transaction(async (tx) => {
    await resetMfa(tx, id);
    await revokeAllSessions(tx, id);
  });
  await changeHeard();
  return getUser(db, id);
}

/**
 * POST /api/users/:id/temporary-password: a generated password, shown to the admin this once
 * (only its hash is kept), that the user must change at their next sign-in. Their open sessions
 * end, and their failed sign-ins are forgotten so they can use it at once.
 */
export async function issueTemporaryPassword(db: Db, id: number): Promise<{ temporaryPassword: string }> {
  const user = await getUser(db, id);
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const changeHeard = expectUserChange(db, id);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { passwordHash, mustChangePassword: true });
    await revokeAllSessions(tx, id);
  });
  await changeHeard();
  await unlockSignIn(db, user.email);
  return { temporaryPassword };
}

/** 12 characters from an alphabet without look-alikes (0/O, 1/l/I), read aloud or typed easily: ~70 bits. */
function newTemporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
}

/** POST /api/users/:id/unlock: the account's failed sign-ins, from every address, are forgotten. */
export async function unlockUser(db: Db, id: number): Promise<void> {
  const user = await getUser(db, id);
  await unlockSignIn(db, user.email);
}

function endsSessions(existing: User, changed: { status: RecordStatus; role: string; branchId: number }): boolean {
  return (existing.status === 'active' && changed.status === 'inactive') || existing.role !== changed.role || existing.branchId !== changed.branchId;
}

function assertNotLockingSelfOut(actor: AuthUser, id: number, status: RecordStatus, role?: string) {
  if (actor.id !== id) return;
  if (status === 'inactive') throw conflict(userMessages.selfDeactivate, [{ field: 'status', message: userMessages.selfDeactivate }]);
  if (role && role !== 'admin') throw conflict(userMessages.selfDemote, [{ field: 'role', message: userMessages.selfDemote }]);
}

async function assertBranchExists(db: Db, branchId: number) {
  if (!(await branchExists(db, branchId))) throw invalidField('branchId', userMessages.branchMissing);
}

/** The RFC normalised, its date and check digit checked (@nodecfdi/rfc); '' when none. A 400 on `rfc` otherwise. */
function checkedRfc(rfc: string): string {
  if (rfc === '') return '';
  const parsed = parseRfc(rfc);
  if (!parsed) throw invalidField('rfc', taxIdMessages.rfc(userLabels.rfc));
  return parsed.rfc;
}

/**
 * At most one active legal representative per branch (issue 35): marking a second one is a 409
 * naming the current one — the admin unmarks them first, so nobody stops signing for the office unseen.
 */
async function assertOneRepresentative(tx: Executor, user: { id: number | null; branchId: number | null; status: RecordStatus; legalRepresentative: boolean }): Promise<void> {
  if (!user.legalRepresentative || user.status !== 'active' || user.branchId === null) return;
  const other = await repo.otherLegalRepresentative(tx, user.branchId, user.id);
  if (!other) return;
  const message = signerMessages.legalRepresentativeTaken(other.name);
  throw conflict(message, [{ field: 'legalRepresentative', message }]);
}

function emailTaken() {
  return conflict(userMessages.emailTaken, [{ field: 'email', message: userMessages.emailTaken }]);
}
