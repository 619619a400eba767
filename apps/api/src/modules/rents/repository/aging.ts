import { sql, type SQL } from 'drizzle-orm';
import { agingBucketDays, type AgingBucket, type RentContactKind } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';

/*
 * The aging report (issue 32) reads `rent_arrears`, one row per policy in arrears, by its indexes
 * on (branch, oldest due date): a bucket is a range of oldest due dates, so a page is an index
 * range scan, whatever the number of policies.
 */

export interface AgingFilter {
  /** undefined: every branch (admins). */
  branchId: number | undefined;
  bucket: AgingBucket | undefined;
  today: string;
}

function conditions(filter: AgingFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.branchId !== undefined) parts.push(sql`a.branch_id = ${filter.branchId}`);
  if (filter.bucket) {
    const { min, max } = agingBucketDays[filter.bucket];
    parts.push(sql`a.oldest_due_on <= ${filter.today}::date - ${min}::int`);
    if (max !== null) parts.push(sql`a.oldest_due_on >= ${filter.today}::date - ${max}::int`);
  }
  return sql.join(parts, sql` and `);
}

/** Policies and amounts per bucket (the bucket filter does not apply: the tiles show them all). */
export async function arrearsTotals(db: Executor, filter: AgingFilter): Promise<Array<{ bucket: AgingBucket; policies: number; amount: string }>> {
  const result = await db.execute(sql`
    select case when d <= 30 then '1-30' when d <= 60 then '31-60' when d <= 90 then '61-90' else '90+' end as bucket,
      count(*)::int as policies, sum(amount)::numeric(14,2)::text as amount
    from (select ${filter.today}::date - a.oldest_due_on as d, a.amount from rent_arrears a where ${conditions({ ...filter, bucket: undefined })}) t
    group by 1`);
  return rowsOf<{ bucket: AgingBucket; policies: number; amount: string }>(result).map((row) => ({ ...row, policies: Number(row.policies) }));
}

export interface ArrearsRecord {
  policyId: number;
  policyNumber: string;
  investigationId: string;
  tenantNames: string[];
  branchName: string;
  agentName: string;
  months: number;
  amount: string;
  /** The moratorium interest of its months En mora as of the filter's day ('0.00' when the lease sets none). */
  interest: string;
  oldestDueOn: string;
  lastContactAt: string | null;
  lastContactKind: RentContactKind | null;
}

/*
 * The interest grows every day, so it is computed for the report's day from the policy's months En
 * mora (the primary key's range for one policy) rather than stored in rent_arrears, where it would
 * be a day old after midnight; only the rows of the page or export batch are computed.
 */
const interestOf = (today: string) => sql`(
    select coalesce(sum(rent_late_interest(m.amount_due - m.paid, r.late_interest_monthly_rate, ${today}::date - m.due_on)), 0)::numeric(12,2)::text
    from rent_months m
    join properties pr on pr.policy_id = m.policy_id
    join rents r on r.property_id = pr.id
    where m.policy_id = a.policy_id and m.state = 'overdue' and r.late_interest_monthly_rate is not null)`;

/*
 * The latest contact about the policy's rent, by the policy indexes of the tables it reads: the
 * owner's confirmations, the tenant's proofs and the collection contacts logged on the policy's
 * incidencias (issue 33). At the same instant an answer comes after the question it answers.
 */
const lastContact = sql`left join lateral (
    select x.at, x.kind from (
      select c.last_asked_at as at, 'owner_asked' as kind, 0 as rank from rent_confirmations c where c.policy_id = a.policy_id
      union all
      select c.answered_at, 'owner_answered', 1 from rent_confirmations c where c.policy_id = a.policy_id and c.answered_at is not null
      union all
      select f.created_at, 'tenant_proof', 1 from rent_payment_proofs f where f.policy_id = a.policy_id
      union all
      select k.at, 'claim_contact', 1 from claims cl join claim_contacts k on k.claim_id = cl.id where cl.policy_id = a.policy_id
    ) x order by x.at desc, x.rank desc limit 1) lc on true`;

const selectRows = (filter: AgingFilter, after: SQL, limit: number, offset: number) => sql`
  select a.policy_id as "policyId", p.policy_number as "policyNumber", p.investigation_id as "investigationId", p.tenant_names as "tenantNames",
    b.name as "branchName", coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), '') as "agentName",
    a.months::int as months, a.amount::text as amount, a.oldest_due_on::text as "oldestDueOn",
    ${interestOf(filter.today)} as interest,
    to_char(lc.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastContactAt", lc.kind as "lastContactKind"
  from rent_arrears a
  join policies p on p.id = a.policy_id
  join branches b on b.id = a.branch_id
  left join users u on u.id = p.user_id
  ${lastContact}
  where ${conditions(filter)} and ${after}
  order by a.oldest_due_on, a.policy_id
  limit ${limit} offset ${offset}`;

function records(result: unknown): ArrearsRecord[] {
  return rowsOf<ArrearsRecord>(result).map((row) => ({ ...row, policyId: Number(row.policyId), months: Number(row.months) }));
}

/** One page, the most days late first. */
export async function arrearsPage(db: Executor, filter: AgingFilter, page: number, pageSize: number): Promise<ArrearsRecord[]> {
  return records(await db.execute(selectRows(filter, sql`true`, pageSize, (page - 1) * pageSize)));
}

export async function countArrears(db: Executor, filter: AgingFilter): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as total from rent_arrears a where ${conditions(filter)}`);
  return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
}

/** Every row, a thousand at a time by keyset (an export of the whole report). */
export async function* arrearsBatches(db: Executor, filter: AgingFilter): AsyncIterable<ArrearsRecord[]> {
  let last: ArrearsRecord | undefined;
  for (;;) {
    const after = last ? sql`(a.oldest_due_on, a.policy_id) > (${last.oldestDueOn}::date, ${last.policyId}::int)` : sql`true`;
    const batch = records(await db.execute(selectRows(filter, after, 1000, 0)));
    if (batch.length === 0) return;
    yield batch;
    last = batch.at(-1);
  }
}
