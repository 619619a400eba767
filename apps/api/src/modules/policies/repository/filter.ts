import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PolicySort, PolicyStatus, PolicyType } from '@portal/domain';
import { businessTimeZone } from '@portal/domain';
import { policies, rentArrears } from '../../../db/schema/index';
import { inBranchScope } from '../../../db/scope';
import { containsPattern, prefixPattern } from '../../../db/sql-search';
import type { BranchScope } from '../../../lib/branch-scope';
import type { SearchAfter } from '../search-cursor';

// --- which policies a read selects, and in which keyset order ---------------------------------

/** Which policies a read selects; every field left out selects all. */
export interface PolicyFilter {
  scope?: BranchScope;
  id?: number;
  ids?: number[];
  status?: PolicyStatus | undefined;
  /** Folded (foldForSearch) text that search_text must contain (a folio fragment: the folio must start with). */
  text?: string | undefined;
  type?: PolicyType | undefined;
  /** The user who created the policy (the list's agent filter). */
  userId?: number | undefined;
  /** Calendar days (yyyy-MM-dd) of creation in Mexico City, both included. */
  createdFrom?: string | null | undefined;
  createdTo?: string | null | undefined;
  /** Only policies with a month En mora (their row in rent_arrears, issue 32). */
  inArrears?: boolean | undefined;
}

export function filterSql(filter: PolicyFilter): SQL | undefined {
  return and(
    filter.scope ? inBranchScope(policies.branchId, filter.scope) : undefined,
    filter.id === undefined ? undefined : eq(policies.id, filter.id),
    filter.ids === undefined ? undefined : inArray(policies.id, filter.ids),
    filter.status === undefined ? undefined : eq(policies.status, filter.status),
    filter.text ? textMatch(filter.text) : undefined,
    filter.type === undefined ? undefined : eq(policies.policyType, filter.type),
    filter.userId === undefined ? undefined : eq(policies.userId, filter.userId),
    filter.createdFrom ? sql`${policies.createdAt} >= ${businessDayStart(filter.createdFrom, 0)}` : undefined,
    filter.createdTo ? sql`${policies.createdAt} < ${businessDayStart(filter.createdTo, 1)}` : undefined,
    filter.inArrears ? sql`exists (select 1 from ${rentArrears} a where a.policy_id = ${policies.id})` : undefined,
  );
}

/** A folded text that starts like a folio (INV-ddMMyyyy-HHmm-NNN). */
const folioStart = /^inv-/;

/**
 * A folio fragment ('inv-1511…') is the start of a folio: looked up as a prefix in the folio's
 * own index (pattern ops, migration 0010) — in the trigram index 'inv' and 'nv-' are in every
 * row, which cost 50 ms at 1,000,000 policies (issue 13). Any other text: contained anywhere in
 * search_text, through its trigram index.
 */
function textMatch(text: string): SQL {
  return folioStart.test(text)
    ? sql`${policies.investigationId} like ${prefixPattern(text.toUpperCase())}`
    : sql`${policies.searchText} like ${containsPattern(text)}`;
}

/**
 * The instant a Mexico City calendar day (plus `days`) starts, as a constant expression: the
 * range then bounds the (…, created_at, id) indexes' scans like any other value.
 */
function businessDayStart(day: string, days: 0 | 1): SQL {
  return sql`((${day}::date + ${days}::int)::timestamp at time zone ${businessTimeZone})`;
}

/**
 * Rows after a keyset position in a sort's order (newest first by default); all rows for null.
 * The status sort's position is (status, created_at, id), statuses in their lifecycle order
 * (the enum's), newest first within each status.
 */
export function positionAfter(after: SearchAfter | null, order: PolicySort = 'newest'): SQL | undefined {
  if (!after) return undefined;
  const instant = sql`(${after.createdAt.toISOString()}::timestamptz, ${after.id})`;
  if (order === 'oldest') return sql`(${policies.createdAt}, ${policies.id}) > ${instant}`;
  const newer = sql`(${policies.createdAt}, ${policies.id}) < ${instant}`;
  if (order === 'newest' || !after.status) return newer;
  const status = sql`${after.status}::policy_status`;
  return sql`(${policies.status} > ${status} or (${policies.status} = ${status} and ${newer}))`;
}

/** A sort's ORDER BY: the keyset order positionAfter continues. */
export function orderFor(order: PolicySort): SQL[] {
  if (order === 'oldest') return [asc(policies.createdAt), asc(policies.id)];
  const newest = [desc(policies.createdAt), desc(policies.id)];
  return order === 'status' ? [asc(policies.status), ...newest] : newest;
}
