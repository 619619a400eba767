import {
  businessDate,
  centsToMoney,
  claimMessages,
  contactRefusal,
  type claimContactInputSchema,
  type claimDeadlineInputSchema,
  type ClaimDetail,
  type ClaimStage,
  type IfMatch,
  type lawsuitInputSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import * as repo from '../repository/writes';
import { writeCase } from './write';

/*
 * The case's daily work (issue 33): the collection contacts under the fair-collection rule, the
 * términos and the lawsuit. Each is a write of the case (its lock, its version, its answer).
 */

/** POST /api/claims/{id}/contacts: only the debtors, only from 7:00 to 22:00 Mexico City, never in the future — else 400 with the reason. */
export async function addContact(db: Db, actor: AuthUser, claimId: number, input: z.output<typeof claimContactInputSchema>, now = new Date()): Promise<ClaimDetail> {
  const at = new Date(input.at);
  // Inside the write: another branch's case is a 404 and a closed one a 409 before the rule is told.
  return writeCase(db, actor, claimId, { now }, async (tx, claim) => {
    const refusal = contactRefusal({ party: input.party, at }, now);
    if (refusal) throw invalidField(refusal.field, refusal.message);
    await repo.insertContact(tx, {
      claimId: claim.id,
      channel: input.channel,
      party: input.party,
      personName: input.personName,
      at,
      result: input.result,
      promisedOn: input.promisedAt ?? null,
      promisedAmount: input.promisedAmount === undefined ? null : centsToMoney(input.promisedAmount),
      createdBy: actor.id,
    });
  });
}

/** POST /api/claims/{id}/deadlines: a término may be already past (recorded late), not before the case was opened. */
export async function addDeadline(db: Db, actor: AuthUser, claimId: number, input: z.output<typeof claimDeadlineInputSchema>, now = new Date()): Promise<ClaimDetail> {
  return writeCase(db, actor, claimId, { now }, async (tx, claim) => {
    if (input.dueOn < businessDate(claim.openedAt)) throw invalidField('dueOn', claimMessages.deadlineBeforeOpening);
    await repo.insertDeadline(tx, { claimId: claim.id, dueOn: input.dueOn, description: input.description, createdBy: actor.id });
  });
}

/** POST /api/claims/deadlines/{id}/done: once (409 the second time). */
export async function completeDeadline(db: Db, actor: AuthUser, deadlineId: number, now = new Date()): Promise<ClaimDetail> {
  const claimId = ensure(await repo.claimOfDeadline(db, deadlineId, actorScope(actor)), notFound(claimMessages.deadlineNotFound));
  return writeCase(db, actor, claimId, { now }, async (tx) => {
    if (!(await repo.completeDeadline(tx, deadlineId, actor.id, now))) throw conflict(claimMessages.deadlineDone);
  });
}

/** The stages from which the lawsuit's data are kept (the demand was filed or is being prepared). */
const lawsuitStages: readonly ClaimStage[] = ['lawsuit', 'judgment', 'enforcement', 'closed'];

/** PUT /api/claims/{id}/lawsuit (If-Match): the court, the case number and the steps' dates (the schema checks their order). */
export async function saveLawsuit(db: Db, actor: AuthUser, claimId: number, input: z.output<typeof lawsuitInputSchema>, ifMatch: IfMatch | undefined, now = new Date()): Promise<ClaimDetail> {
  const check = (_tx: unknown, claim: { stage: ClaimStage }) => {
    if (!lawsuitStages.includes(claim.stage)) throw conflict(claimMessages.lawsuitBeforeDemand);
    if (input.filedOn > businessDate(now)) throw invalidField('filedOn', claimMessages.lawsuitFiledFuture);
  };
  return writeCase(db, actor, claimId, { ifMatch, now, check }, async (tx, claim) => {
    await repo.saveLawsuit(tx, {
      claimId: claim.id,
      court: input.court,
      caseNumber: input.caseNumber,
      filedOn: input.filedOn,
      admittedOn: input.admittedOn ?? null,
      servedOn: input.servedOn ?? null,
      answeredOn: input.answeredOn ?? null,
      hearingOn: input.hearingOn ?? null,
      judgmentOn: input.judgmentOn ?? null,
      enforcementOn: input.enforcementOn ?? null,
      evictionOn: input.evictionOn ?? null,
      notes: input.notes,
      updatedBy: actor.id,
    });
  });
}
