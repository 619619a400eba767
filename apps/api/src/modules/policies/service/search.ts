import type { z } from 'zod';
import {
  foldForSearch,
  policyMessages,
  type DashboardStats,
  type PolicyAgent,
  type PolicySearchResult,
  type policyExportQuerySchema,
  type policySearchQuerySchema,
} from '@portal/domain';
import type { Db } from '../../../db/client';
import { invalidField } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { keysetBatches } from '../../../lib/keyset-batches';
import { JsonText } from '../../../lib/json-text';
import type { PolicyFilter } from '../repository/filter';
import * as repo from '../repository/list';
import { decodeSearchCursor, encodeSearchCursor, type SearchAfter } from '../search-cursor';
import type { SearchPages } from '../search-pages';
import { listBranch } from './scope';

// --- the list: search, export, dashboard and agents --------------------------------------------

type SearchQuery = z.output<typeof policySearchQuerySchema>;
type ExportQuery = z.output<typeof policyExportQuerySchema>;
/** What the list's filters select, whatever the page (search) or file (export). */
type Filters = Omit<ExportQuery, 'format' | 'branchId'>;

/** The list and tracking screens' search: in the chosen order, a page at a time, filtered in SQL. */
export async function searchPolicies(db: Db, actor: AuthUser, query: SearchQuery): Promise<PolicySearchResult> {
  return JSON.parse(await searchBranch(db, await listBranch(db, actor, query.branchId), query)) as PolicySearchResult;
}

/**
 * The same search as the JSON the route writes, from `pages` when an identical search of the
 * same scope was answered in the last seconds and nothing it shows has changed since
 * (search-pages.ts). Access is checked first, on every request.
 */
export async function searchPoliciesJson(db: Db, actor: AuthUser, query: SearchQuery, pages: SearchPages): Promise<JsonText> {
  const branchId = await listBranch(db, actor, query.branchId);
  // Every filter and the sort are part of the key: two searches share a page only if they select
  // and order the same rows (the cursor names its sort as well).
  const filter = policyFilter(branchId, query);
  const key = JSON.stringify([
    branchId ?? null,
    filter.status ?? null,
    filter.text ?? '',
    filter.type ?? null,
    filter.userId ?? null,
    filter.createdFrom ?? null,
    filter.createdTo ?? null,
    filter.inArrears ?? false,
    query.sort,
    query.limit,
    query.cursor ?? null,
  ]);
  // 'Con atraso' changes with payments, which do not touch the policies the cache listens to: never cached.
  if (filter.inArrears) return new JsonText(await searchBranch(db, branchId, query));
  return pages.read(key, async () => new JsonText(await searchBranch(db, branchId, query)));
}

/** The repository's filter for the list's filters within `branchId` (all branches when undefined). */
function policyFilter(branchId: number | undefined, filters: Filters): PolicyFilter {
  const needle = foldForSearch(filters.q.trim());
  return {
    scope: { branchId },
    status: filters.status,
    text: needle || undefined,
    type: filters.type,
    userId: filters.agent,
    createdFrom: filters.from,
    createdTo: filters.to,
    inArrears: filters.arrears === '1',
  };
}

/**
 * Where a search's total comes from. Branch and status alone: the status counters (exact, ten rows
 * however large the branch). Any other filter: the matches, up to the cap (decision 008).
 */
function totalSource(filter: PolicyFilter): repo.TotalFrom {
  const narrowed = filter.text || filter.type || filter.userId || filter.createdFrom || filter.createdTo || filter.inArrears;
  return narrowed ? 'matches' : 'counters';
}

/**
 * One page of the search within `branchId` (all branches when undefined), as the JSON text of a
 * `PolicySearchResult`: the items are PostgreSQL's (summary-json.ts), joined as they came.
 */
async function searchBranch(db: Db, branchId: number | undefined, query: SearchQuery): Promise<string> {
  const after = query.cursor ? decodeSearchCursor(query.sort, query.cursor) : null;
  if (query.cursor && !after) throw invalidField('cursor', policyMessages.invalidCursor);

  const filter = policyFilter(branchId, query);
  // Page and total in one statement (issue 13).
  const totalFrom = totalSource(filter);
  const found = await repo.findSummaryPage(db, { filter, order: query.sort, after, limit: query.limit + 1 }, totalFrom);
  const rows = found.rows;
  // An empty page carries no total: none at all on a first page, else counted apart.
  const { total, totalIsCapped } = found.total ?? (after ? await repo.countSearchTotal(db, filter, totalFrom) : { total: 0, totalIsCapped: false });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeSearchCursor(query.sort, last) : null;
  // The keys in the order the result always had (policySearchResultSchema's).
  return `{"items":[${page.map((row) => row.json).join(',')}],"nextCursor":${JSON.stringify(nextCursor)},"total":${total},"totalIsCapped":${totalIsCapped}}`;
}

/**
 * GET /api/policy/dashboard/{branchId}: one branch's counts (non-admins: only their own). Without
 * a branch (GET /api/policy/dashboard) an admin gets every branch's, anyone else their own.
 */
export async function dashboardStats(db: Db, actor: AuthUser, requestedBranch?: number): Promise<DashboardStats> {
  return repo.countByStatus(db, await listBranch(db, actor, requestedBranch));
}

/** The users whose policies the list's agent filter can pick: the branch's (admins: any or all). */
export async function listAgents(db: Db, actor: AuthUser, requestedBranch?: number): Promise<PolicyAgent[]> {
  return repo.listAgents(db, { branchId: await listBranch(db, actor, requestedBranch) });
}

/** Rows an export reads at a time: summary rows are small, and a batch is one index range scan. */
const exportBatchSize = 1000;

/**
 * GET /api/policy/export: every policy the filters select, in the list's order, read by keyset
 * in batches (the route streams them into the file). Access is checked before the first byte.
 */
export async function exportPolicies(db: Db, actor: AuthUser, query: ExportQuery): Promise<AsyncIterable<repo.ExportRow[]>> {
  const filter = policyFilter(await listBranch(db, actor, query.branchId), query);
  return keysetBatches<repo.ExportRow, SearchAfter>(async (after) => {
    const items = await repo.findExportBatch(db, { filter, order: query.sort, after, limit: exportBatchSize });
    const last = items.at(-1);
    return { items, last: items.length === exportBatchSize && last ? { createdAt: last.createdAt, id: last.id, status: last.status } : null };
  });
}
