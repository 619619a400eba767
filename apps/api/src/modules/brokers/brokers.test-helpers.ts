import { sql } from 'drizzle-orm';
import type { Broker, Policy } from '@portal/domain';
import { bearer, json, type TestContext } from '../../test/app';
import { insertFeePayment, insertPolicyFee, type FeeFixture } from '../../test/fees';
import { newPolicy, rentOverrides } from '../../test/policies';
import { syncPolicyCommissions } from './index';

/*
 * The brokers' tests' fixtures: a broker through the API, a policy naming them, and fee payments
 * recorded or reversed as the fees module will (the row, then syncPolicyCommissions in the same
 * transaction) — until that module's API is merged.
 */

let names = 0;

export async function createBroker(ctx: TestContext, token: string, body: Record<string, unknown> = {}): Promise<Broker> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/brokers', headers: bearer(token), payload: { kind: 'inmobiliaria', name: `Inmobiliaria ${process.pid}-${++names}`, ...body } });
  if (response.statusCode !== 201) throw new Error(`broker create failed ${response.statusCode}: ${response.body}`);
  return json<Broker>(response);
}

/** A policy of the token's branch naming `brokerId` as its inmobiliaria, with a fee (a básica at $18,500 by default). */
export async function policyWithBroker(ctx: TestContext, token: string, brokerId: number | null, fee?: FeeFixture): Promise<Policy> {
  const policy = await newPolicy(ctx, { token, overrides: rentOverrides({ realEstate: true, realEstateInfo: { name: brokerId ? '' : 'Texto libre', agent: 'Pedro', brokerId } }) });
  await insertPolicyFee(ctx.testDb.database.db, policy.id, fee);
  return policy;
}

/** A fee payment recorded as the fees module will record it: the row, then the commissions' sync. */
export async function recordFeePayment(ctx: TestContext, policyId: number, amount: string, receivedOn: string): Promise<number> {
  const db = ctx.testDb.database.db;
  const id = await insertFeePayment(db, policyId, amount, receivedOn);
  await db.transaction((tx) => syncPolicyCommissions(tx, policyId));
  return id;
}

/** A fee payment reversed (at `at`) as the fees module reverses it. */
export async function reverseFeePayment(ctx: TestContext, paymentId: number, at = new Date()): Promise<void> {
  const db = ctx.testDb.database.db;
  await db.transaction(async (tx) => {
    const result = await tx.execute(sql`insert into fee_payment_reversals (payment_id, reason, created_at) values (${paymentId}, 'Cheque devuelto', ${at.toISOString()}) returning (select policy_id from fee_payments where id = ${paymentId}) as "policyId"`);
    const policyId = Number((result as unknown as { rows: Array<{ policyId: number }> }).rows[0]!.policyId);
    await syncPolicyCommissions(tx, policyId);
  });
}

export interface EntryRow {
  id: number;
  brokerId: number;
  feePaymentId: number | null;
  earnedOn: string;
  amount: string;
  payoutId: number | null;
}

/** The policy's commission entries as stored, oldest first. */
export async function entriesOf(ctx: TestContext, policyId: number): Promise<EntryRow[]> {
  const result = await ctx.testDb.database.db.execute(sql`
    select id, broker_id as "brokerId", fee_payment_id as "feePaymentId", earned_on::text as "earnedOn", amount::text as amount, payout_id as "payoutId"
      from commission_entries where policy_id = ${policyId} order by id`);
  return (result as unknown as { rows: EntryRow[] }).rows.map((row) => ({ ...row, id: Number(row.id), brokerId: Number(row.brokerId), payoutId: row.payoutId === null ? null : Number(row.payoutId) }));
}
