import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { branchExists } from '../modules/branches/repository';
import { forbidden, invalidField, notFound } from './app-error';
import type { AuthUser } from '../plugins/auth';

/**
 * The condition every read and write of one branch record carries: admins see all branches,
 * everyone else their own (a user without a branch sees nothing: id -1 matches no row).
 */
export function branchScope(branchColumn: PgColumn, actor: AuthUser): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  return eq(branchColumn, actor.branchId ?? -1);
}

export interface ListBranchMessages {
  otherBranchList: string;
  branchNotFound: string;
}

/**
 * The branch a list shows. Non-admins get their own, and asking for another is a 403; admins
 * get the one they ask for (which must exist) or, asking for none, every branch (undefined).
 */
export async function listBranch(
  db: Executor,
  actor: AuthUser,
  requested: number | undefined,
  messages: ListBranchMessages,
): Promise<number | undefined> {
  if (actor.role === 'admin') {
    if (requested !== undefined && !(await branchExists(db, requested))) throw notFound(messages.branchNotFound);
    return requested;
  }
  if (actor.branchId === null || (requested !== undefined && requested !== actor.branchId)) {
    throw forbidden(messages.otherBranchList);
  }
  return actor.branchId;
}

/**
 * The branch a record is written to: the one an admin chooses (which must exist), else the
 * record's current one, else the user's own. A 400 on branchId when there is none.
 */
export async function writeBranch(
  db: Executor,
  actor: AuthUser,
  chosen: number | null | undefined,
  current: number | undefined,
  branchNotFound: string,
): Promise<number> {
  if (actor.role === 'admin' && chosen) {
    if (!(await branchExists(db, chosen))) throw invalidField('branchId', branchNotFound);
    return chosen;
  }
  const branchId = current ?? actor.branchId;
  if (!branchId) throw invalidField('branchId', branchNotFound);
  return branchId;
}
