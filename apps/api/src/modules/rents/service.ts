import {
  allocatePayments,
  businessDate,
  centsToMoney,
  moneyToCents,
  rateToHundredths,
  rentMessages,
  rentProofMessages,
  versionMatches,
  type IfMatch,
  type PaymentMethod,
  type RentLedger,
  type ReversalInput,
  type WaiverInput,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { staleVersion } from '../../lib/conditional-write';
import { insertEvent } from '../policies/index';
import { ledgerOf, ledgerRows, scheduleMonth } from './ledger';
import { loadConfirmations } from './repository/confirmations';
import * as repo from './repository/ledger';

/*
 * The policy's rents (issue 32, decision 026): the schedule, payments applied to the oldest
 * months owed, reversals. Every write locks the schedule's header, checks If-Match against its
 * version, writes the payment or reversal, recomputes the whole allocation and the history
 * event — one transaction, so two people recording at once are applied one after the other, and
 * the second is told (412) when the form named the version it saw.
 */

/** GET /api/policy/{id}/rents. */
export async function getLedger(db: Executor, actor: AuthUser, policyId: number, now: Date = new Date()): Promise<RentLedger> {
  const policy = ensure(await repo.findRentPolicy(db, policyId, actorScope(actor)), notFound(rentMessages.notFound));
  return readLedger(db, policy, businessDate(now));
}

/** The ledger of any branch's policy: the templates admin's preview (admins only, checked by its route). */
export async function getLedgerAnyBranch(db: Executor, policyId: number, now: Date = new Date()): Promise<RentLedger> {
  const policy = ensure(await repo.findRentPolicy(db, policyId, { branchId: undefined }), notFound(rentMessages.notFound));
  return readLedger(db, policy, businessDate(now));
}

/** The ledger of a policy already found (in scope, or by a link's token). */
export async function readLedger(db: Executor, policy: repo.RentPolicy, today: string): Promise<RentLedger> {
  const schedule = await repo.findSchedule(db, policy.id);
  if (!schedule) {
    const preview = await repo.previewMonths(db, policy);
    const months = preview.map((month) => ({ ...month, id: -month.seq, paid: '0.00', paidOn: null, state: 'pending' as const, waivedReason: null }));
    // Before activation nothing is late yet: the preview is measured from its own start.
    return ledgerOf(policy.id, false, ledgerRows(months, '9999-12-31', today), [], [], 0, policy.lateInterestRate);
  }
  const [months, payments, allocations, confirmations] = await Promise.all([
    repo.loadMonths(db, policy.id),
    repo.loadPayments(db, policy.id),
    repo.loadAllocations(db, policy.id),
    loadConfirmations(db, policy.id),
  ]);
  const rate = policy.lateInterestRate === null ? null : rateToHundredths(policy.lateInterestRate);
  return ledgerOf(policy.id, true, ledgerRows(months, schedule.trackedFrom, today, confirmations, rate), payments, allocations, schedule.version, policy.lateInterestRate);
}

/** The schedule's header under lock, and the 412 when the form saw another version. */
async function lockForWrite(tx: Executor, policyId: number, ifMatch: IfMatch | undefined): Promise<repo.ScheduleHeader> {
  const header = await repo.lockSchedule(tx, policyId);
  if (!header) throw conflict(rentMessages.noSchedule);
  if (!versionMatches(ifMatch, header.version)) {
    const last = (await repo.loadPayments(tx, policyId)).reduce<{ by: string; at: Date } | null>((latest, payment) => {
      const candidates = [{ by: payment.recordedBy, at: payment.recordedAt }, ...(payment.reversal ? [{ by: payment.reversal.by, at: payment.reversal.at }] : [])];
      return candidates.reduce((best, candidate) => (best === null || candidate.at > best.at ? candidate : best), latest);
    }, null);
    throw staleVersion(last?.by || null, last?.at ?? new Date());
  }
  return header;
}

/** Recomputes the whole allocation from the standing payments and writes it. */
async function reallocate(tx: Executor, policyId: number, trackedFrom: string, today: string): Promise<void> {
  const [months, payments] = await Promise.all([repo.loadMonths(tx, policyId), repo.loadPayments(tx, policyId)]);
  const standing = payments.filter((payment) => !payment.reversal).map((payment) => ({ id: payment.id, amountCents: moneyToCents(payment.amount) ?? 0, receivedOn: payment.receivedOn }));
  const result = allocatePayments(
    months.map((month) => scheduleMonth(month, trackedFrom)),
    standing,
    today,
  );
  await repo.writeAllocation(
    tx,
    policyId,
    result.months.map((month) => ({ id: month.id, paid: centsToMoney(month.paidCents), paidOn: month.paidOn, state: month.state })),
    result.allocations.map((allocation) => ({ paymentId: allocation.paymentId, monthId: allocation.monthId, amount: centsToMoney(allocation.amountCents) })),
  );
}

export interface PaymentToApply {
  policyId: number;
  /** The schedule's, from its locked header. */
  trackedFrom: string;
  amount: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  /** Null for a payment the owner confirmed by link. */
  recordedBy: number | null;
  /** The comprobante, already in the file store. */
  receipt?: repo.ReceiptFile | null | undefined;
}

/** Writes a payment and recomputes the allocation: the caller holds the schedule's lock (staff's form and the owner's link alike). */
export async function applyPayment(tx: Executor, payment: PaymentToApply, today: string): Promise<number> {
  const { trackedFrom, ...values } = payment;
  const paymentId = await repo.insertPayment(tx, values);
  await reallocate(tx, payment.policyId, trackedFrom, today);
  return paymentId;
}

/** POST /api/policy/{id}/payments: `input.amount` already in cents (the schema's transform). */
export async function recordPayment(
  db: Db,
  actor: AuthUser,
  policyId: number,
  input: { amount: number; receivedOn: string; method: PaymentMethod; reference: string },
  ifMatch: IfMatch | undefined,
  now: Date = new Date(),
  receipt: repo.ReceiptFile | null = null,
): Promise<RentLedger> {
  return db.transaction(async (tx) => (await recordPaymentIn(tx, actor, policyId, { ...input, receipt }, ifMatch, now)).ledger);
}

/**
 * The staff's payment inside the caller's transaction (the form, and a tenant's proof confirmed):
 * the checks, the payment, the allocation and the history event. Returns the payment's id too.
 */
export async function recordPaymentIn(
  tx: Executor,
  actor: AuthUser,
  policyId: number,
  input: { amount: number; receivedOn: string; method: PaymentMethod; reference: string; receipt: repo.ReceiptFile | null; note?: string },
  ifMatch: IfMatch | undefined,
  now: Date = new Date(),
): Promise<{ ledger: RentLedger; paymentId: number }> {
  const today = businessDate(now);
  const policy = ensure(await repo.findRentPolicy(tx, policyId, actorScope(actor)), notFound(rentMessages.notFound));
  if (policy.status === 'cancelled') throw conflict(rentMessages.cancelled);
  const header = await lockForWrite(tx, policyId, ifMatch);
  if (input.receivedOn > today) throw invalidField('receivedOn', rentMessages.receivedOnFuture);
  if (policy.startDate && input.receivedOn < policy.startDate) throw invalidField('receivedOn', rentMessages.receivedOnBeforeContract(policy.startDate));
  const amount = centsToMoney(input.amount);
  const paymentId = await applyPayment(
    tx,
    { policyId, trackedFrom: header.trackedFrom, amount, receivedOn: input.receivedOn, method: input.method, reference: input.reference, recordedBy: actor.id, receipt: input.receipt },
    today,
  );
  await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: input.note ?? rentMessages.paymentEvent(amount, input.receivedOn) });
  return { ledger: await readLedger(tx, policy, today), paymentId };
}

/** A multipart payment's policy is looked up before its file is read: another branch's is a 404 at once. */
export async function checkPaymentTarget(db: Executor, actor: AuthUser, policyId: number): Promise<void> {
  ensure(await repo.findRentPolicy(db, policyId, actorScope(actor)), notFound(rentMessages.notFound));
}

/** GET /api/payments/{id}/receipt: the file of a payment of the caller's branch (404 otherwise, or without one). */
export async function findReceipt(db: Executor, actor: AuthUser, paymentId: number) {
  const row = await repo.findReceipt(db, paymentId, actorScope(actor));
  if (!row?.storedName) throw notFound(row ? rentProofMessages.noReceipt : rentMessages.paymentNotFound);
  return { policyId: row.policyId, storedName: row.storedName, mimeType: row.mimeType ?? 'application/octet-stream', size: row.size ?? 0, downloadName: row.fileName ?? 'comprobante' };
}

/** POST /api/payments/{id}/reverse. */
export async function reversePayment(db: Db, actor: AuthUser, paymentId: number, input: ReversalInput, ifMatch: IfMatch | undefined, now: Date = new Date()): Promise<RentLedger> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const scope = actorScope(actor);
    const payment = ensure(await repo.findPayment(tx, paymentId, scope), notFound(rentMessages.paymentNotFound));
    const policy = ensure(await repo.findRentPolicy(tx, payment.policyId, scope), notFound(rentMessages.notFound));
    const header = await lockForWrite(tx, payment.policyId, ifMatch);
    if (!(await repo.insertReversal(tx, { paymentId, reason: input.reason.trim(), reversedBy: actor.id }))) throw conflict(rentMessages.alreadyReversed);
    await reallocate(tx, payment.policyId, header.trackedFrom, today);
    await insertEvent(tx, { policyId: payment.policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: rentMessages.reversalEvent(payment.amount, input.reason.trim()) });
    return readLedger(tx, policy, today);
  });
}

/**
 * POST /api/rents/months/{id}/waive: 'Condonada', with the reason. What payments had covered of
 * it moves on to the next months owed (the allocation is recomputed whole).
 */
export async function waiveMonth(db: Db, actor: AuthUser, monthId: number, input: WaiverInput, ifMatch: IfMatch | undefined, now: Date = new Date()): Promise<RentLedger> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const scope = actorScope(actor);
    const found = ensure(await repo.findMonth(tx, monthId, scope), notFound(rentMessages.monthNotFound));
    const policy = ensure(await repo.findRentPolicy(tx, found.policyId, scope), notFound(rentMessages.notFound));
    const header = await lockForWrite(tx, found.policyId, ifMatch);
    // Read again under the schedule's lock: a payment committed meanwhile may have paid it.
    const month = ensure(await repo.findMonth(tx, monthId, scope), notFound(rentMessages.monthNotFound));
    if (month.state === 'waived') throw conflict(rentMessages.alreadyWaived);
    if ((moneyToCents(month.paid) ?? 0) >= (moneyToCents(month.amountDue) ?? 0)) throw conflict(rentMessages.alreadyPaid);
    const reason = input.reason.trim();
    await repo.waiveMonth(tx, monthId, reason);
    await reallocate(tx, month.policyId, header.trackedFrom, today);
    await insertEvent(tx, { policyId: month.policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: rentMessages.waiverEvent(month.dueOn.slice(0, 7), reason) });
    return readLedger(tx, policy, today);
  });
}
