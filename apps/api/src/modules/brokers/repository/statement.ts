import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import { type PolicyFacts, policyColumns, policyJoins } from './ledger';

/*
 * The month's figures per policy of a broker (issue 34): the policies they have entries on or
 * are the broker of, and for each the fee collected in the month (payments standing), the
 * commission earned in it, paid in it (payouts of the month) and owed at its last day.
 */

export interface StatementRecord extends PolicyFacts {
  policyId: number;
  collected: string;
  earned: string;
  paid: string;
  owed: string;
}

export async function statementRecords(db: Executor, brokerId: number, from: string, to: string): Promise<StatementRecord[]> {
  const rows = rowsOf<StatementRecord>(
    await db.execute(sql`
      with pol as (
        select policy_id from commission_entries where broker_id = ${brokerId}
        union
        select pr.policy_id from rents r join properties pr on pr.id = r.property_id where r.broker_id = ${brokerId}
      ), figures as (
        select pol.policy_id,
          (select coalesce(sum(fp.amount), 0) from fee_payments fp
            where fp.policy_id = pol.policy_id and fp.received_on between ${from}::date and ${to}::date
              and not exists (select 1 from fee_payment_reversals rv where rv.payment_id = fp.id)) as collected,
          (select coalesce(sum(e.amount), 0) from commission_entries e
            where e.broker_id = ${brokerId} and e.policy_id = pol.policy_id and e.earned_on between ${from}::date and ${to}::date) as earned,
          (select coalesce(sum(e.amount), 0) from commission_entries e join commission_payouts cp on cp.id = e.payout_id
            where e.broker_id = ${brokerId} and e.policy_id = pol.policy_id and cp.paid_on between ${from}::date and ${to}::date) as paid,
          (select coalesce(sum(e.amount), 0) from commission_entries e left join commission_payouts cp on cp.id = e.payout_id
            where e.broker_id = ${brokerId} and e.policy_id = pol.policy_id and e.earned_on <= ${to}::date and (cp.id is null or cp.paid_on > ${to}::date)) as owed
        from pol
      )
      select x.policy_id as "policyId", x.collected::numeric(14,2)::text as collected, x.earned::numeric(14,2)::text as earned,
             x.paid::numeric(14,2)::text as paid, x.owed::numeric(14,2)::text as owed, ${policyColumns}
        from figures x ${policyJoins}
       where x.collected <> 0 or x.earned <> 0 or x.paid <> 0 or x.owed <> 0
       order by folio, x.policy_id`),
  );
  return rows.map((row) => ({ ...row, policyId: Number(row.policyId) }));
}

export interface ReportRecord {
  brokerId: number;
  name: string;
  kind: 'asesor' | 'inmobiliaria';
  branchName: string;
  earned: string;
  paid: string;
  owed: string;
}

/** 'Comisiones por pagar': per broker of the scope, earned and paid in the month, owed at its end. */
export async function reportRecords(db: Executor, branchId: number | undefined, from: string, to: string): Promise<ReportRecord[]> {
  const scope = branchId === undefined ? sql`true` : sql`b.branch_id = ${branchId}`;
  const rows = rowsOf<ReportRecord>(
    await db.execute(sql`
      select b.id as "brokerId", b.name, b.kind, br.name as "branchName",
        coalesce(sum(e.amount) filter (where e.earned_on between ${from}::date and ${to}::date), 0)::numeric(14,2)::text as earned,
        coalesce(sum(e.amount) filter (where cp.paid_on between ${from}::date and ${to}::date), 0)::numeric(14,2)::text as paid,
        coalesce(sum(e.amount) filter (where e.earned_on <= ${to}::date and (cp.id is null or cp.paid_on > ${to}::date)), 0)::numeric(14,2)::text as owed
        from brokers b
        join branches br on br.id = b.branch_id
        join commission_entries e on e.broker_id = b.id
        left join commission_payouts cp on cp.id = e.payout_id
       where ${scope}
       group by b.id, b.name, b.kind, br.name
      having coalesce(sum(e.amount) filter (where e.earned_on between ${from}::date and ${to}::date), 0) <> 0
          or coalesce(sum(e.amount) filter (where cp.paid_on between ${from}::date and ${to}::date), 0) <> 0
          or coalesce(sum(e.amount) filter (where e.earned_on <= ${to}::date and (cp.id is null or cp.paid_on > ${to}::date)), 0) <> 0
       order by b.name, b.id`),
  );
  return rows.map((row) => ({ ...row, brokerId: Number(row.brokerId) }));
}
