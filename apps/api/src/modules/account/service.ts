import { accountMessages as messages, type Account, type ChangePasswordInput, type NotificationKind } from '@portal/domain';
import type { Db } from '../../db/client';
import { ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertNotCommonPassword } from '../../lib/common-passwords';
import { expectUserChange, reserveSignIn, revokeOtherSessions, signInSucceeded } from '../auth/index';
import { emailKindsOf, saveEmailKinds } from '../notifications/index';
import * as repo from './repository';

/** GET /api/account: the caller's own record (read-only here: admins edit users) and e-mail choices. */
export async function getAccount(db: Db, actor: AuthUser): Promise<Account> {
  const [row, emailKinds] = await Promise.all([repo.findAccount(db, actor.id), emailKindsOf(db, actor.id)]);
  return { ...ensure(row, notFound()), emailKinds };
}

/** PUT /api/account/notification-preferences: the kinds that also come by e-mail. */
export async function saveEmailPreferences(db: Db, actor: AuthUser, emailKinds: NotificationKind[]): Promise<Account> {
  await saveEmailKinds(db, actor.id, emailKinds);
  return getAccount(db, actor);
}

/**
 * POST /api/account/password: the current password proves it is the person (a left-open session
 * is not enough); the new one follows the users' rules. Every other session ends in the same
 * transaction; the one whose refresh token came with the request goes on. Guesses of the current
 * password count in the sign-in throttle (issue 29): a stolen session is no way around it.
 */
export async function changePassword(
  db: Db,
  actor: AuthUser,
  input: Omit<ChangePasswordInput, 'confirmPassword'> & { confirmPassword?: string },
  ip: string,
): Promise<void> {
  if (input.newPassword === input.currentPassword) throw invalidField('newPassword', messages.samePassword);
  assertNotCommonPassword('newPassword', input.newPassword);
  await reserveSignIn(db, actor.email, ip);
  // Hashed before the transaction: argon2 takes ~90 ms, and holding the row lock for it helps no one.
  const newHash = await hashPassword(input.newPassword);
  // The other sessions' access tokens end with them, on every instance (issue 19).
  const changeHeard = expectUserChange(db, actor.id);
  await db.transaction(async (tx) => {
    const storedHash = ensure(await repo.lockPasswordHash(tx, actor.id), notFound());
    if (!(await verifyPassword(storedHash, input.currentPassword))) throw invalidField('currentPassword', messages.wrongCurrentPassword);
    await repo.updatePasswordHash(tx, actor.id, newHash, new Date());
    await revokeOtherSessions(tx, actor.id, input.refreshToken);
  });
  await signInSucceeded(db, actor.email, ip);
  await changeHeard();
}
