import { businessDate, centsToMoney, claimMessages, type claimMovementInputSchema, type ClaimDetail } from '@portal/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import * as repo from '../repository/writes';
import { writeCase } from './write';

/*
 * A case's money (issue 33): costs (court fees, notary, bailiff, lawyer's fees), the amounts
 * recovered and what the owner received. Never edited: a mistake is reversed, with its reason,
 * once (decision 026's rule for payments); the totals count what stands.
 */

/** POST /api/claims/{id}/movements: a day not after today. */
export async function addMovement(db: Db, actor: AuthUser, claimId: number, input: z.output<typeof claimMovementInputSchema>, now = new Date()): Promise<ClaimDetail> {
  return writeCase(db, actor, claimId, { now }, async (tx, claim) => {
    if (input.on > businessDate(now)) throw invalidField('on', claimMessages.movementFuture);
    await repo.insertMovement(tx, { claimId: claim.id, kind: input.kind, amount: centsToMoney(input.amount), on: input.on, description: input.description, createdBy: actor.id });
  });
}

/** POST /api/claims/movements/{id}/reverse: with its reason, once (409 the second time). */
export async function reverseMovement(db: Db, actor: AuthUser, movementId: number, reason: string, now = new Date()): Promise<ClaimDetail> {
  const claimId = ensure(await repo.claimOfMovement(db, movementId, actorScope(actor)), notFound(claimMessages.movementNotFound));
  return writeCase(db, actor, claimId, { now }, async (tx) => {
    // The agreement's figures follow its payments: that recovery goes back with the payment's own reversal.
    if (await repo.isInstalmentRecovery(tx, movementId)) throw conflict(claimMessages.movementOfInstalment);
    if (!(await repo.reverseMovement(tx, movementId, actor.id, reason, now))) throw conflict(claimMessages.movementReversed);
  });
}
