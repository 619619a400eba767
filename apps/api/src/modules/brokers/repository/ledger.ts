import { sql, type SQL } from 'drizzle-orm';
import { centsToMoney, formatAddress, type CommissionPayout, type CommissionState } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { signedCents } from './commissions';

/*
 * A broker's commission entries and payouts (issue 34): what the broker's page, the payout and
 * the statement read. The broker is already known to be in the actor's scope (the service read
 * it through the directory's scoped SQL).
 */

/** The policy's folio, tenants and address beside a row that has `policy_id` (as x). */
export const policyColumns = sql`
  coalesce(nullif(p.policy_number, ''), p.investigation_id) as folio,
  array_to_string(p.tenant_names, ', ') as "tenantNames",
  pr.street, pr.exterior_number as "exteriorNumber", pr.interior_number as "interiorNumber", pr.colony,
  pr.municipality, pr.state, pr.zip_code as "zipCode"`;
export const policyJoins = sql`join policies p on p.id = x.policy_id left join properties pr on pr.policy_id = p.id`;

export interface PolicyFacts {
  folio: string;
  tenantNames: string;
  street: string | null;
  exteriorNumber: string | null;
  interiorNumber: string | null;
  colony: string | null;
  municipality: string | null;
  state: string | null;
  zipCode: string | null;
}

/** 'Calle 12 Int. 3, Colonia, …' as the other reports show it; '' when the policy has no address yet. */
export function addressOf(row: PolicyFacts): string {
  if (!row.street) return '';
  return formatAddress({
    street: row.street,
    exteriorNumber: row.exteriorNumber ?? '',
    interiorNumber: row.interiorNumber ?? '',
    colony: row.colony ?? '',
    municipality: row.municipality ?? '',
    state: row.state ?? '',
    zipCode: row.zipCode ?? '',
  });
}

export interface EntryRecord extends PolicyFacts {
  id: number;
  policyId: number;
  feePaymentId: number | null;
  earnedOn: string;
  base: string;
  percent: string;
  amount: string;
  note: string;
  payoutId: number | null;
  paidOn: string | null;
  reference: string | null;
}

export async function brokerEntries(db: Executor, brokerId: number, state: CommissionState | undefined): Promise<EntryRecord[]> {
  const stateCondition = state === 'pending' ? sql`x.payout_id is null` : state === 'paid' ? sql`x.payout_id is not null` : sql`true`;
  const rows = rowsOf<EntryRecord>(
    await db.execute(sql`
      select x.id, x.policy_id as "policyId", x.fee_payment_id as "feePaymentId", x.earned_on::text as "earnedOn", x.base::text as base,
             x.percent::text as percent, x.amount::text as amount, x.note, x.payout_id as "payoutId",
             cp.paid_on::text as "paidOn", cp.reference, ${policyColumns}
        from commission_entries x ${policyJoins}
        left join commission_payouts cp on cp.id = x.payout_id
       where x.broker_id = ${brokerId} and ${stateCondition}
       order by x.earned_on desc, x.id desc
       limit 2000`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), policyId: Number(row.policyId), payoutId: row.payoutId === null ? null : Number(row.payoutId) }));
}

/** Pending and paid totals of all the broker's entries. */
export async function brokerTotals(db: Executor, brokerId: number): Promise<{ pending: string; paid: string }> {
  const [row] = rowsOf<{ pending: string; paid: string }>(
    await db.execute(sql`
      select coalesce(sum(amount) filter (where payout_id is null), 0)::numeric(14,2)::text as pending,
             coalesce(sum(amount) filter (where payout_id is not null), 0)::numeric(14,2)::text as paid
        from commission_entries where broker_id = ${brokerId}`),
  );
  return { pending: centsToMoney(signedCents(row?.pending ?? '0')), paid: centsToMoney(signedCents(row?.paid ?? '0')) };
}

const payoutSelect = (where: SQL) => sql`
  select cp.id, cp.broker_id as "brokerId", cp.paid_on::text as "paidOn", cp.reference, cp.gross::text as gross, cp.iva::text as iva,
         cp.isr_withheld::text as "isrWithheld", cp.iva_withheld::text as "ivaWithheld", cp.net::text as net,
         (select count(*)::int from commission_entries e where e.payout_id = cp.id) as "entryCount",
         coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), '') as "createdBy",
         to_char(cp.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
         rv.reason as "reversalReason", coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), '') as "reversedBy",
         to_char(rv.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "reversedAt"
    from commission_payouts cp
    left join users u on u.id = cp.created_by
    left join commission_payout_reversals rv on rv.payout_id = cp.id
    left join users ru on ru.id = rv.reversed_by
   where ${where}
   order by cp.paid_on desc, cp.id desc`;

type PayoutRow = Omit<CommissionPayout, 'reversal'> & { reversalReason: string | null; reversedBy: string; reversedAt: string | null };

function toPayout(row: PayoutRow): CommissionPayout {
  const { reversalReason, reversedBy, reversedAt, ...payout } = row;
  const money = (value: string) => centsToMoney(signedCents(value));
  return {
    ...payout,
    id: Number(payout.id),
    brokerId: Number(payout.brokerId),
    entryCount: Number(payout.entryCount),
    gross: money(payout.gross),
    iva: money(payout.iva),
    isrWithheld: money(payout.isrWithheld),
    ivaWithheld: money(payout.ivaWithheld),
    net: money(payout.net),
    reversal: reversalReason === null ? null : { reason: reversalReason, by: reversedBy, at: reversedAt ?? '' },
  };
}

/** The broker's payouts, newest first; with `month` ('YYYY-MM-DD' bounds) those paid in it. */
export async function brokerPayouts(db: Executor, brokerId: number, between?: { from: string; to: string }): Promise<CommissionPayout[]> {
  const within = between ? sql` and cp.paid_on between ${between.from}::date and ${between.to}::date` : sql``;
  return rowsOf<PayoutRow>(await db.execute(payoutSelect(sql`cp.broker_id = ${brokerId}${within}`))).map(toPayout);
}

export async function findPayout(db: Executor, payoutId: number): Promise<CommissionPayout | null> {
  const [row] = rowsOf<PayoutRow>(await db.execute(payoutSelect(sql`cp.id = ${payoutId}`)));
  return row ? toPayout(row) : null;
}

/** The entries to pay, locked: only the broker's pending ones among `ids` come back. */
export async function lockPendingEntries(db: Executor, brokerId: number, ids: number[]): Promise<Array<{ id: number; amount: string }>> {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  return rowsOf<{ id: number; amount: string }>(
    await db.execute(sql`
      select id, amount::text as amount from commission_entries
       where broker_id = ${brokerId} and payout_id is null and id in (${list})
       order by id for update`),
  );
}

export interface PayoutValues {
  brokerId: number;
  paidOn: string;
  reference: string;
  gross: string;
  iva: string;
  isrWithheld: string;
  ivaWithheld: string;
  net: string;
  createdBy: number;
}

export async function insertPayout(db: Executor, values: PayoutValues, entryIds: number[]): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into commission_payouts (broker_id, paid_on, reference, gross, iva, isr_withheld, iva_withheld, net, created_by)
      values (${values.brokerId}, ${values.paidOn}, ${values.reference}, ${values.gross}, ${values.iva}, ${values.isrWithheld}, ${values.ivaWithheld}, ${values.net}, ${values.createdBy})
      returning id`),
  );
  const id = Number(row!.id);
  await db.execute(sql`update commission_entries set payout_id = ${id} where id in (${sql.join(entryIds.map((entry) => sql`${entry}`), sql`, `)})`);
  return id;
}

/** The payout's broker and whether it was reversed, locked for its reversal. */
export async function lockPayout(db: Executor, payoutId: number): Promise<{ brokerId: number; reversed: boolean } | null> {
  const [row] = rowsOf<{ brokerId: number; reversed: boolean }>(
    await db.execute(sql`
      select cp.broker_id as "brokerId", exists (select 1 from commission_payout_reversals rv where rv.payout_id = cp.id) as reversed
        from commission_payouts cp where cp.id = ${payoutId} for update`),
  );
  return row ? { brokerId: Number(row.brokerId), reversed: Boolean(row.reversed) } : null;
}

/** Records the reversal and frees its entries (back to Pendiente); the policies they were of. */
export async function reversePayout(db: Executor, payoutId: number, reason: string, actorId: number): Promise<number[]> {
  await db.execute(sql`insert into commission_payout_reversals (payout_id, reason, reversed_by) values (${payoutId}, ${reason}, ${actorId})`);
  const freed = rowsOf<{ policyId: number }>(
    await db.execute(sql`update commission_entries set payout_id = null where payout_id = ${payoutId} returning policy_id as "policyId"`),
  );
  return [...new Set(freed.map((row) => Number(row.policyId)))];
}
