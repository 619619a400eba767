import {
  brokerMessages,
  businessDate,
  centsToMoney,
  payoutFigures,
  type BrokerCommissions,
  type CommissionEntry,
  type CommissionPayout,
  type CommissionState,
} from '@portal/domain';
import type { z } from 'zod';
import type { payoutInputSchema } from '@portal/domain';
import type { Db } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { getBroker } from './directory';
import { findBroker } from './repository/brokers';
import { signedCents } from './repository/commissions';
import * as ledger from './repository/ledger';
import { syncPolicyCommissions } from './sync';

/*
 * A broker's commissions (issue 34): the entries Pendiente / Pagada, paying some of them with one
 * transfer (gross, IVA and withholdings shown, in one transaction), and reversing a payout with
 * its reason (its entries back to Pendiente, the payout kept with its reversal).
 */

type Payout = z.output<typeof payoutInputSchema>;

function toEntry(record: ledger.EntryRecord): CommissionEntry {
  return {
    id: record.id,
    policyId: record.policyId,
    folio: record.folio,
    tenantNames: record.tenantNames,
    address: ledger.addressOf(record),
    feePaymentId: record.feePaymentId === null ? null : Number(record.feePaymentId),
    earnedOn: record.earnedOn,
    base: centsToMoney(signedCents(record.base)),
    percent: Number.parseFloat(record.percent).toFixed(2),
    amount: centsToMoney(signedCents(record.amount)),
    note: record.note,
    state: record.payoutId === null ? 'pending' : 'paid',
    payout: record.payoutId === null ? null : { id: record.payoutId, paidOn: record.paidOn ?? '', reference: record.reference ?? '' },
  };
}

/** GET /api/brokers/{id}/commissions: another branch's broker is a 404. */
export async function getCommissions(db: Db, actor: AuthUser, brokerId: number, state: CommissionState | undefined): Promise<BrokerCommissions> {
  await getBroker(db, actor, brokerId);
  const [entries, totals, payouts] = await Promise.all([ledger.brokerEntries(db, brokerId, state), ledger.brokerTotals(db, brokerId), ledger.brokerPayouts(db, brokerId)]);
  return { brokerId, entries: entries.map(toEntry), totals, payouts };
}

/**
 * POST /api/brokers/{id}/payouts: the entries must all be the broker's and still pending (409
 * otherwise: the list the manager saw is stale), their sum more than zero.
 */
export async function payCommissions(db: Db, actor: AuthUser, brokerId: number, input: Payout, now: Date = new Date()): Promise<CommissionPayout> {
  const broker = await getBroker(db, actor, brokerId);
  if (input.paidOn > businessDate(now)) throw invalidField('paidOn', brokerMessages.paidOnFuture);
  const payoutId = await db.transaction(async (tx) => {
    const entries = await ledger.lockPendingEntries(tx, brokerId, input.entryIds);
    if (entries.length !== input.entryIds.length) throw conflict(brokerMessages.staleEntries, [{ field: 'entryIds', message: brokerMessages.staleEntries }]);
    const gross = entries.reduce((sum, entry) => sum + signedCents(entry.amount), 0);
    if (gross <= 0) throw invalidField('entryIds', brokerMessages.nothingToPay);
    const figures = payoutFigures(gross, broker);
    return ledger.insertPayout(
      tx,
      {
        brokerId,
        paidOn: input.paidOn,
        reference: input.reference,
        gross: centsToMoney(figures.grossCents),
        iva: centsToMoney(figures.ivaCents),
        isrWithheld: centsToMoney(figures.isrWithheldCents),
        ivaWithheld: centsToMoney(figures.ivaWithheldCents),
        net: centsToMoney(figures.netCents),
        createdBy: actor.id,
      },
      input.entryIds,
    );
  });
  return ensure(await ledger.findPayout(db, payoutId), notFound(brokerMessages.payoutNotFound));
}

/**
 * POST /api/commission-payouts/{id}/reversal: the payout stays with its reason; its entries are
 * Pendiente again, and their policies' entries are brought in line (a take-back entry waiting on
 * the payout may cancel out).
 */
export async function reverseCommissionPayout(db: Db, actor: AuthUser, payoutId: number, reason: string): Promise<CommissionPayout> {
  await db.transaction(async (tx) => {
    const payout = ensure(await ledger.lockPayout(tx, payoutId), notFound(brokerMessages.payoutNotFound));
    ensure(await findBroker(tx, payout.brokerId, actorScope(actor)), notFound(brokerMessages.payoutNotFound));
    if (payout.reversed) throw conflict(brokerMessages.alreadyReversed);
    const policies = await ledger.reversePayout(tx, payoutId, reason, actor.id);
    for (const policyId of policies) await syncPolicyCommissions(tx, policyId);
  });
  return ensure(await ledger.findPayout(db, payoutId), notFound(brokerMessages.payoutNotFound));
}
