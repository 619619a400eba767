import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '@portal/domain';
import type { Executor } from '../../db/client';
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

/** Failures counted in the current window for each key (a window older than `windowMinutes` counts 0). */
export async function countRecentFailures(db: Executor, key: string, windowMinutes: number): Promise<number> {
  const [row] = await db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(
      and(
        eq(loginThrottle.key, key),
        sql`${loginThrottle.windowStartedAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    );
  return row?.failures ?? 0;
}

/** Adds one failure atomically, starting a new window when the old one has run out. */
export async function recordFailure(db: Executor, key: string, windowMinutes: number) {
  const expired = sql`${loginThrottle.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes})`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottle.windowStartedAt} END`,
      },
    });
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
