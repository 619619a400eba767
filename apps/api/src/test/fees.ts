import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/*
 * Issue 34's shared fixtures: a policy's fee and fee payments written straight into the tables,
 * for the tests of what is built on them (commissions, invoices) — the fee's own rules are tested
 * through its API.
 */

export interface FeeFixture {
  /** Before IVA, two decimals. */
  subtotal: string;
  iva: string;
  total: string;
}

/** A básica at $18,500.00 rent with the portal's defaults: $6,475.00 + $1,036.00 IVA. */
const BASICA_18500: FeeFixture = { subtotal: '6475.00', iva: '1036.00', total: '7511.00' };

/** Gives the policy this fee (replacing a quote it has), nothing collected yet. */
export async function insertPolicyFee(db: Db, policyId: number, fee: FeeFixture = BASICA_18500): Promise<void> {
  await db.execute(sql`
    insert into policy_fees (policy_id, tariff_version, rent_amount, rate_percent, minimum, iva_percent, base_amount, subtotal, iva, total)
    values (${policyId}, 0, '18500.00', '35.00', '3500.00', '16.00', ${fee.subtotal}, ${fee.subtotal}, ${fee.iva}, ${fee.total})
    on conflict (policy_id) do update set subtotal = excluded.subtotal, iva = excluded.iva, total = excluded.total,
      base_amount = excluded.base_amount, discount = 0, collected = 0, state = 'pending'`);
}

/** A fee payment as received (not through the API: no commission or state is updated). Its id. */
export async function insertFeePayment(db: Db, policyId: number, amount: string, receivedOn: string, method = 'transfer'): Promise<number> {
  const result = await db.execute(sql`
    insert into fee_payments (policy_id, amount, received_on, method) values (${policyId}, ${amount}, ${receivedOn}, ${method}) returning id`);
  return Number(rowsOf<{ id: number }>(result)[0]!.id);
}
