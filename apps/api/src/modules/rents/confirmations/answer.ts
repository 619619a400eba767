import {
  businessDate,
  centsToMoney,
  moneyToCents,
  outsideActorNames,
  periodLabel,
  rentConfirmationMessages as messages,
  type RentConfirmationAnswer,
  type RentConfirmationView,
} from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../../lib/app-error';
import { recordRentNotReceived } from '../../claims/index';
import { notifyRentNotReceived } from '../../notifications/index';
import { insertEvent } from '../../policies/index';
import { hashToken } from '../../public-links/index';
import * as repo from '../repository/confirmations';
import { lockSchedule } from '../repository/ledger';
import { applyPayment } from '../service';

/*
 * The owner's page (issue 32): the question, and the answer recorded once. 'full' and 'partial'
 * record a payment received today through the staff's own path (the schedule locked, the whole
 * allocation recomputed); 'none' puts the month En mora now, tells the office and opens (or adds
 * to) a draft case of missed rent.
 */

/** A link that answers: unanswered ones only while the month still owes, of a policy not cancelled. */
function isAnswerable(record: repo.ConfirmationRecord): boolean {
  return record.policyStatus !== 'cancelled' && ['pending', 'partial', 'overdue'].includes(record.monthState) && (moneyToCents(record.owed) ?? 0) > 0;
}

/** The confirmation behind `token`; unknown, expired or no longer answerable: the one 404 for all. */
async function openConfirmation(db: Executor, token: string, now: Date): Promise<repo.ConfirmationRecord> {
  const record = ensure(await repo.findByTokenHash(db, hashToken(token), now), notFound(messages.invalid));
  if (!record.answeredAt && !isAnswerable(record)) throw notFound(messages.invalid);
  return record;
}

function viewOf(record: repo.ConfirmationRecord): RentConfirmationView {
  return {
    period: record.period,
    periodLabel: periodLabel(record.period),
    amountDue: record.owed,
    propertyAddress: record.propertyAddress,
    ownerName: record.ownerName,
    branchName: record.branchName,
    answered: record.answeredAt && record.answer ? { answer: record.answer, at: record.answeredAt.toISOString() } : null,
  };
}

/** GET /api/public/rent-confirmations/{token}. */
export async function viewConfirmation(db: Db, token: string, now: Date = new Date()): Promise<RentConfirmationView> {
  return viewOf(await openConfirmation(db, token, now));
}

/** The payment an answer records, in cents: what the month owes, or the part the owner says arrived. */
function paidCents(record: repo.ConfirmationRecord, input: { answer: RentConfirmationAnswer; amount?: number | undefined }): number | null {
  const owedCents = moneyToCents(record.owed) ?? 0;
  if (input.answer === 'full') return owedCents;
  if (input.answer === 'none') return null;
  const amount = ensure(input.amount, invalidField('amount', messages.amountRequired));
  if (amount >= owedCents) throw invalidField('amount', messages.amountTooHigh(record.owed));
  return amount;
}

/** POST /api/public/rent-confirmations/{token}: `input.amount` in cents (the schema's transform). One transaction. */
export async function answerConfirmation(db: Db, token: string, input: { answer: RentConfirmationAnswer; amount?: number | undefined }, now: Date = new Date()): Promise<RentConfirmationView> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const found = await openConfirmation(tx, token, now);
    if (found.answeredAt) throw conflict(messages.alreadyAnswered);
    // Payments of one policy queue on its schedule's header; read again under it what the month owes.
    const header = ensure(await lockSchedule(tx, found.policyId), notFound(messages.invalid));
    const record = await openConfirmation(tx, token, now);
    const cents = paidCents(record, input);
    if (!(await repo.markAnswered(tx, record.id, input.answer, input.answer === 'partial' && cents !== null ? centsToMoney(cents) : null, now))) throw conflict(messages.alreadyAnswered);
    const event = { policyId: record.policyId, userId: null, fromStatus: null, toStatus: null, changes: [], actorLabel: outsideActorNames.byLink(record.ownerName, 'Propietario') };
    if (cents === null) {
      await repo.markMonthOverdue(tx, record.monthId, record.policyId);
      await insertEvent(tx, { ...event, note: messages.notReceived(record.period) });
      await notifyRentNotReceived(tx, { policyId: record.policyId, period: record.period, ownerName: record.ownerName });
      // The office's case for it (issue 33): a draft of missed rent, or a line in the one already open.
      await recordRentNotReceived(tx, { policyId: record.policyId, period: record.period, ownerName: record.ownerName });
    } else {
      const amount = centsToMoney(cents);
      await applyPayment(tx, { policyId: record.policyId, trackedFrom: header.trackedFrom, amount, receivedOn: today, method: 'owner_report', reference: '', recordedBy: null }, today);
      await insertEvent(tx, { ...event, note: messages.paymentEvent(amount, record.period) });
    }
    return viewOf({ ...record, answeredAt: now, answer: input.answer });
  });
}
