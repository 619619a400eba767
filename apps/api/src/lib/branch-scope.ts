import { forbidden, invalidField, notFound } from './app-error';
import type { AuthUser } from './auth-user';

/**
 * Which branches' records a query may reach, as a plain value: one branch (`branchId`), or all of
 * them (`undefined`). Services decide it; repositories turn it into SQL (db/scope.ts).
 */
export interface BranchScope {
  branchId: number | undefined;
}

/**
 * The records an actor may read or write: admins see all branches, everyone else their own (a
 * user without a branch sees nothing: no branch has id -1).
 */
export function actorScope(actor: AuthUser): BranchScope {
  return { branchId: actor.role === 'admin' ? undefined : (actor.branchId ?? -1) };
}

/** Whether a branch exists; the caller's service passes the branches module's lookup. */
export type BranchExists = (branchId: number) => Promise<boolean>;

export interface ListBranchMessages {
  otherBranchList: string;
  branchNotFound: string;
}

/**
 * The branch a list shows. Non-admins get their own, and asking for another is a 403; admins
 * get the one they ask for (which must exist) or, asking for none, every branch (undefined).
 */
export async function listBranch(
  actor: AuthUser,
  requested: number | undefined,
  messages: ListBranchMessages,
  branchExists: BranchExists,
): Promise<number | undefined> {
  if (actor.role === 'admin') {
    if (requested !== undefined && !(await branchExists(requested))) throw notFound(messages.branchNotFound);
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
  actor: AuthUser,
  chosen: number | null | undefined,
  current: number | undefined,
  branchNotFound: string,
  branchExists: BranchExists,
): Promise<number> {
  if (actor.role === 'admin' && chosen) {
    if (!(await branchExists(chosen))) throw invalidField('branchId', branchNotFound);
    return chosen;
  }
  const branchId = current ?? actor.branchId;
  if (!branchId) throw invalidField('branchId', branchNotFound);
  return branchId;
}
