import { sql } from 'drizzle-orm';
import { centsToMoney, moneyToCents } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import type { PaidEntryFact, PaymentFact, PlannedEntry } from '../commission-plan';

/** The commission entries' SQL (issue 34): the facts a policy's sync reads, and its writes. */

/** '-12.50' → -1250. */
export const signedCents = (money: string): number => (money.startsWith('-') ? -1 : 1) * (moneyToCents(money.replace(/^-/, '')) ?? 0);

export interface PolicyFeeFacts {
  subtotalCents: number;
  totalCents: number;
  brokerId: number | null;
  /** The broker's percent, else the branch's. */
  percent: string;
}

/**
 * The policy's fee (locked: one sync at a time per policy), its broker now and the percent that
 * applies; null when the policy has no fee.
 */
export async function lockPolicyFeeFacts(db: Executor, policyId: number): Promise<PolicyFeeFacts | null> {
  const [fee] = rowsOf<{ subtotal: string; total: string }>(
    await db.execute(sql`select subtotal::text as subtotal, total::text as total from policy_fees where policy_id = ${policyId} for update`),
  );
  if (!fee) return null;
  const [broker] = rowsOf<{ brokerId: number | null; percent: string }>(
    await db.execute(sql`
      select r.broker_id as "brokerId", coalesce(b.commission_percent, br.commission_percent)::text as percent
        from policies p
        join branches br on br.id = p.branch_id
        left join properties pr on pr.policy_id = p.id
        left join rents r on r.property_id = pr.id
        left join brokers b on b.id = r.broker_id
       where p.id = ${policyId}
       limit 1`),
  );
  return {
    subtotalCents: signedCents(fee.subtotal),
    totalCents: signedCents(fee.total),
    brokerId: broker?.brokerId ?? null,
    percent: Number.parseFloat(broker?.percent ?? '0').toFixed(2),
  };
}

export async function paymentFacts(db: Executor, policyId: number): Promise<PaymentFact[]> {
  const rows = rowsOf<{ id: number; amount: string; receivedOn: string; reversedOn: string | null }>(
    await db.execute(sql`
      select fp.id, fp.amount::text as amount, fp.received_on::text as "receivedOn",
             (rv.created_at at time zone 'America/Mexico_City')::date::text as "reversedOn"
        from fee_payments fp
        left join fee_payment_reversals rv on rv.payment_id = fp.id
       where fp.policy_id = ${policyId}
       order by fp.received_on, fp.id`),
  );
  return rows.map((row) => ({ id: Number(row.id), amountCents: signedCents(row.amount), receivedOn: row.receivedOn, reversedOn: row.reversedOn }));
}

export interface StoredEntry extends PaidEntryFact {
  id: number;
  earnedOn: string;
  note: string;
  payoutId: number | null;
}

/** The policy's entries, locked for the sync's rewrite. */
export async function lockPolicyEntries(db: Executor, policyId: number): Promise<StoredEntry[]> {
  const rows = rowsOf<{ id: number; brokerId: number; feePaymentId: number | null; earnedOn: string; base: string; percent: string; amount: string; note: string; payoutId: number | null }>(
    await db.execute(sql`
      select id, broker_id as "brokerId", fee_payment_id as "feePaymentId", earned_on::text as "earnedOn", base::text as base,
             percent::text as percent, amount::text as amount, note, payout_id as "payoutId"
        from commission_entries where policy_id = ${policyId} order by id for update`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    brokerId: Number(row.brokerId),
    feePaymentId: row.feePaymentId === null ? null : Number(row.feePaymentId),
    earnedOn: row.earnedOn,
    baseCents: signedCents(row.base),
    percent: Number.parseFloat(row.percent).toFixed(2),
    amountCents: signedCents(row.amount),
    note: row.note,
    payoutId: row.payoutId === null ? null : Number(row.payoutId),
  }));
}

export async function deleteEntries(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from commission_entries where payout_id is null and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

export async function insertEntries(db: Executor, policyId: number, entries: PlannedEntry[]): Promise<void> {
  for (const entry of entries) {
    await db.execute(sql`
      insert into commission_entries (broker_id, policy_id, fee_payment_id, earned_on, base, percent, amount, note)
      values (${entry.brokerId}, ${policyId}, ${entry.feePaymentId}, ${entry.earnedOn}, ${centsToMoney(entry.baseCents)}, ${entry.percent}, ${centsToMoney(entry.amountCents)}, ${entry.note})`);
  }
}
