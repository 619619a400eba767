import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { IfMatch, RecordStatus, Role, User } from '@portal/domain';
import type { Executor } from '../../db/client';
import { versionCondition } from '../../db/record-versions';
import { branches, users } from '../../db/schema/index';

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  phone: users.phone,
  mobile: users.mobile,
  status: users.status,
  branchId: users.branchId,
  branchName: branches.name,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  version: users.version,
  mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
  legalRepresentative: users.legalRepresentative,
  rfc: users.rfc,
  curp: users.curp,
};

type UserRow = Omit<User, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

function toUser(row: UserRow): User {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export interface UserFilters {
  role?: Role | undefined;
  status?: RecordStatus | undefined;
}

export async function listUsers(db: Executor, filters: UserFilters): Promise<User[]> {
  const conditions: SQL[] = [];
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.status) conditions.push(eq(users.status, filters.status));
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(toUser);
}

export async function findUser(db: Executor, id: number): Promise<User | null> {
  const [row] = await db.select(userColumns).from(users).leftJoin(branches, eq(branches.id, users.branchId)).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

export interface UserValues {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone: string;
  mobile: string;
  branchId: number;
  status: RecordStatus;
  /** Issue 35: the branch's legal representative, and the RFC and CURP their e.firma names. */
  legalRepresentative?: boolean;
  rfc?: string;
  curp?: string;
}

export async function insertUser(db: Executor, values: UserValues & { passwordHash: string }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<UserValues> & { passwordHash?: string; mustChangePassword?: boolean; updatedBy?: number },
  ifMatch?: IfMatch,
): Promise<boolean> {
  // With If-Match, only the version the form was loaded at is written (decision 023).
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), versionCondition(users.version, ifMatch)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function emailTakenByOther(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!row && row.id !== exceptId;
}

/**
 * The branch's other active legal representative, if any (issue 35: one per branch). The branch's
 * row is locked first, so two admins marking two people of one branch at once are taken in turn.
 */
export async function otherLegalRepresentative(db: Executor, branchId: number, exceptId: number | null): Promise<{ id: number; name: string } | null> {
  await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).for('update');
  const [row] = await db
    .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(and(eq(users.branchId, branchId), eq(users.legalRepresentative, true), eq(users.status, 'active'), exceptId === null ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row ?? null;
}
