import {
  addDays,
  agreementBackdateDays,
  businessDate,
  centsToMoney,
  claimAgreementMessages as messages,
  claimMessages,
  moneyToCents,
  rentMessages,
  type ClaimDetail,
  type ClaimStage,
  type InstalmentState,
  type RecordablePaymentMethod,
} from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import * as claimsRepo from '../repository/claims';
import { readClaimDetail } from '../service/read';
import { moveClaimStage, type ClaimActor } from '../service/stage';
import * as repo from '../repository/agreements';

/*
 * The payment agreement (convenio de pago, issue 33): instalments with their days, each paid as a
 * rent is (what it still owes at most; partial, then paid), each payment also a recovery of the
 * case's money; a reversal undoes both. Every write holds the case's row (findClaim with lock).
 */

const cents = (money: string | null | undefined) => moneyToCents(money ?? '0') ?? 0;
const oneActive = 'claim_agreements_one_active';
const caseMoved = () => conflict('Otra persona cambió la incidencia al mismo tiempo; vuelva a intentarlo.');

/**
 * Takes the case to `stage` with `note` as its event; a case already there (or past it and
 * closed) keeps its stage and gets the event alone. The caller holds the case's lock.
 */
export async function enterStage(tx: Executor, claim: claimsRepo.ClaimRow, stage: ClaimStage, note: string, actor: ClaimActor, now: Date): Promise<boolean> {
  if (claim.stage !== stage && claim.status !== 'closed') {
    if (!(await moveClaimStage(tx, claim, { stage, note }, actor, now))) throw caseMoved();
    return true;
  }
  await recordNote(tx, claim, note, actor);
  return false;
}

/** An event without a change of stage, and the case's version raised (its detail changed). */
async function recordNote(tx: Executor, claim: claimsRepo.ClaimRow, note: string, actor: ClaimActor): Promise<void> {
  if (!(await claimsRepo.updateClaim(tx, claim.id, claim.version, {}, actor.userId))) throw caseMoved();
  await claimsRepo.insertClaimEvent(tx, { claimId: claim.id, fromStage: null, toStage: null, note, userId: actor.userId, actorLabel: actor.userId === null ? actor.label : '' });
}

async function lockedOpenClaim(tx: Executor, actor: AuthUser, claimId: number | null, missing: string): Promise<claimsRepo.ClaimRow> {
  const claim = ensure(claimId === null ? null : await claimsRepo.findClaim(tx, claimId, actorScope(actor), true), notFound(missing));
  if (claim.status === 'closed') throw conflict(claimMessages.closedReadOnly);
  return claim;
}

const userActor = (actor: AuthUser): ClaimActor => ({ userId: actor.id, label: '' });

export interface AgreementValues {
  instalments: { dueOn: string; amount: number }[];
  notes: string;
}

/**
 * POST /api/claims/{id}/agreement: the instalments (their days strictly increasing: the schema
 * checks), the first at most agreementBackdateDays ago (a convenio entered after it was signed); one agreement in force per case. The case enters
 * 'Convenio de pago' with the agreement as its event.
 */
export async function createAgreement(db: Db, actor: AuthUser, claimId: number, input: AgreementValues, now: Date = new Date()): Promise<ClaimDetail> {
  const first = input.instalments[0];
  if (first && first.dueOn < addDays(businessDate(now), -agreementBackdateDays)) throw invalidField('instalments.0.dueOn', messages.firstInstalmentPast);
  const total = input.instalments.reduce((sum, row) => sum + row.amount, 0);
  try {
    await db.transaction(async (tx) => {
      const claim = await lockedOpenClaim(tx, actor, claimId, claimMessages.notFound);
      if (await repo.activeAgreementOf(tx, claimId)) throw conflict(claimMessages.agreementExists);
      const rows = input.instalments.map((row) => ({ dueOn: row.dueOn, amount: centsToMoney(row.amount) }));
      await repo.insertAgreement(tx, { claimId, notes: input.notes, createdBy: actor.id }, rows);
      await enterStage(tx, claim, 'agreement', messages.agreementEvent(rows.length, centsToMoney(total)), userActor(actor), now);
    });
  } catch (error) {
    // Two agreements written at the same instant meet at the index.
    if (isUniqueViolation(error, oneActive)) throw conflict(claimMessages.agreementExists);
    throw error;
  }
  return readClaimDetail(db, actor, claimId, now);
}

export interface InstalmentPaymentValues {
  amount: number;
  receivedOn: string;
  method: RecordablePaymentMethod;
  reference: string;
}

/** An instalment's state from what it owes and what is paid (a broken agreement's past-due one stays late). */
function instalmentState(instalment: repo.InstalmentRow, paidCents: number, today: string): InstalmentState {
  if (paidCents >= cents(instalment.amount)) return 'paid';
  if (instalment.agreementState === 'broken' && instalment.dueOn < today) return 'late';
  return paidCents > 0 ? 'partial' : 'pending';
}

/**
 * POST /api/claims/instalments/{id}/payments: at most what the instalment still owes (400 naming
 * the amount), partial then paid (with the day it was paid in full); the amount is also a
 * recovery of the case. The last instalment paid fulfils the agreement (the case is not closed:
 * staff close it as 'Convenio cumplido').
 */
export async function recordInstalmentPayment(db: Db, actor: AuthUser, instalmentId: number, input: InstalmentPaymentValues, now: Date = new Date()): Promise<ClaimDetail> {
  const today = businessDate(now);
  if (input.receivedOn > today) throw invalidField('receivedOn', rentMessages.receivedOnFuture);
  const claimId = await db.transaction(async (tx) => {
    const claim = await lockedOpenClaim(tx, actor, await repo.instalmentClaimId(tx, instalmentId, actorScope(actor)), claimMessages.instalmentNotFound);
    const instalment = ensure(await repo.lockInstalment(tx, instalmentId), notFound(claimMessages.instalmentNotFound));
    if (instalment.agreementState !== 'active') throw conflict(messages.agreementNotActive);
    if (instalment.state === 'paid') throw conflict(claimMessages.instalmentPaid);
    const owed = cents(instalment.amount) - cents(instalment.paid);
    if (input.amount > owed) throw invalidField('amount', messages.paymentExceeds(centsToMoney(owed)));
    const amount = centsToMoney(input.amount);
    await repo.insertPaymentWithRecovery(
      tx,
      { instalmentId, amount, receivedOn: input.receivedOn, method: input.method, reference: input.reference, createdBy: actor.id },
      { claimId: claim.id, description: messages.recoveryDescription(instalment.seq) },
    );
    const paid = cents(instalment.paid) + input.amount;
    const state = instalmentState(instalment, paid, today);
    await repo.updateInstalment(tx, instalmentId, { paid: centsToMoney(paid), paidOn: state === 'paid' ? input.receivedOn : null, state });
    await recordNote(tx, claim, messages.paymentEvent(instalment.seq, amount, input.receivedOn), userActor(actor));
    const instalments = await repo.agreementInstalments(tx, instalment.agreementId);
    if (instalments.every((row) => row.state === 'paid')) {
      await repo.setAgreementState(tx, instalment.agreementId, 'fulfilled', now);
      const total = instalments.reduce((sum, row) => sum + cents(row.amount), 0);
      await claimsRepo.insertClaimEvent(tx, { claimId: claim.id, fromStage: null, toStage: null, note: messages.fulfilledEvent(instalments.length, centsToMoney(total)), userId: actor.id });
    }
    return claim.id;
  });
  return readClaimDetail(db, actor, claimId, now);
}

/**
 * POST /api/claims/instalment-payments/{id}/reverse: the payment stays with its reason, the
 * instalment owes it again, the recovery it recorded is reversed too; a fulfilled agreement is in
 * force again (unless another one is: 409).
 */
export async function reverseInstalmentPayment(db: Db, actor: AuthUser, paymentId: number, reason: string, now: Date = new Date()): Promise<ClaimDetail> {
  const today = businessDate(now);
  try {
    const claimId = await db.transaction(async (tx) => {
      const claim = await lockedOpenClaim(tx, actor, await repo.paymentClaimId(tx, paymentId, actorScope(actor)), messages.paymentNotFound);
      const payment = ensure(await repo.lockPayment(tx, paymentId), notFound(messages.paymentNotFound));
      if (payment.reversedAt) throw conflict(messages.paymentReversed);
      const instalment = ensure(await repo.lockInstalment(tx, payment.instalmentId), notFound(claimMessages.instalmentNotFound));
      await repo.reversePaymentAndRecovery(tx, paymentId, { userId: actor.id, reason, at: now });
      const paid = Math.max(0, cents(instalment.paid) - cents(payment.amount));
      const state = instalmentState(instalment, paid, today);
      await repo.updateInstalment(tx, instalment.id, { paid: centsToMoney(paid), paidOn: state === 'paid' ? instalment.paidOn : null, state });
      if (instalment.agreementState === 'fulfilled' && state !== 'paid') await repo.setAgreementState(tx, instalment.agreementId, 'active', null);
      await recordNote(tx, claim, messages.reversalEvent(instalment.seq, payment.amount, reason), userActor(actor));
      return claim.id;
    });
    return await readClaimDetail(db, actor, claimId, now);
  } catch (error) {
    if (isUniqueViolation(error, oneActive)) throw conflict(messages.agreementReactivationBlocked);
    throw error;
  }
}
