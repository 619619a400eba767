import type { z } from 'zod';
import {
  businessYear,
  canJumpStatus,
  canRenewRole,
  canSetPolicyNumber,
  canTerminateRole,
  dayAfter,
  formatPolicyNumber,
  policyDisplayFolio,
  policyEndDate,
  policyLifecycleMessages,
  renewableStatuses,
  terminableStatuses,
  type PolicyTermination,
  foldForSearch,
  invalidTransitionMessage,
  isAllowedTransition,
  isCreationJump,
  isStatusJump,
  policyMessages,
  policySearchText,
  statusJumpChange,
  statusJumpForbiddenMessage,
  type DashboardStats,
  type IfMatch,
  type Policy,
  type PolicyAgent,
  type PolicyEvent,
  type PolicyInput,
  type PolicyStatus,
  type PolicySearchResult,
  type policyExportQuerySchema,
  type policySearchQuerySchema,
  type policyStatusChangeSchema,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { ensureVersion } from '../../db/record-versions';
import { type AppError, conflict, ensure, forbidden, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope, listBranch as listBranchFor, writeBranch as writeBranchFor } from '../../lib/branch-scope';
import { branchExists } from '../branches/index';
import { notifyInvestigationDecided, notifyRenewalCreated } from '../notifications/index';
import { changedSections } from './changes';
import type { CursorPosition } from '../../lib/keyset-cursor';
import { keysetBatches, parallelKeysetBatches } from '../../lib/keyset-batches';
import { decodeSearchCursor, encodeSearchCursor, type SearchAfter } from './search-cursor';
import * as repo from './repository';
import { withNewFolio } from './new-folio';
import type { SearchPages } from './search-pages';
import { JsonText } from '../../lib/json-text';

type SearchQuery = z.output<typeof policySearchQuerySchema>;
type ExportQuery = z.output<typeof policyExportQuerySchema>;
/** What the list's filters select, whatever the page (search) or file (export). */
type Filters = Omit<ExportQuery, 'format' | 'branchId'>;
type StatusChange = z.output<typeof policyStatusChangeSchema>;

// --- scope: which policies the caller may see ---------------------------------------------------

/** The branch a list shows (lib/branch-scope): own branch, or for admins any (or all). */
function listBranch(db: Executor, actor: AuthUser, requested: number | undefined): Promise<number | undefined> {
  return listBranchFor(actor, requested, policyMessages, (id) => branchExists(db, id));
}

/** The branch a new or edited policy belongs to: the user's own, unless an admin chooses one. */
function writeBranch(db: Executor, actor: AuthUser, chosen: number | null | undefined, current?: number): Promise<number> {
  return writeBranchFor(actor, chosen, current, policyMessages.branchNotFound, (id) => branchExists(db, id));
}

// --- reads --------------------------------------------------------------------------------------

async function getPolicy(db: Executor, actor: AuthUser, id: number): Promise<Policy> {
  const [policy] = await repo.loadPolicies(db, { id, scope: actorScope(actor) }, 'none');
  return ensure(policy, notFound(policyMessages.notFound));
}

/** One policy's answer: the JSON text the API sends, and its version for the ETag. */
export interface PolicyAnswer {
  text: JsonText;
  version: number;
}

/**
 * GET /api/policy/unique/{id} (and a new policy's 201): the policy as JSON built by PostgreSQL in
 * one statement (policy-json.ts), instead of six reads made into objects and passed through zod
 * (issue 30). PostgreSQL's json_build_object writes `"key" : value, …`; parsed and written again
 * here it is byte for byte the compact text the route's serializer wrote (keys in the schema's
 * order), for a few tens of microseconds.
 */
export async function getPolicyAnswer(db: Executor, actor: AuthUser, id: number): Promise<PolicyAnswer> {
  const found = ensure(await repo.loadPolicyJson(db, id, actorScope(actor)), notFound(policyMessages.notFound));
  return { text: new JsonText(JSON.stringify(JSON.parse(found.json))), version: found.version };
}

/** GET /api/policy[/{branchId}]: the spec's whole-branch array, newest first. */
export async function listPolicies(db: Db, actor: AuthUser, requestedBranch?: number): Promise<AsyncIterable<string[]>> {
  const branchId = await listBranch(db, actor, requestedBranch);
  return policyBatches(db, { scope: { branchId } });
}

/** GET /api/policy/act[/{branchId}]: the active policies an addendum may be written for. */
export async function listActivePolicies(db: Db, actor: AuthUser, requestedBranch?: number): Promise<AsyncIterable<string[]>> {
  const branchId = await listBranch(db, actor, requestedBranch);
  return policyBatches(db, { scope: { branchId }, status: 'active' });
}

/**
 * Policies read for a full list at a time, and how many batches PostgreSQL builds at once. Each
 * policy's JSON is built by PostgreSQL (policy-json.ts), which is what the list waits for — the
 * server is idle most of the time — so two batches are read in parallel, one per core of the
 * database. The server holds only strings, so a batch's size no longer moves its memory; a larger
 * batch plans the big statement (≈ 7 ms) fewer times. At 100,000 policies on PostgreSQL: 150 a
 * batch 8.5 s, 500 a batch 7.7 s, both +48 MB (Brotli to the client).
 */
const fullListBatchSize = 500;
const fullListParallelReads = 2;

/**
 * A whole list in batches of JSON texts, newest first (the route streams them as one JSON array).
 * Access was checked before the first batch, so a refusal is still a plain 403.
 */
function policyBatches(db: Db, filter: repo.PolicyFilter): AsyncGenerator<string[]> {
  return parallelKeysetBatches<string, CursorPosition>(
    (after) => repo.policyBatchEnd(db, filter, after, fullListBatchSize),
    (after, through) => repo.loadPolicyJsonRange(db, filter, after, through, fullListBatchSize),
    fullListParallelReads,
  );
}

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
    query.sort,
    query.limit,
    query.cursor ?? null,
  ]);
  return pages.read(key, async () => new JsonText(await searchBranch(db, branchId, query)));
}

/** The repository's filter for the list's filters within `branchId` (all branches when undefined). */
function policyFilter(branchId: number | undefined, filters: Filters): repo.PolicyFilter {
  const needle = foldForSearch(filters.q.trim());
  return {
    scope: { branchId },
    status: filters.status,
    text: needle || undefined,
    type: filters.type,
    userId: filters.agent,
    createdFrom: filters.from,
    createdTo: filters.to,
  };
}

/**
 * Where a search's total comes from. Branch and status alone: the status counters (exact, ten rows
 * however large the branch). Any other filter: the matches, up to the cap (decision 008).
 */
function totalSource(filter: repo.PolicyFilter): repo.TotalFrom {
  const narrowed = filter.text || filter.type || filter.userId || filter.createdFrom || filter.createdTo;
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

export async function policyHistory(db: Db, actor: AuthUser, id: number): Promise<PolicyEvent[]> {
  if (!(await repo.policyExists(db, id, actorScope(actor)))) throw notFound(policyMessages.notFound);
  return repo.listEvents(db, id);
}

// --- writes -------------------------------------------------------------------------------------

/**
 * Generates the contract pack inside the transaction of a write that moves a policy into
 * 'contracts' (issue 16). The contracts module provides it and app.ts hands it in, so this module
 * does not import that one (which reads policies). `generate` pushes each file it writes to
 * `written`; `discard` removes them when the transaction fails, so no file outlives its rows.
 */
export interface ContractPackHook {
  generate(tx: Executor, actor: AuthUser, policyId: number, written: string[]): Promise<void>;
  discard(written: string[]): Promise<void>;
  /** Runs a write that may draw a pack after the others of this process (the contracts module's queue). */
  serialize<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Starts or ends an electronic signing round inside the transaction of a write that moves a policy
 * into or out of 'signature' (issue 17). The e-signature module provides it and app.ts hands it in,
 * like the contract pack. `written` collects the files it stores, removed by `discard` when the
 * transaction fails.
 */
export interface SigningHook {
  statusChanged(tx: Executor, actor: AuthUser, change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; baseUrl: string }, written: string[]): Promise<void>;
  discard(written: string[]): Promise<void>;
}

/** The signing hook and the portal's public address its links are made with (PUBLIC_URL or the request's origin). */
export interface SigningStep {
  hook: SigningHook;
  baseUrl: string;
}

/**
 * Runs a write whose transaction may generate the pack (`to` is the status it writes): queued
 * behind other pack-drawing writes when it goes to 'contracts', and removing the files written
 * in it (the pack's, the signing round's) if it fails.
 */
async function withPackFiles<T>(hook: ContractPackHook | undefined, to: PolicyStatus, work: (written: string[]) => Promise<T>, signing?: SigningStep): Promise<T> {
  const written: string[] = [];
  try {
    return hook && to === 'contracts' ? await hook.serialize(() => work(written)) : await work(written);
  } catch (error) {
    if (written.length > 0) await (hook ?? signing?.hook)?.discard(written);
    // The check before writing saw the folio free; another transaction took it since.
    if (isUniqueViolation(error, repo.policyNumberIndex)) throw policyNumberConflict(policyMessages.policyNumberRace);
    throw error;
  }
}

/** Tells the signing hook of a status written (it acts only on entering or leaving 'signature'). */
async function signingStatusChanged(
  tx: Executor,
  signing: SigningStep | undefined,
  actor: AuthUser,
  change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; written: string[] },
): Promise<void> {
  if (!signing || change.from === change.to) return;
  if (change.to !== 'signature' && change.from !== 'signature') return;
  await signing.hook.statusChanged(tx, actor, { policyId: change.policyId, from: change.from, to: change.to, baseUrl: signing.baseUrl }, change.written);
}

/** Generates the pack when this write brings the policy into 'contracts' from another status. */
async function generatePackIfEntering(
  tx: Executor,
  hook: ContractPackHook | undefined,
  actor: AuthUser,
  change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; written: string[] },
): Promise<void> {
  if (hook && change.to === 'contracts' && change.from !== 'contracts') await hook.generate(tx, actor, change.policyId, change.written);
}

/**
 * POST /api/policy: the whole aggregate and its first event in one transaction, under a new folio.
 * A policy created in any status but 'Creada' is a status jump (managers and admins only, 403 for
 * others, marked in the history like the form's).
 */
export async function createPolicy(db: Db, actor: AuthUser, input: PolicyInput, packHook?: ContractPackHook, signing?: SigningStep): Promise<Policy> {
  return insertNewPolicy(db, actor, input, (tx, id) => getPolicy(tx, actor, id), packHook, signing);
}

/**
 * POST /api/policy's answer: the new policy as the route sends it (see getPolicyAnswer). A policy
 * created 'Creada' or in any status that joins nothing else to the write (no pack, no policy
 * number, no signing round) is written, with its first event, by one statement that answers its
 * JSON too (issue 30: one statement on one pool checkout, no transaction around it).
 */
export async function createPolicyAnswer(db: Db, actor: AuthUser, input: PolicyInput, packHook?: ContractPackHook, signing?: SigningStep): Promise<PolicyAnswer> {
  if (!createsAlone(actor, input)) return insertNewPolicy(db, actor, input, (tx, id) => getPolicyAnswer(tx, actor, id), packHook, signing);
  const jump = isCreationJump(input.status);
  if (jump && !canJumpStatus(actor.role)) throw statusJumpForbidden('created', input.status);
  const branchId = await writeBranch(db, actor, input.branchId);
  const created = await withNewFolio(db, async (drawFolio) => {
    const investigationId = await drawFolio(db);
    const event = { userId: actor.id, fromStatus: null, toStatus: input.status, changes: jump ? [statusJumpChange] : [], note: noteLines('Póliza creada') };
    return repo.createWholePolicy(db, { ...rowValues({ ...input, policyNumber: '' }, investigationId), branchId, userId: actor.id }, input, event);
  });
  return { text: new JsonText(JSON.stringify(JSON.parse(created.json))), version: created.version };
}

/** Whether a create writes only the policy and its event: nothing is generated, numbered, read or sent with it. */
function createsAlone(actor: AuthUser, input: PolicyInput): boolean {
  const typedNumber = input.policyNumber !== '' && canSetPolicyNumber(actor.role, '');
  return input.status !== 'contracts' && input.status !== 'signature' && !typedNumber;
}

/**
 * createPolicy's writes, then `readBack` of the new policy — all in one transaction, so that a
 * create takes one pool checkout (issue 30: the folio's read, the transaction and the answer's
 * read were three, and under load a create waited in the pool's queue three times).
 */
async function insertNewPolicy<T>(
  db: Db,
  actor: AuthUser,
  input: PolicyInput,
  readBack: (tx: Executor, id: number) => Promise<T>,
  packHook?: ContractPackHook,
  signing?: SigningStep,
): Promise<T> {
  const jump = isCreationJump(input.status);
  if (jump && !canJumpStatus(actor.role)) throw statusJumpForbidden('created', input.status);
  const branchId = await writeBranch(db, actor, input.branchId);
  return withNewFolio(db, (drawFolio) =>
    withPackFiles(packHook, input.status, (written) =>
      db.transaction(async (tx) => {
        const policyNumber = await policyNumberToWrite(tx, actor, input.policyNumber, '');
        const investigationId = await drawFolio(tx);
        const policyId = await repo.insertWholePolicy(tx, { ...rowValues({ ...input, policyNumber }, investigationId), branchId, userId: actor.id }, input);
        const assigned = await assignPolicyNumberIfDue(tx, policyId, input.status);
        await generatePackIfEntering(tx, packHook, actor, { policyId, from: null, to: input.status, written });
        const changes = jump ? [statusJumpChange] : [];
        await repo.insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: input.status, changes, note: noteLines('Póliza creada', assigned) });
        await signingStatusChanged(tx, signing, actor, { policyId, from: null, to: input.status, written });
        return readBack(tx, policyId);
      }),
      signing,
    ),
  );
}

/**
 * A full update from the form: any status may be set (spec), but a jump outside the row menu's
 * transitions only by a manager or an admin (403 for others), and the history marks it. The
 * history also notes which sections changed. With `ifMatch` (the form's If-Match) it writes only
 * the version the form was loaded at, checked under the row's lock (412 otherwise, decision 023).
 */
export async function updatePolicy(
  db: Db,
  actor: AuthUser,
  id: number,
  input: PolicyInput,
  packHook?: ContractPackHook,
  signing?: SigningStep,
  ifMatch?: IfMatch,
): Promise<Policy> {
  return withPackFiles(packHook, input.status, (written) => db.transaction(async (tx) => {
    const locked = ensure(await repo.lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
    await ensureVersion(tx, 'policies', id, locked.version, ifMatch);
    const jump = isStatusJump(locked.status, input.status);
    if (jump && !canJumpStatus(actor.role)) {
      const message = statusJumpForbiddenMessage(locked.status, input.status);
      throw forbidden(message, [{ field: 'status', message }]);
    }
    const before = await getPolicy(tx, actor, id);
    const branchId = await writeBranch(tx, actor, input.branchId, locked.branchId);
    // The folio de póliza is the server's: the stored one stays, whatever the form sends.
    const kept = { ...input, policyNumber: await policyNumberToWrite(tx, actor, input.policyNumber, locked.policyNumber) };
    await repo.updatePolicyRow(tx, id, { ...rowValues(kept, before.investigationId), branchId, updatedAt: new Date(), updatedBy: actor.id });
    await repo.writeChildren(tx, id, input);
    const assigned = await assignPolicyNumberIfDue(tx, id, input.status);
    await generatePackIfEntering(tx, packHook, actor, { policyId: id, from: locked.status, to: input.status, written });
    // Read back inside the transaction: the history's diff and the response are the same state.
    const after = await getPolicy(tx, actor, id);
    const changes = [...(jump ? [statusJumpChange] : []), ...changedSections(before, after)];
    if (changes.length > 0 || locked.status !== input.status) {
      await repo.insertEvent(tx, { policyId: id, userId: actor.id, fromStatus: locked.status, toStatus: input.status, changes, note: noteLines(assigned) });
    }
    await signingStatusChanged(tx, signing, actor, { policyId: id, from: locked.status, to: input.status, written });
    // A decision set from the form tells the agent as the results screen does (issue 29); not
    // the agent who set it themselves.
    const decided = input.status === 'investigation_approved' || input.status === 'investigation_rejected';
    if (locked.status !== input.status && decided && before.userId !== actor.id) {
      await notifyInvestigationDecided(tx, { policyId: id, approved: input.status === 'investigation_approved' });
    }
    return after;
  }), signing);
}

/** The tracking row menu's change: only the spec's transitions are allowed (409 otherwise). */
export async function changePolicyStatus(db: Db, actor: AuthUser, id: number, change: StatusChange, packHook?: ContractPackHook, signing?: SigningStep): Promise<Policy> {
  await withPackFiles(packHook, change.status, (written) => db.transaction(async (tx) => {
    const locked = ensure(await repo.lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
    if (!isAllowedTransition(locked.status, change.status)) {
      const message = invalidTransitionMessage(locked.status, change.status);
      throw conflict(message, [{ field: 'status', message }]);
    }
    await repo.updatePolicyRow(tx, id, { status: change.status, updatedAt: new Date(), updatedBy: actor.id });
    const assigned = await assignPolicyNumberIfDue(tx, id, change.status);
    await generatePackIfEntering(tx, packHook, actor, { policyId: id, from: locked.status, to: change.status, written });
    await repo.insertEvent(tx, {
      policyId: id,
      userId: actor.id,
      fromStatus: locked.status,
      toStatus: change.status,
      changes: [],
      note: noteLines(change.note, assigned),
    });
    await signingStatusChanged(tx, signing, actor, { policyId: id, from: locked.status, to: change.status, written });
  }), signing);
  return getPolicy(db, actor, id);
}

/** The same 403 for a jump on create as on update, naming the field. */
function statusJumpForbidden(from: PolicyStatus, to: PolicyStatus): AppError {
  const message = statusJumpForbiddenMessage(from, to);
  return forbidden(message, [{ field: 'status', message }]);
}

/**
 * The folio de póliza a write stores: the stored one (the server gives it at 'contracts'), unless
 * an admin types one for a policy that has none (an old policy imported), which must be free.
 */
async function policyNumberToWrite(tx: Executor, actor: AuthUser, typed: string, stored: string): Promise<string> {
  if (typed === '' || !canSetPolicyNumber(actor.role, stored)) return stored;
  if (await repo.policyNumberExists(tx, typed)) throw policyNumberConflict(policyMessages.policyNumberTaken(typed));
  return typed;
}

function policyNumberConflict(message: string): AppError {
  return conflict(message, [{ field: 'policyNumber', message }]);
}

/** A history note of several lines, the empty ones left out. */
function noteLines(...lines: Array<string | null | undefined>): string {
  return lines.filter(Boolean).join('\n');
}

/**
 * Gives a policy in 'contracts' without a folio de póliza the next number of its branch's year
 * (Mexico City), in the caller's transaction, whichever path brought it there (the row menu's
 * 'Generar Contratos', the form, an admin's jump, a new policy). Returns the history's line
 * about it, or null when nothing was due.
 */
async function assignPolicyNumberIfDue(tx: Executor, id: number, status: PolicyStatus, now = new Date()): Promise<string | null> {
  // Only a write into 'contracts' can be due: the others skip the read.
  if (status !== 'contracts') return null;
  const state = await repo.numberingState(tx, id);
  if (!state || state.status !== 'contracts' || state.policyNumber !== '') return null;
  const year = businessYear(now);
  let policyNumber: string;
  do {
    const { code, sequence } = await repo.takePolicyNumber(tx, state.branchId, year);
    policyNumber = formatPolicyNumber(code, year, sequence);
    // An admin may have imported an old policy under a number the counter reaches later: skip it.
  } while (await repo.policyNumberExists(tx, policyNumber));
  await repo.updatePolicyRow(tx, id, { policyNumber, searchText: policySearchText({ ...state, policyNumber }) });
  return policyLifecycleMessages.numberAssignedNote(policyNumber);
}

// --- renewal and early termination ------------------------------------------------------------------

/** The folio a history note names a policy by: its number, or its investigation folio before it has one. */
const folioOf = policyDisplayFolio;

/**
 * POST /api/policy/{id}/renew: a new policy in 'Creada' with the same people, property and rent
 * (new rows, no documents), its term starting the day after the old one ends, linked both ways
 * with an event on each history, all in one transaction. A policy is renewed once (409 after).
 */
export async function renewPolicy(db: Db, actor: AuthUser, id: number): Promise<Policy> {
  if (!canRenewRole(actor.role)) throw forbidden(policyLifecycleMessages.renewRoleForbidden);
  const renewalId = await withNewFolio(db, (drawFolio) =>
    db.transaction(async (tx) => {
      const locked = ensure(await repo.lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
      if (locked.renewedToPolicyId !== null) throw conflict(policyLifecycleMessages.alreadyRenewed);
      if (!renewableStatuses.includes(locked.status)) throw conflict(policyLifecycleMessages.notRenewable);
      const old = await getPolicy(tx, actor, id);
      const input = renewalInput(old);
      const investigationId = await drawFolio(tx);
      const now = new Date();
      // The renewal stays the policy's agent's (issue 29), unless they no longer work the branch.
      const agentId = old.userId !== null && (await repo.isActiveUserOfBranch(tx, old.userId, old.branchId)) ? old.userId : actor.id;
      const newId = await repo.insertWholePolicy(tx, { ...rowValues(input, investigationId), branchId: old.branchId, userId: agentId, renewedFromPolicyId: id }, input);
      await repo.updatePolicyRow(tx, id, { renewedToPolicyId: newId, updatedAt: now, updatedBy: actor.id });
      const event = { userId: actor.id, changes: [] };
      await repo.insertEvent(tx, { ...event, policyId: id, fromStatus: null, toStatus: null, note: policyLifecycleMessages.renewedAsNote(investigationId) });
      const created = noteLines('Póliza creada', policyLifecycleMessages.renewalOfNote(folioOf(old)), policyLifecycleMessages.renewalAgentNote(agentId === old.userId));
      await repo.insertEvent(tx, { ...event, policyId: newId, fromStatus: null, toStatus: 'created', note: created });
      // The agent and the branch manager hear of it with the renewal, or not at all.
      await notifyRenewalCreated(tx, { oldPolicyId: id, newPolicyId: newId, actorUserId: actor.id });
      return newId;
    }),
  );
  return getPolicy(db, actor, renewalId);
}

/** The renewal's form values: the old policy's, without ids, numbers or documents, its term next. */
function renewalInput(old: Policy): PolicyInput {
  const { property } = old;
  const { id: _rent, ...rent } = property.rent;
  const { id: _owner, ...owner } = property.owner;
  return {
    isElectronicSignature: old.isElectronicSignature,
    policyNumber: '',
    status: 'created',
    previousPolicy: old.policyNumber,
    policyType: old.policyType,
    termMonths: old.termMonths,
    specialnote: old.specialnote,
    branchId: old.branchId,
    guarantorRequired: old.guarantorRequired,
    tenants: old.tenants.map(({ id: _id, references, ...tenant }) => ({
      ...tenant,
      id: undefined,
      references: references.map(({ id: _ref, ...reference }) => reference),
    })),
    guarantors: old.guarantors.map(({ id: _id, vehicle, ...guarantor }) => ({
      ...guarantor,
      id: undefined,
      vehicle: vehicle ? { brand: vehicle.brand, model: vehicle.model, year: vehicle.year, color: vehicle.color, licensePlate: vehicle.licensePlate } : null,
    })),
    property: {
      owner,
      address: property.address,
      propertyType: property.propertyType,
      parkingSpots: property.parkingSpots,
      identification: property.identification,
      services: property.services,
      commercialUse: property.commercialUse,
      commercialServices: property.commercialServices,
      commercialServicesDetails: property.commercialServicesDetails,
      specialObjects: property.specialObjects,
      specialObjectsDetails: property.specialObjectsDetails,
      description: property.description,
      rent: { ...rent, contractStartDate: old.endDate ? dayAfter(old.endDate) : null },
    },
  };
}

/**
 * POST /api/policy/{id}/terminate: a policy in force cancelled before its end date by a manager
 * or an admin, with the reason in its history.
 */
export async function terminatePolicy(db: Db, actor: AuthUser, id: number, input: PolicyTermination): Promise<Policy> {
  if (!canTerminateRole(actor.role)) throw forbidden(policyLifecycleMessages.terminateRoleForbidden);
  await db.transaction(async (tx) => {
    const locked = ensure(await repo.lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
    if (!terminableStatuses.includes(locked.status)) throw conflict(policyLifecycleMessages.notTerminable);
    await repo.updatePolicyRow(tx, id, { status: 'cancelled', updatedAt: new Date(), updatedBy: actor.id });
    await repo.insertEvent(tx, {
      policyId: id,
      userId: actor.id,
      fromStatus: locked.status,
      toStatus: 'cancelled',
      changes: [],
      note: noteLines(policyLifecycleMessages.terminationNote, policyLifecycleMessages.reasonNote(input.reason)),
    });
  });
  return getPolicy(db, actor, id);
}

/** The policies row: the input's own fields and the list's summary of the children. */
function rowValues(input: PolicyInput, investigationId: string) {
  const { property } = input;
  const tenantNames = input.tenants.map((tenant) => tenant.name);
  const guarantorNames = input.guarantors.map((guarantor) => guarantor.name);
  return {
    investigationId,
    policyNumber: input.policyNumber,
    status: input.status,
    previousPolicy: input.previousPolicy,
    policyType: input.policyType,
    termMonths: input.termMonths,
    startDate: property.rent.contractStartDate,
    endDate: policyEndDate(property.rent.contractStartDate, input.termMonths),
    guarantorRequired: input.guarantorRequired,
    isElectronicSignature: input.isElectronicSignature,
    specialnote: input.specialnote,
    tenantNames,
    guarantorNames,
    ownerName: property.owner.name,
    street: property.address.street,
    exteriorNumber: property.address.exteriorNumber,
    colony: property.address.colony,
    municipality: property.address.municipality,
    deliveryDate: property.rent.propertyDeliveryDate,
    searchText: policySearchText({
      investigationId,
      policyNumber: input.policyNumber,
      tenantNames,
      guarantorNames,
      ownerName: property.owner.name,
      ...property.address,
    }),
  };
}
