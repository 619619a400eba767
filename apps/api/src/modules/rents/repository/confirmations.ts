import { sql } from 'drizzle-orm';
import { businessTimeZone, rentConfirmationAskAgainDays, type PolicyStatus, type RentConfirmationAnswer, type RentMonthState } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import type { BranchScope } from '../../../lib/branch-scope';

/*
 * The owner's confirmations (issue 32). The daily run finds what to ask in one statement each,
 * whatever the number of policies: the months past their deadline with no confirmation, the
 * confirmations to ask again, those to tell the agent about.
 */

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A month still owed past its deadline, followed here (tracked_from), of a policy in force: `m`, `s` and `p` joined. */
const owedInForce = (today: string) => sql`m.state in ('pending', 'partial', 'overdue') and (m.due_on + m.grace_days) < ${today}::date
  and (m.due_on + m.grace_days) >= s.tracked_from and p.status in ('active', 'expiring')`;

/** What an e-mail to the owner needs about a month. */
export interface AskRow {
  monthId: number;
  policyId: number;
  period: string;
  /** What the month still owes ('18500.00'). */
  owed: string;
  ownerName: string;
  ownerEmail: string;
  branchName: string;
  propertyAddress: string;
}

const askColumns = sql`m.id as "monthId", m.policy_id as "policyId", to_char(m.due_on, 'YYYY-MM') as period,
  (m.amount_due - m.paid)::numeric(12,2)::text as owed, o.name as "ownerName", trim(o.email) as "ownerEmail", b.name as "branchName",
  concat_ws(', ', nullif(trim(concat_ws(' ', pr.street, pr.exterior_number)), ''), nullif(trim(pr.colony), '')) as "propertyAddress"`;

const askJoins = sql`join rent_schedules s on s.policy_id = m.policy_id
  join policies p on p.id = m.policy_id
  join branches b on b.id = p.branch_id
  join properties pr on pr.policy_id = p.id
  join property_owners o on o.property_id = pr.id`;

const asked = (result: unknown) => rowsOf<AskRow>(result).map((row) => ({ ...row, monthId: Number(row.monthId), policyId: Number(row.policyId) }));

/** The months to ask about for the first time: owed past their deadline, the owner has an e-mail, never asked. */
export async function monthsToAsk(db: Executor, today: string): Promise<AskRow[]> {
  const result = await db.execute(sql`
    select ${askColumns}
    from rent_months m ${askJoins}
    where ${owedInForce(today)} and trim(o.email) <> ''
      and not exists (select 1 from rent_confirmations c where c.month_id = m.id)
    order by m.policy_id, m.seq`);
  return asked(result);
}

/** Writes the first asks; answers the months written (one already open, by a staff link meanwhile, is left alone). */
export async function insertConfirmations(db: Executor, rows: Array<{ monthId: number; policyId: number; tokenHash: string }>, now: Date, expiresAt: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map((row) => sql`(${row.monthId}::int, ${row.policyId}::int, ${row.tokenHash}, ${iso(expiresAt)}, ${iso(now)})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into rent_confirmations (month_id, policy_id, token_hash, expires_at, last_asked_at)
    values ${values}
    on conflict (month_id) where answered_at is null do nothing
    returning month_id as "monthId"`);
  return rowsOf<{ monthId: number }>(result).map((row) => Number(row.monthId));
}

/** Asked once, unanswered for `rentConfirmationAskAgainDays` days (Mexico City's calendar), the month still owed. */
export async function confirmationsToAskAgain(db: Executor, today: string): Promise<Array<AskRow & { confirmationId: number }>> {
  const result = await db.execute(sql`
    select c.id as "confirmationId", ${askColumns}
    from rent_confirmations c join rent_months m on m.id = c.month_id ${askJoins}
    where c.answered_at is null and c.escalated_at is null and c.asked_count = 1
      and (c.last_asked_at at time zone ${businessTimeZone})::date <= ${today}::date - ${rentConfirmationAskAgainDays}::int
      and ${owedInForce(today)} and trim(o.email) <> ''
    order by c.id`);
  return rowsOf<AskRow & { confirmationId: number }>(result).map((row) => ({ ...row, confirmationId: Number(row.confirmationId), monthId: Number(row.monthId), policyId: Number(row.policyId) }));
}

/** A fresh token for each open confirmation named (the old link stops opening); answers the ones changed. */
export async function refreshTokens(db: Executor, rows: Array<{ id: number; tokenHash: string }>, now: Date, expiresAt: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::int, ${row.tokenHash})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update rent_confirmations c set token_hash = v.token_hash, asked_count = c.asked_count + 1, last_asked_at = ${iso(now)}, expires_at = ${iso(expiresAt)}
    from (values ${values}) as v(id, token_hash)
    where c.id = v.id and c.answered_at is null
    returning c.id`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

export interface UnansweredRow {
  confirmationId: number;
  policyId: number;
  period: string;
  ownerName: string;
}

/** Asked twice and still unanswered after the days of waiting, the month still owed: marked told (once) and answered for the notices. */
export async function escalateUnanswered(db: Executor, today: string, now: Date): Promise<UnansweredRow[]> {
  const result = await db.execute(sql`
    update rent_confirmations c set escalated_at = ${iso(now)}
    from rent_months m ${askJoins}
    where m.id = c.month_id and c.answered_at is null and c.escalated_at is null and c.asked_count >= 2
      and (c.last_asked_at at time zone ${businessTimeZone})::date <= ${today}::date - ${rentConfirmationAskAgainDays}::int
      and ${owedInForce(today)}
    returning c.id as "confirmationId", c.policy_id as "policyId", to_char(m.due_on, 'YYYY-MM') as period, o.name as "ownerName"`);
  return rowsOf<UnansweredRow>(result).map((row) => ({ ...row, confirmationId: Number(row.confirmationId), policyId: Number(row.policyId) }));
}

// --- the owner's link ------------------------------------------------------------------------------

export interface ConfirmationRecord {
  id: number;
  monthId: number;
  policyId: number;
  policyStatus: PolicyStatus;
  period: string;
  owed: string;
  monthState: RentMonthState;
  answeredAt: Date | null;
  answer: RentConfirmationAnswer | null;
  ownerName: string;
  propertyAddress: string;
  branchName: string;
}

/** The confirmation a token opens, while it has not expired. */
export async function findByTokenHash(db: Executor, tokenHash: string, now: Date): Promise<ConfirmationRecord | undefined> {
  const result = await db.execute(sql`
    select c.id, c.month_id as "monthId", c.policy_id as "policyId", p.status as "policyStatus", to_char(m.due_on, 'YYYY-MM') as period,
      greatest(m.amount_due - m.paid, 0)::numeric(12,2)::text as owed, m.state as "monthState", c.answered_at as "answeredAt", c.answer,
      coalesce(o.name, '') as "ownerName", b.name as "branchName",
      coalesce(concat_ws(', ', nullif(trim(concat_ws(' ', pr.street, pr.exterior_number)), ''), nullif(trim(pr.colony), '')), '') as "propertyAddress"
    from rent_confirmations c
    join rent_months m on m.id = c.month_id
    join policies p on p.id = c.policy_id
    join branches b on b.id = p.branch_id
    left join properties pr on pr.policy_id = p.id
    left join property_owners o on o.property_id = pr.id
    where c.token_hash = ${tokenHash} and c.expires_at > ${iso(now)}`);
  const [row] = rowsOf<Omit<ConfirmationRecord, 'answeredAt'> & { answeredAt: Date | string | null }>(result);
  if (!row) return undefined;
  return { ...row, id: Number(row.id), monthId: Number(row.monthId), policyId: Number(row.policyId), answeredAt: row.answeredAt === null ? null : new Date(row.answeredAt) };
}

/** Records the answer once: false when it was answered already (a second press, another tab). */
export async function markAnswered(db: Executor, id: number, answer: RentConfirmationAnswer, partialAmount: string | null, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    update rent_confirmations set answered_at = ${iso(now)}, answer = ${answer}::rent_confirmation_answer, partial_amount = ${partialAmount}::numeric
    where id = ${id} and answered_at is null
    returning id`);
  return rowsOf(result).length === 1;
}

/** The owner did not receive it: the month is En mora now, and its policy's arrears row follows. */
export async function markMonthOverdue(db: Executor, monthId: number, policyId: number): Promise<void> {
  await db.execute(sql`update rent_months set state = 'overdue' where id = ${monthId} and state in ('pending', 'partial', 'overdue')`);
  await db.execute(sql`select rent_arrears_refresh(array[${policyId}::int])`);
}

// --- staff -----------------------------------------------------------------------------------------

export interface ConfirmationSummary {
  monthId: number;
  askedCount: number;
  askedAt: Date;
  answeredAt: Date | null;
  answer: RentConfirmationAnswer | null;
}

/** Each month's latest confirmation, for the ledger. */
export async function loadConfirmations(db: Executor, policyId: number): Promise<ConfirmationSummary[]> {
  const result = await db.execute(sql`
    select distinct on (month_id) month_id as "monthId", asked_count as "askedCount", last_asked_at as "askedAt", answered_at as "answeredAt", answer
    from rent_confirmations where policy_id = ${policyId}
    order by month_id, id desc`);
  type Row = Omit<ConfirmationSummary, 'askedAt' | 'answeredAt'> & { askedAt: Date | string; answeredAt: Date | string | null };
  return rowsOf<Row>(result).map((row) => ({
    ...row,
    monthId: Number(row.monthId),
    askedCount: Number(row.askedCount),
    askedAt: new Date(row.askedAt),
    answeredAt: row.answeredAt === null ? null : new Date(row.answeredAt),
  }));
}

export interface LinkMonth {
  monthId: number;
  policyId: number;
  policyStatus: PolicyStatus;
  period: string;
  dueOn: string;
  graceDays: number;
  owed: string;
  state: RentMonthState;
  ownerMobile: string;
  ownerPhone: string;
}

/** A month of a policy the actor may reach (another branch's is not found). */
export async function findLinkMonth(db: Executor, monthId: number, scope: BranchScope): Promise<LinkMonth | undefined> {
  const branchFilter = scope.branchId === undefined ? sql`true` : sql`p.branch_id = ${scope.branchId}`;
  const result = await db.execute(sql`
    select m.id as "monthId", m.policy_id as "policyId", p.status as "policyStatus", to_char(m.due_on, 'YYYY-MM') as period, m.due_on::text as "dueOn",
      m.grace_days::int as "graceDays", greatest(m.amount_due - m.paid, 0)::numeric(12,2)::text as owed, m.state,
      coalesce(o.mobile, '') as "ownerMobile", coalesce(o.phone, '') as "ownerPhone"
    from rent_months m
    join policies p on p.id = m.policy_id
    left join properties pr on pr.policy_id = p.id
    left join property_owners o on o.property_id = pr.id
    where m.id = ${monthId} and ${branchFilter}`);
  const [row] = rowsOf<LinkMonth>(result);
  return row ? { ...row, monthId: Number(row.monthId), policyId: Number(row.policyId), graceDays: Number(row.graceDays) } : undefined;
}

/** A fresh token for the month's open confirmation, or a new one when none is open. */
export async function reissueConfirmation(db: Executor, link: { monthId: number; policyId: number; tokenHash: string }, now: Date, expiresAt: Date): Promise<void> {
  const result = await db.execute(sql`
    update rent_confirmations set token_hash = ${link.tokenHash}, asked_count = asked_count + 1, last_asked_at = ${iso(now)}, expires_at = ${iso(expiresAt)}
    where month_id = ${link.monthId} and answered_at is null
    returning id`);
  if (rowsOf(result).length > 0) return;
  await db.execute(sql`
    insert into rent_confirmations (month_id, policy_id, token_hash, expires_at, last_asked_at)
    values (${link.monthId}, ${link.policyId}, ${link.tokenHash}, ${iso(expiresAt)}, ${iso(now)})`);
}
