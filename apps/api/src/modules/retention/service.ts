import { businessDate, claimNumber, messageRetentionDays, retentionFileKinds, type RetentionFile, type RetentionPolicy, type RetentionPreview } from '@portal/domain';
import type { Db } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { anonymiseClaimRows, lockDueClosedClaims } from '../claims/index';
import { deleteFinishedEmails } from '../email/index';
import { deleteOldNotifications } from '../notifications/index';
import * as repo from './repository';

/** How many policies the preview lists (the totals count them all). */
const previewPolicyLimit = 200;
/** How many due policies the job plans and deletes at a time, so a years-long backlog is never read at once. */
const runBatchSize = 500;

/**
 * The dry run: the policies whose files are due `now` (Mexico City day), with the files each
 * would lose: all of them, or a slice (the job's batch, the preview's first ones).
 */
export async function planRetention(db: Db, now: Date, slice: repo.DueSlice = { all: true }): Promise<RetentionPolicy[]> {
  return withFiles(db, await repo.findDuePolicies(db, businessDate(now), slice));
}

/** The due policies with the files each would lose. */
async function withFiles(db: Db, due: repo.DuePolicyRow[]): Promise<RetentionPolicy[]> {
  const ended = due.filter((policy) => policy.reason === 'ended').map((policy) => policy.policyId);
  const files = await repo.findFiles(db, due.map((policy) => policy.policyId), ended);
  const filesOf = new Map<number, RetentionFile[]>();
  for (const { policyId, ...file } of files) filesOf.set(policyId, [...(filesOf.get(policyId) ?? []), file]);
  // A file deleted by someone else between the two queries leaves a policy with none: not listed.
  return due.flatMap((policy) => {
    const policyFiles = filesOf.get(policy.policyId);
    return policyFiles ? [{ ...policy, files: policyFiles }] : [];
  });
}

/**
 * GET /api/admin/retention/preview: the branches' periods and what the next run would delete:
 * the totals of everything due, and the first policies, the longest due first.
 */
export async function retentionPreview(db: Db, now: Date): Promise<RetentionPreview> {
  const branches = await repo.listBranchPeriods(db);
  const policies = await planRetention(db, now, { oldestFirst: true, limit: previewPolicyLimit });
  const totals = await repo.dueTotals(db, businessDate(now));
  return { today: businessDate(now), branches, policies, totals };
}

/** What the daily run planned and deleted, counted (a backlog's every file is not kept in memory). */
export interface RetentionRunSummary {
  planned: { policies: number; files: number };
  deleted: { policies: number; files: number; bytes: number };
}

/**
 * The daily run: the dry run and its deletion, a batch of due policies at a time in policy id
 * order, until none is left.
 */
export async function runRetention(db: Db, files: FileStore, now: Date, batchSize = runBatchSize): Promise<RetentionRunSummary> {
  const summary: RetentionRunSummary = { planned: { policies: 0, files: 0 }, deleted: { policies: 0, files: 0, bytes: 0 } };
  const today = businessDate(now);
  let afterPolicyId = 0;
  for (;;) {
    const batch = await repo.findDuePolicies(db, today, { afterPolicyId, limit: batchSize });
    if (batch.length === 0) return summary;
    afterPolicyId = batch[batch.length - 1]!.policyId;
    const plan = await withFiles(db, batch);
    const result = await applyRetention(db, files, plan, now);
    summary.planned.policies += plan.length;
    summary.planned.files += plan.reduce((sum, policy) => sum + policy.files.length, 0);
    summary.deleted.policies += result.policies.length;
    summary.deleted.files += result.files;
    summary.deleted.bytes += result.bytes;
  }
}

/** What a run deleted: per policy, the files that were still as the dry run saw them. */
export interface RetentionResult {
  policies: Array<{ policyId: number; files: RetentionFile[] }>;
  files: number;
  bytes: number;
}

/**
 * Deletes exactly the dry run's files, one transaction per policy: each statement deletes the
 * planned rows by id (and stored name) only while the policy is still due for the same reason
 * from the same day, so a policy renewed or changed since, or a file added or replaced after
 * the dry run, is left alone. Each policy that lost files gets a history event by 'Sistema'. The
 * bytes leave the store after the commit; a crash in between leaves files no row names, which
 * the files-sweep job removes.
 */
export async function applyRetention(db: Db, files: FileStore, plan: RetentionPolicy[], now: Date): Promise<RetentionResult> {
  const today = businessDate(now);
  const result: RetentionResult = { policies: [], files: 0, bytes: 0 };
  for (const policy of plan) {
    const deleted = await db.transaction(async (tx) => {
      await repo.lockPolicy(tx, policy.policyId);
      const gone: RetentionFile[] = [];
      for (const kind of retentionFileKinds) {
        const planned = policy.files.filter((file) => file.kind === kind);
        const deletedOfKind = await repo.deletePlannedFiles(tx, kind, planned, policy, today);
        const deletedIds = new Set(deletedOfKind.map((file) => file.id));
        gone.push(...planned.filter((file) => deletedIds.has(file.id)));
      }
      if (gone.length > 0) await repo.insertSystemEvent(tx, policy.policyId, retentionNote(policy, gone.length), now);
      return gone;
    });
    if (deleted.length === 0) continue;
    const sized = await withStoredSizes(files, deleted);
    // The rows are gone for good; a file the store could not remove now is one no row names, for files-sweep.
    for (const file of sized) await files.remove(file.storedName).catch(() => undefined);
    result.policies.push({ policyId: policy.policyId, files: sized });
    result.files += sized.length;
    result.bytes += sized.reduce((sum, file) => sum + file.size, 0);
  }
  return result;
}

/** A signing pack made before its size was kept is listed with 0 bytes: the store knows its size. */
async function withStoredSizes(files: FileStore, deleted: RetentionFile[]): Promise<RetentionFile[]> {
  return Promise.all(deleted.map(async (file) => (file.size > 0 ? file : { ...file, size: (await files.sizeOf(file.storedName).catch(() => null)) ?? 0 })));
}

/** 'Documentos eliminados por retención: 3 archivos (investigación rechazada el 04/05/2026)'. */
function retentionNote(policy: Pick<RetentionPolicy, 'reason' | 'since'>, count: number): string {
  const what = count === 1 ? '1 archivo' : `${count} archivos`;
  const [year, month, day] = policy.since.split('-');
  const when = policy.reason === 'rejected' ? 'investigación rechazada el' : 'póliza terminada el';
  return `Documentos eliminados por retención: ${what} (${when} ${day}/${month}/${year})`;
}

/** Closed cases anonymised per transaction. */
const claimBatchSize = 200;

/**
 * Issue 33: the closed cases past their branch's years (retainClosedClaimsYears after closing)
 * lose their personal texts and files, a batch at a time, each case's policy getting a history
 * line by 'Sistema'; amounts, dates, stages and results stay. The files leave the store after the
 * commit. Returns how many cases were anonymised.
 */
export async function anonymiseClosedClaims(db: Db, files: FileStore, now: Date): Promise<number> {
  const today = businessDate(now);
  let total = 0;
  for (;;) {
    const { count, storedNames } = await db.transaction(async (tx) => {
      const due = await lockDueClosedClaims(tx, today, claimBatchSize);
      const removed = await anonymiseClaimRows(tx, due.map((claim) => claim.id), now);
      for (const policyId of new Set(due.map((claim) => claim.policyId))) {
        const numbers = due.filter((claim) => claim.policyId === policyId).map((claim) => claimNumber(claim.id));
        await repo.insertSystemEvent(tx, policyId, claimRetentionNote(numbers), now);
      }
      return { count: due.length, storedNames: removed };
    });
    // The rows are gone for good; a file the store could not remove now is one no row names, for files-sweep.
    for (const storedName of storedNames) await files.remove(storedName).catch(() => undefined);
    total += count;
    if (count < claimBatchSize) return total;
  }
}

/** 'Datos personales anonimizados por retención: incidencia INC-00012'. */
function claimRetentionNote(numbers: string[]): string {
  return `Datos personales anonimizados por retención: ${numbers.length === 1 ? 'incidencia' : 'incidencias'} ${numbers.join(', ')}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: a years-long backlog goes in short transactions, not one long lock. */
const messageBatchSize = 5_000;

/** What the run deleted of the portal's own messages. */
export interface MessagePurgeSummary {
  emails: number;
  notifications: number;
}

/**
 * The portal's own messages past their days (messageRetentionDays, issue 29): delivered and
 * given-up e-mails, and notifications, a batch at a time until none is due.
 */
export async function purgeOldMessages(db: Db, now: Date): Promise<MessagePurgeSummary> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const emailCutoffs = { sentBefore: daysAgo(messageRetentionDays.sentEmails), failedBefore: daysAgo(messageRetentionDays.failedEmails) };
  const notificationCutoffs = { readBefore: daysAgo(messageRetentionDays.readNotifications), anyBefore: daysAgo(messageRetentionDays.anyNotification) };
  return {
    emails: await inBatches(() => deleteFinishedEmails(db, emailCutoffs, messageBatchSize)),
    notifications: await inBatches(() => deleteOldNotifications(db, notificationCutoffs, messageBatchSize)),
  };
}

/** Runs a batched delete until a batch comes back short; the total deleted. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < messageBatchSize) return total;
  }
}
