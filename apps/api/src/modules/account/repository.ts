import { eq } from 'drizzle-orm';
import type { Role } from '@portal/domain';
import type { Executor } from '../../db/client';
import { branches, users } from '../../db/schema/index';

export interface AccountRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  branchId: number | null;
  branchName: string | null;
}

export async function findAccount(db: Executor, userId: number): Promise<AccountRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      branchId: users.branchId,
      branchName: branches.name,
    })
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The stored hash, locked: two password changes of one user run one after the other. */
export async function lockPasswordHash(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
  return row?.passwordHash ?? null;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string, at: Date): Promise<void> {
  // Their own new password replaces any temporary one an admin issued.
  await db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: at }).where(eq(users.id, userId));
}
