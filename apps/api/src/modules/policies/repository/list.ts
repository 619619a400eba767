import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DashboardStats, PolicyAgent, PolicySort, PolicyStatus, PolicySummary } from '@portal/domain';
import { emptyDashboardStats, policyStatuses } from '@portal/domain';
import { statementName, type Executor } from '../../../db/client';
import { cappedCount, cappedCountSql, toCappedTotal, type CappedTotal } from '../../../db/capped-count';
import { policies, policyStatusCounts, users } from '../../../db/schema/index';
import { inBranchScope } from '../../../db/scope';
import type { BranchScope } from '../../../lib/branch-scope';
import type { SearchAfter } from '../search-cursor';
import { policySummaryJson } from '../summary-json';
import { filterSql, orderFor, positionAfter, type PolicyFilter } from './filter';

// --- the list ------------------------------------------------------------------------------------

export interface SummarySearch {
  /** Branch, status, text, type, agent and dates; the cursor's position comes separately. */
  filter: PolicyFilter;
  order: PolicySort;
  after: SearchAfter | null;
  limit: number;
}

const summaryColumns = {
  id: policies.id,
  investigationId: policies.investigationId,
  policyNumber: policies.policyNumber,
  status: policies.status,
  policyType: policies.policyType,
  branchId: policies.branchId,
  tenantNames: policies.tenantNames,
  guarantorNames: policies.guarantorNames,
  // Written out in full: drizzle leaves columns unqualified inside sql``, which a subquery would misread.
  firstGuarantorId: sql<number | null>`(select g.id from guarantors g where g.policy_id = policies.id order by g.position limit 1)`,
  ownerName: policies.ownerName,
  street: policies.street,
  exteriorNumber: policies.exteriorNumber,
  colony: policies.colony,
  municipality: policies.municipality,
  deliveryDate: policies.deliveryDate,
  contractStartDate: policies.startDate,
  endDate: policies.endDate,
  renewedToPolicyId: policies.renewedToPolicyId,
  createdAt: policies.createdAt,
  updatedAt: policies.updatedAt,
};

/** What an export adds to the list's row: who created the policy. */
const exportColumns = {
  ...summaryColumns,
  userId: policies.userId,
  agentName: sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = policies.user_id)`,
};

type SummaryRow = Omit<PolicySummary, 'propertyAddress' | 'createdAt' | 'updatedAt'> & {
  street: string;
  exteriorNumber: string;
  colony: string;
  municipality: string;
  createdAt: Date;
  updatedAt: Date;
};

/** How many policies match, counted up to the cap (a short search may match most of a branch). */
function countPolicies(db: Executor, filter: PolicyFilter): Promise<CappedTotal> {
  return cappedCount(db, matchingPolicies(db, filter));
}

function matchingPolicies(db: Executor, filter: PolicyFilter) {
  return db.select({ one: sql`1` }).from(policies).where(filterSql(filter));
}

/** The sum of the status counters of a branch (all when undefined) and status (any when undefined). */
function statusCountersTotal(db: Executor, scope: { branchId: number | undefined; status: PolicyStatus | undefined }) {
  return db
    .select({ total: sql<number>`coalesce(sum(${policyStatusCounts.total}), 0)::int` })
    .from(policyStatusCounts)
    .where(
      and(
        scope.branchId === undefined ? undefined : eq(policyStatusCounts.branchId, scope.branchId),
        scope.status === undefined ? undefined : eq(policyStatusCounts.status, scope.status),
      ),
    );
}

/** Where a search's total comes from: its matches up to the cap (a text), or the status counters. */
export type TotalFrom = 'matches' | 'counters';

/** A search's total in a statement of its own (a page that came back empty carries none). */
export async function countSearchTotal(db: Executor, filter: PolicyFilter, totalFrom: TotalFrom): Promise<CappedTotal> {
  if (totalFrom === 'matches') return countPolicies(db, filter);
  return { total: await countFromStatusCounts(db, { branchId: filter.scope?.branchId, status: filter.status }), totalIsCapped: false };
}

/**
 * Whether a search's statement may be prepared once per connection and its plan reused (issue 30):
 * branch, status, type and agent are equalities whose best plan is the same whatever the value
 * (an index walked in the sort's order), and planning was a third of PostgreSQL's time for such a
 * page. A text or a date range is planned for its values every time: how many rows match decides
 * between walking the index and taking the matches from the trigram index.
 */
function plannedOnce(filter: PolicyFilter): boolean {
  return !filter.text && !filter.createdFrom && !filter.createdTo;
}

/**
 * The sort's keys with `LIMIT n` written after the last one, instead of drizzle's `.limit(n)`,
 * which sends n as a parameter: PostgreSQL plans a parameter LIMIT as if it read a tenth of the
 * table, so it judged the reusable plan (the same index walk) many times dearer than a fresh one
 * and planned every search again. `limit` is the validated page size, an integer.
 */
function withLimit(keys: SQL[], limit: number): SQL[] {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`page limit ${limit}`);
  return [...keys.slice(0, -1), sql`${keys.at(-1)} limit ${sql.raw(String(limit))}`];
}

/** A row of a search's page: its JSON (summary-json.ts) and where it stands in the sort (the cursor). */
export interface SummaryJsonRow {
  json: string;
  createdAt: Date;
  id: number;
  status: PolicyStatus;
}

/**
 * One page, newest first, in the order of the (branch_id, [status,] created_at, id) indexes, each
 * row as the JSON the API sends (built by PostgreSQL), and its total in the same statement, one
 * round trip (issue 13): the total is an uncorrelated scalar subquery, so PostgreSQL computes it
 * once and repeats it on every row. With a text it counts the matches up to the cap (as
 * countPolicies); without one it sums the status counters (as countFromStatusCounts). An empty
 * page carries no total: the caller counts apart.
 */
export async function findSummaryPage(
  db: Executor,
  search: SummarySearch,
  totalFrom: TotalFrom,
): Promise<{ rows: SummaryJsonRow[]; total: CappedTotal | undefined }> {
  const { filter, order, after, limit } = search;
  const totalSql =
    totalFrom === 'matches'
      ? cappedCountSql(matchingPolicies(db, filter))
      : sql<number>`(${statusCountersTotal(db, { branchId: filter.scope?.branchId, status: filter.status })})`;
  const query = db
    .select({ json: sql<string>`${sql.raw(policySummaryJson)}`, createdAt: policies.createdAt, id: policies.id, status: policies.status, pageTotal: totalSql })
    .from(policies)
    .where(and(filterSql(filter), positionAfter(after, order)))
    .orderBy(...withLimit(orderFor(order), limit));
  const rows = await (plannedOnce(filter) ? query.prepare(statementName('policy_search', query.toSQL().sql)).execute() : query);
  const first = rows[0];
  if (!first) return { rows: [], total: undefined };
  const count = Number(first.pageTotal);
  const total = totalFrom === 'counters' ? { total: count, totalIsCapped: false } : toCappedTotal(count);
  return { rows: rows.map(({ pageTotal: _total, ...row }) => row), total };
}

export type ExportRow = SummaryRow & { userId: number | null; agentName: string | null };

/** One batch of an export: the list's rows (and who created each) after `after`, in the sort's order. */
export async function findExportBatch(db: Executor, search: SummarySearch): Promise<ExportRow[]> {
  const { filter, order, after, limit } = search;
  return db
    .select(exportColumns)
    .from(policies)
    .where(and(filterSql(filter), positionAfter(after, order)))
    .orderBy(...orderFor(order))
    .limit(limit);
}

/** The users of a branch (all when undefined), by name: the list's agent filter. */
export async function listAgents(db: Executor, scope: BranchScope): Promise<PolicyAgent[]> {
  const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  return db
    .select({ id: users.id, name })
    .from(users)
    .where(inBranchScope(users.branchId, scope))
    .orderBy(asc(name), asc(users.id));
}

/**
 * The number of policies of a branch (all branches when undefined) and status (any when
 * undefined), from the counters the triggers on `policies` keep: ten rows at most, however many
 * policies there are. Exactly count(*) of the same rows.
 */
async function countFromStatusCounts(db: Executor, scope: { branchId: number | undefined; status: PolicyStatus | undefined }): Promise<number> {
  const [row] = await statusCountersTotal(db, scope);
  return row?.total ?? 0;
}

/** The dashboard's counts of a branch, or of every branch (undefined): a sum of the counters. */
export async function countByStatus(db: Executor, branchId: number | undefined): Promise<DashboardStats> {
  const rows = await db
    .select({ status: policyStatusCounts.status, total: sql<number>`sum(${policyStatusCounts.total})::int` })
    .from(policyStatusCounts)
    .where(branchId === undefined ? undefined : eq(policyStatusCounts.branchId, branchId))
    .groupBy(policyStatusCounts.status);
  const stats = { ...emptyDashboardStats };
  for (const row of rows) if (policyStatuses.includes(row.status)) stats[row.status] = Number(row.total);
  return stats;
}
