import { businessDate, centsToMoney, feeMessages, moneyToCents, type IfMatch, type PaymentMethod, type PolicyFee, type ReversalInput } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { syncPolicyCommissions } from '../../brokers/index';
import { insertEvent } from '../../policies/index';
import * as repo from '../repository/fee';
import { lockFee } from './fee';
import { readFee } from './fee-view';

/*
 * Fee payments (issue 34), recorded as rent payments are (decision 026): never edited, reversed
 * with a reason; partial payments kept. An amount over what is still owed is refused (a fee is
 * not a running account: an overpayment would be money to give back, and a commission earned on
 * it). `collected`, the state and the day it was paid follow in the same transaction, and the
 * brokers' commissions with them.
 */

export interface FeePaymentInput {
  /** Cents: the schema's transform. */
  amount: number;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
}

/** POST /api/policy/{id}/fee-payments. */
export async function recordFeePayment(
  db: Db,
  actor: AuthUser,
  policyId: number,
  input: FeePaymentInput,
  ifMatch: IfMatch | undefined,
  now: Date,
  receipt: repo.FeeReceiptFile | null,
): Promise<PolicyFee> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const policy = ensure(await repo.findFeePolicy(tx, policyId, actorScope(actor)), notFound(feeMessages.notFound));
    if (policy.status === 'cancelled') throw conflict(feeMessages.cancelled);
    const fee = await lockFee(tx, policyId, ifMatch);
    if (input.receivedOn > today) throw invalidField('receivedOn', feeMessages.receivedOnFuture);
    const outstanding = (moneyToCents(fee.total) ?? 0) - (moneyToCents(fee.collected) ?? 0);
    if (outstanding <= 0) throw conflict(feeMessages.alreadyPaid);
    if (input.amount > outstanding) throw invalidField('amount', feeMessages.overpayment(centsToMoney(outstanding)));
    const amount = centsToMoney(input.amount);
    await repo.insertFeePayment(tx, { policyId, amount, receivedOn: input.receivedOn, method: input.method, reference: input.reference, recordedBy: actor.id, receipt });
    await afterMoneyMoved(tx, policyId, actor.id, feeMessages.paymentEvent(amount, input.receivedOn));
    return readFee(tx, policyId);
  });
}

/** POST /api/fee-payments/{id}/reversal (managers): refused while the payment has a standing invoice. */
export async function reverseFeePayment(db: Db, actor: AuthUser, paymentId: number, input: ReversalInput, ifMatch: IfMatch | undefined): Promise<PolicyFee> {
  return db.transaction(async (tx) => {
    const payment = ensure(await repo.findFeePayment(tx, paymentId, actorScope(actor)), notFound(feeMessages.paymentNotFound));
    await lockFee(tx, payment.policyId, ifMatch);
    // Read again under the fee's lock: an invoice may have been issued meanwhile.
    const current = await repo.findFeePayment(tx, paymentId, actorScope(actor));
    if ((current?.standingInvoices ?? 0) > 0) throw conflict(feeMessages.invoiceStanding);
    const reason = input.reason.trim();
    if (!(await repo.insertFeeReversal(tx, { paymentId, reason, reversedBy: actor.id }))) throw conflict(feeMessages.alreadyReversed);
    await afterMoneyMoved(tx, payment.policyId, actor.id, feeMessages.reversalEvent(payment.amount, reason));
    return readFee(tx, payment.policyId);
  });
}

async function afterMoneyMoved(tx: Executor, policyId: number, userId: number, note: string): Promise<void> {
  await repo.recomputeCollected(tx, policyId, userId);
  await syncPolicyCommissions(tx, policyId);
  await insertEvent(tx, { policyId, userId, fromStatus: null, toStatus: null, changes: [], note });
}

/** A multipart payment's policy is looked up before its file is read: another branch's is a 404 at once. */
export async function checkFeePaymentTarget(db: Executor, actor: AuthUser, policyId: number): Promise<void> {
  ensure(await repo.findFeePolicy(db, policyId, actorScope(actor)), notFound(feeMessages.notFound));
}

/** GET /api/fee-payments/{id}/receipt: the file of a payment of the caller's branch (404 otherwise, or without one). */
export async function findFeeReceipt(db: Executor, actor: AuthUser, paymentId: number) {
  const row = await repo.findFeePayment(db, paymentId, actorScope(actor));
  if (!row?.storedName) throw notFound(row ? feeMessages.noReceipt : feeMessages.paymentNotFound);
  return { policyId: row.policyId, storedName: row.storedName, mimeType: row.mimeType ?? 'application/octet-stream', size: row.size ?? 0, downloadName: row.fileName ?? 'comprobante' };
}
