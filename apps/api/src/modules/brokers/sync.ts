import type { Executor } from '../../db/client';
import { plannedPendingEntries, type PlannedEntry } from './commission-plan';
import * as repo from './repository/commissions';

/** The fields that make two pending entries the same: an unchanged one keeps its id (a payout dialog open on it stays valid). */
const entryKey = (entry: Omit<PlannedEntry, 'feePaymentId'> & { feePaymentId: number | null }) =>
  [entry.brokerId, entry.feePaymentId, entry.earnedOn, entry.baseCents, entry.percent, entry.amountCents, entry.note].join('|');

/**
 * Brings a policy's commission entries in line with what was collected of its fee (issue 34),
 * inside the caller's transaction (the fees module's, after a payment is recorded or reversed or
 * the fee changes; this module's, after a payout is reversed). Pending entries are rewritten to the
 * plan; paid ones are never touched.
 */
export async function syncPolicyCommissions(tx: Executor, policyId: number): Promise<void> {
  const facts = await repo.lockPolicyFeeFacts(tx, policyId);
  const entries = await repo.lockPolicyEntries(tx, policyId);
  const payments = facts ? await repo.paymentFacts(tx, policyId) : [];
  const planned = plannedPendingEntries({
    fee: facts ? { subtotalCents: facts.subtotalCents, totalCents: facts.totalCents } : null,
    brokerId: facts?.brokerId ?? null,
    percent: facts?.percent ?? '0.00',
    payments,
    paid: entries.filter((entry) => entry.payoutId !== null),
  });
  const pendingByKey = new Map<string, number[]>();
  for (const entry of entries.filter((stored) => stored.payoutId === null)) {
    const key = entryKey(entry);
    pendingByKey.set(key, [...(pendingByKey.get(key) ?? []), entry.id]);
  }
  const toInsert: PlannedEntry[] = [];
  for (const entry of planned) {
    const same = pendingByKey.get(entryKey(entry));
    if (same && same.length > 0) same.shift();
    else toInsert.push(entry);
  }
  await repo.deleteEntries(tx, [...pendingByKey.values()].flat());
  await repo.insertEntries(tx, policyId, toInsert);
}
