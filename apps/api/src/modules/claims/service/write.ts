import { businessDate, claimMessages, versionMatches, type ClaimDetail, type IfMatch } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { staleVersion } from '../../../lib/conditional-write';
import * as repo from '../repository/claims';
import { claimUpdatedByName } from '../repository/details';
import { claimSummaryById, scopeSql } from '../repository/summaries';
import { composeDetail } from './read';
import type { ClaimActor } from './stage';

/*
 * Every staff write to a case (issue 33) goes through here: one transaction, the case's row locked
 * (another branch's case is not found), a closed case refused unless the write may touch it, the
 * If-Match compared under the lock (412 naming who saved last), the version raised, and the whole
 * case answered from inside the transaction.
 */

export interface CaseWrite {
  /** The form's version (PATCH, lawsuit); undefined writes without the check. */
  ifMatch?: IfMatch | undefined;
  /** Reopening is the one write a closed case takes. */
  allowClosed?: boolean;
  /** The write's own rules (400, 409), answered before a stale version (412: decision 023's order). */
  check?: (tx: Executor, claim: repo.ClaimRow) => Promise<void> | void;
  now?: Date;
}

/** What a write does to the case's own row besides raising its version (nothing, for most). */
export type CaseChanges = repo.ClaimChanges | void;

export const actorOf = (actor: AuthUser): ClaimActor => ({ userId: actor.id, label: '' });

/** The locked case in the actor's scope, or 404. */
export async function lockCase(tx: Executor, actor: AuthUser, claimId: number): Promise<repo.ClaimRow> {
  return ensure(await repo.findClaim(tx, claimId, actorScope(actor), true), notFound(claimMessages.notFound));
}

/** The 412 when `ifMatch` names another version than the locked row's. */
async function ensureVersion(tx: Executor, claim: repo.ClaimRow, ifMatch: IfMatch | undefined): Promise<void> {
  if (versionMatches(ifMatch, claim.version)) return;
  throw staleVersion(await claimUpdatedByName(tx, claim.id), claim.updatedAt);
}

/** The case as its page reads it, inside the write's transaction (the scope was checked by the lock). */
export async function detailInside(tx: Executor, claimId: number, now: Date): Promise<ClaimDetail> {
  const today = businessDate(now);
  const head = ensure(await claimSummaryById(tx, claimId, scopeSql(undefined), today), notFound(claimMessages.notFound));
  return composeDetail(tx, head, today);
}

/**
 * Runs `write` on the locked case and answers the case after it. `write` may return changes to the
 * case's row; the version is raised either way (an open form is told something changed).
 */
export async function writeCase(
  db: Db,
  actor: AuthUser,
  claimId: number,
  options: CaseWrite,
  write: (tx: Executor, claim: repo.ClaimRow) => Promise<CaseChanges>,
): Promise<ClaimDetail> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const claim = await lockCase(tx, actor, claimId);
    if (claim.status === 'closed' && !options.allowClosed) throw conflict(claimMessages.closedReadOnly);
    await options.check?.(tx, claim);
    await ensureVersion(tx, claim, options.ifMatch);
    const changes = (await write(tx, claim)) ?? {};
    // The row is locked: its version cannot have moved since it was read.
    if (!(await repo.updateClaim(tx, claim.id, claim.version, changes, actor.id))) throw conflict(claimMessages.notFound);
    return detailInside(tx, claim.id, now);
  });
}
