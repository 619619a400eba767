import {
  businessDate,
  centsToMoney,
  claimAssigneeRoles,
  claimMessages,
  hasRole,
  type claimOpenInputSchema,
  type claimStageInputSchema,
  type claimUpdateInputSchema,
  type ClaimDetail,
  type ClaimSummary,
  type IfMatch,
} from '@portal/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import * as repo from '../repository/claims';
import { claimsOfPolicy } from '../repository/summaries';
import { findAssignee } from '../repository/writes';
import { openClaim } from './open';
import { noticeOwnerOfStage } from './owner-notice';
import { summaryOf } from './read';
import { moveClaimStage } from './stage';
import { actorOf, detailInside, lockCase, writeCase } from './write';

/*
 * A case from the expediente (issue 33): staff open it, correct it, and move it through its
 * stages. Another branch's policy or case is not found; a cancelled policy takes no case.
 */

/** An active user of the case's branch who may be assigned cases (an admin of any branch too), else 400 on assigneeId. */
async function ensureAssignee(db: Executor, assigneeId: number, branchId: number | null): Promise<void> {
  const user = await findAssignee(db, assigneeId);
  const fits = user !== null && user.active && hasRole(user.role, claimAssigneeRoles) && (user.role === 'admin' || (branchId !== null && user.branchId === branchId));
  if (!fits) throw invalidField('assigneeId', claimMessages.assigneeInvalid);
}

/** POST /api/policy/{id}/claims: an open case at Reporte, with its first event. */
export async function openStaffClaim(db: Db, actor: AuthUser, policyId: number, input: z.output<typeof claimOpenInputSchema>, now = new Date()): Promise<ClaimDetail> {
  return db.transaction(async (tx) => {
    const policy = ensure(await repo.findClaimPolicy(tx, policyId, actorScope(actor)), notFound(claimMessages.policyNotFound));
    if (policy.status === 'cancelled') throw conflict(claimMessages.policyCancelled);
    if (input.assigneeId != null) await ensureAssignee(tx, input.assigneeId, policy.branchId);
    const id = await openClaim(
      tx,
      {
        policyId,
        type: input.type,
        description: input.description,
        source: 'staff',
        status: 'open',
        amountClaimedCents: input.amountClaimed,
        servicesCents: input.servicesClaimed,
        damagesCents: input.damagesClaimed,
        assigneeId: input.assigneeId ?? null,
      },
      actorOf(actor),
      now,
    );
    return detailInside(tx, id, now);
  });
}

/** GET /api/policy/{id}/claims: the policy's cases, newest first (another branch's policy: 404). */
export async function policyClaims(db: Db, actor: AuthUser, policyId: number, now = new Date()): Promise<ClaimSummary[]> {
  ensure(await repo.findClaimPolicy(db, policyId, actorScope(actor)), notFound(claimMessages.policyNotFound));
  const today = businessDate(now);
  return (await claimsOfPolicy(db, policyId, today)).map((row) => summaryOf(row, today));
}

/** PATCH /api/claims/{id} (If-Match): the description, the amounts claimed, the assignee. */
export async function updateClaimFields(db: Db, actor: AuthUser, claimId: number, input: z.output<typeof claimUpdateInputSchema>, ifMatch: IfMatch | undefined, now = new Date()): Promise<ClaimDetail> {
  const check = async (tx: Executor, claim: repo.ClaimRow) => {
    if (input.assigneeId != null && input.assigneeId !== claim.assigneeId) await ensureAssignee(tx, input.assigneeId, claim.branchId);
  };
  return writeCase(db, actor, claimId, { ifMatch, now, check }, async () => {
    const money = (cents: number | undefined) => (cents === undefined ? undefined : centsToMoney(cents));
    const changes: repo.ClaimChanges = {
      description: input.description,
      rentClaimed: money(input.rentClaimed),
      servicesClaimed: money(input.servicesClaimed),
      damagesClaimed: money(input.damagesClaimed),
      assigneeId: input.assigneeId,
    };
    // Fields not sent stay as they are (drizzle would write an explicit undefined as nothing, but say so).
    return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as repo.ClaimChanges;
  });
}

/**
 * POST /api/claims/{id}/stage: the move and its event; with `notifyOwner` the owner's e-mail is
 * queued in the same transaction and the event says so (no e-mail address: the stage changes, not
 * notified). A closed case takes only a reopening with its reason.
 */
export async function changeClaimStage(db: Db, actor: AuthUser, claimId: number, input: z.output<typeof claimStageInputSchema>, now = new Date()): Promise<ClaimDetail> {
  return db.transaction(async (tx) => {
    const claim = await lockCase(tx, actor, claimId);
    const ownerNotified = input.notifyOwner ? await noticeOwnerOfStage(tx, claim, input.stage) : false;
    const move = { stage: input.stage, note: input.note ?? '', result: input.result, ownerNotified };
    // Refused moves throw (and take the queued e-mail with them); false only if the locked row's version moved, which it cannot.
    if (!(await moveClaimStage(tx, claim, move, actorOf(actor), now))) throw conflict(claimMessages.notFound);
    return detailInside(tx, claim.id, now);
  });
}
