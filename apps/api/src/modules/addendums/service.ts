import path from 'node:path';
import type { z } from 'zod';
import {
  addendumDownloadName,
  addendumMessages as messages,
  addendumStatusLabels,
  foldForSearch,
  policyMessages,
  type Addendum,
  type IfMatch,
  type AddendumInput,
  type AddendumSearchResult,
  type addendumExportQuerySchema,
  type addendumSearchQuerySchema,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ensureVersion } from '../../db/record-versions';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import { actorScope, listBranch } from '../../lib/branch-scope';
import type { FileStore } from '../../lib/file-store';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { keysetBatches, keysetJsonBatches, type KeysetBatch } from '../../lib/keyset-batches';
import type { CursorPosition } from '../../lib/keyset-cursor';
import type { AuthUser } from '../../lib/auth-user';
import { discardStoredFile, type ReceivedUpload } from '../../plugins/files';
import { branchExists } from '../branches/index';
import { insertEvent } from '../policies/index';
import * as repo from './repository';

type SearchQuery = z.output<typeof addendumSearchQuerySchema>;
type ExportQuery = z.output<typeof addendumExportQuerySchema>;

const listMessages = { otherBranchList: messages.otherBranchList, branchNotFound: policyMessages.branchNotFound };

// --- reads --------------------------------------------------------------------------------------

/** GET /api/addendum[/{branchId}]: the spec's whole-branch array, newest first. */
export async function listAddendums(db: Db, actor: AuthUser, requestedBranch?: number): Promise<AsyncIterable<string[]>> {
  const branchId = await listBranch(actor, requestedBranch, listMessages, (id) => branchExists(db, id));
  // Read by keyset in batches and streamed by the route: flat memory whatever the branch's size.
  return keysetJsonBatches((after: CursorPosition | null) => addendumBatch(db, { scope: { branchId } }, after));
}

/** Addendums read for a full list at a time. */
const fullListBatchSize = 1000;

/** One batch of the addendums `filter` selects, newest first, after `after`. */
async function addendumBatch(db: Db, filter: repo.AddendumFilter, after: CursorPosition | null): Promise<KeysetBatch<Addendum>> {
  const rows = await repo.findAddendums(db, filter, { after, limit: fullListBatchSize });
  const last = rows.at(-1)?.row;
  return { items: rows.map((row) => row.response), last: rows.length === fullListBatchSize && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/**
 * GET /api/addendum/export: every addendum the list's search selects, newest first, read by
 * keyset in batches (the route streams them into the file). Access is checked before the first byte.
 */
export async function exportAddendums(db: Db, actor: AuthUser, query: ExportQuery): Promise<AsyncIterable<Addendum[]>> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const needle = foldForSearch(query.q.trim());
  return keysetBatches((after: CursorPosition | null) => addendumBatch(db, { scope: { branchId }, text: needle || undefined, status: query.status }, after));
}

/** The list screen: newest first, a page at a time, searched in SQL. */
export async function searchAddendums(db: Db, actor: AuthUser, query: SearchQuery): Promise<AddendumSearchResult> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !after) throw invalidField('cursor', policyMessages.invalidCursor);
  const needle = foldForSearch(query.q.trim());
  const filter = { scope: { branchId }, text: needle || undefined, status: query.status };
  const [rows, total] = await Promise.all([repo.findAddendums(db, filter, { after, limit: query.limit + 1 }), repo.countAddendums(db, filter)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.row;
  return {
    items: page.map((row) => row.response),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    ...total,
  };
}

/** The expediente's 'Addendums': one policy's, newest first, within the caller's scope. */
export async function listPolicyAddendums(db: Executor, actor: AuthUser, policyId: number): Promise<Addendum[]> {
  const rows = await repo.findAddendums(db, { scope: actorScope(actor), policyId });
  return rows.map((row) => row.response);
}

export async function getAddendum(db: Executor, actor: AuthUser, id: number): Promise<Addendum> {
  const [found] = await repo.findAddendums(db, { id, scope: actorScope(actor) });
  return ensure(found?.response, notFound(messages.notFound));
}

// --- writes -------------------------------------------------------------------------------------

/** POST /api/addendum: for an active policy of the caller's branch; policy number and client come from it. */
export async function createAddendum(db: Db, actor: AuthUser, input: AddendumInput): Promise<Addendum> {
  return db.transaction(async (tx) => {
    const policy = await repo.findActivePolicy(tx, input.policyId, actorScope(actor));
    if (!policy) throw invalidField('policyId', messages.policyNotActive);
    const id = await repo.insertAddendum(tx, {
      ...fields(input),
      policyId: policy.id,
      branchId: policy.branchId,
      createdBy: actor.id,
      updatedBy: actor.id,
    });
    await recordEvent(tx, actor, policy.id, 'Addendum creado', input);
    return getAddendum(tx, actor, id);
  });
}

/** POST /api/addendum/{id}: every field but the policy; a canceled addendum is final. */
/** With `ifMatch` (the form's If-Match) only the version the form was loaded at is written (412 otherwise, decision 023). */
export async function updateAddendum(db: Db, actor: AuthUser, id: number, input: AddendumInput, ifMatch?: IfMatch): Promise<Addendum> {
  return db.transaction(async (tx) => {
    const row = await lockOpen(tx, actor, id);
    await ensureVersion(tx, 'addendums', id, row.version, ifMatch);
    if (input.policyId !== row.policyId) throw invalidField('policyId', messages.policyLocked);
    await repo.updateAddendum(tx, id, { ...fields(input), updatedBy: actor.id, updatedAt: new Date() });
    await recordEvent(tx, actor, row.policyId, input.status === 'canceled' ? messages.cancelledNote : 'Addendum actualizado', input);
    return getAddendum(tx, actor, id);
  });
}

/**
 * POST /api/addendum/del/{id}: an addendum is part of a lease's record, so "deleting" it cancels
 * it (status canceled, in the policy's history) rather than erasing it. Cancelling twice is a no-op.
 */
export async function cancelAddendum(db: Db, actor: AuthUser, id: number): Promise<Addendum> {
  return db.transaction(async (tx) => {
    const row = ensure(await repo.findAddendumRow(tx, id, actorScope(actor), true), notFound(messages.notFound));
    if (row.status !== 'canceled') {
      await repo.updateAddendum(tx, id, { status: 'canceled', updatedBy: actor.id, updatedAt: new Date() });
      await recordEvent(tx, actor, row.policyId, messages.cancelledNote, row);
    }
    return getAddendum(tx, actor, id);
  });
}

// --- the file -----------------------------------------------------------------------------------

export interface FileTarget {
  addendumId: number;
  policyId: number;
}

/** Before a byte is read: the addendum is the caller's, of that policy, and not canceled. */
export async function checkUpload(db: Db, actor: AuthUser, target: FileTarget): Promise<void> {
  const addendum = await getAddendum(db, actor, target.addendumId);
  if (addendum.policyId !== target.policyId) throw invalidField('policyId', messages.policyMismatch);
  if (addendum.status === 'canceled') throw conflict(messages.canceled);
}

/** Puts the stored file on the addendum (replacing any), with a line in the policy's history. */
export async function recordUpload(
  db: Db,
  files: FileStore,
  log: FastifyBaseLogger,
  actor: AuthUser,
  target: FileTarget,
  upload: ReceivedUpload,
): Promise<Addendum> {
  const originalFilename = upload.fileName;
  let replaced: string | null = null;
  let addendum: Addendum;
  try {
    addendum = await db.transaction(async (tx) => {
      const row = await lockOpen(tx, actor, target.addendumId);
      if (row.policyId !== target.policyId) throw invalidField('policyId', messages.policyMismatch);
      replaced = row.fileStoredName;
      await repo.updateAddendum(tx, row.id, {
        fileStoredName: upload.stored.storedName,
        fileOriginalName: originalFilename,
        fileMimeType: upload.stored.mimeType,
        fileSize: upload.stored.size,
        fileSha256: upload.stored.sha256,
        fileUploadedAt: new Date(),
        fileUploadedBy: actor.id,
        updatedBy: actor.id,
        updatedAt: new Date(),
      });
      const note = `Archivo del addendum «${row.description}»: ${originalFilename}`;
      await insertEvent(tx, { policyId: row.policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note });
      return getAddendum(tx, actor, row.id);
    });
  } catch (error) {
    await discardStoredFile(files, upload.stored.storedName, log);
    throw error;
  }
  if (replaced) await discardStoredFile(files, replaced, log);
  return addendum;
}

/** The stored file of an addendum, checked to be on disk, and the name it is saved under. */
export async function findDownload(db: Db, files: FileStore, log: FastifyBaseLogger, actor: AuthUser, id: number) {
  const row = ensure(await repo.findAddendumRow(db, id, actorScope(actor)), notFound(messages.notFound));
  if (!row.fileStoredName || !row.fileMimeType) throw notFound(messages.noStoredFile);
  const size = await files.sizeOf(row.fileStoredName);
  if (size === null) {
    log.error({ addendumId: id, storedName: row.fileStoredName }, 'addendum file missing from disk');
    throw notFound(messages.fileUnavailable);
  }
  return {
    storedName: row.fileStoredName,
    mimeType: row.fileMimeType,
    size,
    downloadName: addendumDownloadName(row.policyId, path.extname(row.fileStoredName)),
    policyId: row.policyId,
  };
}

// --- helpers ------------------------------------------------------------------------------------

async function lockOpen(tx: Executor, actor: AuthUser, id: number) {
  const row = ensure(await repo.findAddendumRow(tx, id, actorScope(actor), true), notFound(messages.notFound));
  if (row.status === 'canceled') throw conflict(messages.canceled);
  return row;
}

function fields(input: AddendumInput) {
  return { description: input.description, amount: input.amount, startDate: input.startDate!, endDate: input.endDate!, status: input.status };
}

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const dayMonthYear = (date: string) => date.split('-').reverse().join('/');

/** 'Addendum creado: Incremento de renta · $1,500.00 · del 01/12/2026 al 30/11/2027 · Pendiente' */
async function recordEvent(
  tx: Executor,
  actor: AuthUser,
  policyId: number,
  what: string,
  addendum: Pick<AddendumInput, 'description' | 'amount' | 'startDate' | 'endDate' | 'status'>,
) {
  const note = [
    `${what}: ${addendum.description}`,
    money.format(addendum.amount),
    `del ${dayMonthYear(addendum.startDate!)} al ${dayMonthYear(addendum.endDate!)}`,
    addendumStatusLabels[addendum.status],
  ].join(' · ');
  await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note });
}

