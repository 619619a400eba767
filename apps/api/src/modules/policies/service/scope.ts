import { policyMessages } from '@portal/domain';
import type { Executor } from '../../../db/client';
import type { AuthUser } from '../../../lib/auth-user';
import { listBranch as listBranchFor, writeBranch as writeBranchFor } from '../../../lib/branch-scope';
import { branchExists } from '../../branches/index';

// --- scope: which policies the caller may see ---------------------------------------------------

/** The branch a list shows (lib/branch-scope): own branch, or for admins any (or all). */
export function listBranch(db: Executor, actor: AuthUser, requested: number | undefined): Promise<number | undefined> {
  return listBranchFor(actor, requested, policyMessages, (id) => branchExists(db, id));
}

/** The branch a new or edited policy belongs to: the user's own, unless an admin chooses one. */
export function writeBranch(db: Executor, actor: AuthUser, chosen: number | null | undefined, current?: number): Promise<number> {
  return writeBranchFor(actor, chosen, current, policyMessages.branchNotFound, (id) => branchExists(db, id));
}
