import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@portal/domain';
import { rowsOf, type Executor } from '../../db/client';
import { branches, loginThrottle, refreshTokens, users } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth-user';

export async function findActiveAuthUser(db: Executor, userId: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, branchId: users.branchId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row ?? null;
}

/**
 * An active user and their open sessions (families with a token not yet revoked) in one round
 * trip: the access-token check reads this (through the user cache) to refuse a token whose
 * session was ended. `refresh_tokens_user_id_idx` keeps the sub-select to the user's own rows.
 */
export async function findActiveAuthUserWithSessions(db: Executor, userId: number): Promise<(AuthUser & { sessionIds: string[] }) | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      branchId: users.branchId,
      mustChangePassword: users.mustChangePassword,
      // Spelled out: drizzle leaves columns unqualified here, and inside the sub-select `id` would be the token's.
      sessionIds: sql<string[] | null>`(SELECT array_agg(DISTINCT rt.family_id::text) FROM refresh_tokens rt
        WHERE rt.user_id = "users"."id" AND rt.revoked_at IS NULL AND rt.expires_at > now())`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row ? { ...row, sessionIds: row.sessionIds ?? [] } : null;
}

/**
 * Tells every instance's user cache that `userId`'s sessions changed (sent at COMMIT inside a
 * transaction): ending a session touches `refresh_tokens`, not `users`, so its trigger is silent.
 */
export async function announceUserChange(db: Executor, userId: number) {
  await db.execute(sql`SELECT pg_notify('users_changed', ${String(userId)})`);
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  branchId: users.branchId,
  branchName: branches.name,
};

export async function findUserByEmailForLogin(db: Executor, email: string) {
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findSessionUser(db: Executor, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, userId));
  return row ? toSessionUser(row) : null;
}

export function toSessionUser(row: Omit<SessionUser, 'username'>): SessionUser {
  const { id, email, firstName, lastName, role, status, branchId, branchName } = row;
  return { id, email, username: email, firstName, lastName, role, status, branchId, branchName };
}

// Refresh tokens

export async function insertRefreshToken(
  db: Executor,
  values: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks one token used; false when another request already did (a concurrent refresh). */
export async function consumeRefreshToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeRefreshFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user: on deactivation and on a password reset. */
export async function revokeAllRefreshTokens(db: Executor, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user but the one `keepFamilyId` names (their own password change). */
export async function revokeRefreshTokensExcept(db: Executor, userId: number, keepFamilyId: string | null) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
}

// Sign-in throttle

/**
 * How one throttle key slows attempts down: `free` attempts pass, then each must wait
 * `baseSeconds`, doubling per attempt up to `capSeconds`, after the previous one; a key left alone
 * for `idleMinutes` starts over.
 */
export interface ThrottleRule {
  free: number;
  baseSeconds: number;
  capSeconds: number;
  idleMinutes: number;
}

/** The wait after `failures` counted attempts under `rule`, as SQL (0 while still free). */
function waitAfter(failures: SQL, rule: ThrottleRule): SQL {
  return sql`make_interval(secs => CASE WHEN ${failures} < ${rule.free} THEN 0
    ELSE least(${rule.baseSeconds} * power(2, ${failures} - ${rule.free}), ${rule.capSeconds}) END)`;
}

/**
 * Counts an attempt under `key` before the password is checked, in one atomic statement: the
 * row lock of ON CONFLICT DO UPDATE serialises concurrent attempts, and the WHERE lets through
 * only those the rule allows now (30 at once get exactly `free` through). `window_started_at`
 * holds the last counted attempt. The free attempts are tested by count, not time: now() is when
 * a statement began, and one that waited for the lock may have begun before the row's last write.
 * Null when allowed, else the seconds left to wait.
 */
export async function reserveAttempt(db: Executor, key: string, rule: ThrottleRule): Promise<number | null> {
  const idle = sql`login_throttle.window_started_at <= now() - make_interval(mins => ${rule.idleMinutes})`;
  const counted = await db.execute(sql`
    INSERT INTO login_throttle (key, failures, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${idle} THEN 1 ELSE login_throttle.failures + 1 END,
      window_started_at = now()
    WHERE ${idle} OR login_throttle.failures < ${rule.free}
      OR login_throttle.window_started_at + ${waitAfter(sql`login_throttle.failures`, rule)} <= now()
    RETURNING failures`);
  if (rowsOf(counted).length > 0) return null;
  const waiting = await db.execute(sql`
    SELECT ceil(extract(epoch FROM window_started_at + ${waitAfter(sql`failures`, rule)} - now()))::int AS seconds
    FROM login_throttle WHERE key = ${key}`);
  return Math.max(1, Number(rowsOf<{ seconds: number }>(waiting)[0]?.seconds ?? 1));
}

/** A sign-in that succeeded: it was counted in advance, so it is taken back from `key`. */
export async function uncountAttempt(db: Executor, key: string) {
  await db.update(loginThrottle).set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` }).where(eq(loginThrottle.key, key));
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Every counter of one account: its own and those of each (account, address) pair. */
export async function clearAccountFailures(db: Executor, accountKey: string, pairPrefix: string) {
  await db
    .delete(loginThrottle)
    .where(sql`${loginThrottle.key} = ${accountKey} OR left(${loginThrottle.key}, ${pairPrefix.length}) = ${pairPrefix}`);
}
