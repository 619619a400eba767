import type { Executor } from '../db/client';
import { branchExists } from '../modules/branches/repository';
import { forbidden, notFound } from './app-error';
import type { AuthUser } from '../plugins/auth';

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
