import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  appointmentMessages as messages,
  foldForSearch,
  generateMeetUrl,
  policyMessages,
  type Appointment,
  type AppointmentInput,
  type AppointmentPage,
  type appointmentExportQuerySchema,
  type appointmentRangeQuerySchema,
  type appointmentSearchQuerySchema,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { ensure, forbidden, invalidField, notFound } from '../../lib/app-error';
import { actorScope, listBranch, writeBranch } from '../../lib/branch-scope';
import { keysetBatches, keysetJsonBatches } from '../../lib/keyset-batches';
import type { AuthUser } from '../../lib/auth-user';
import { findActiveUser } from '../auth/index';
import { branchExists } from '../branches/index';
import * as repo from './repository';

type RangeQuery = z.output<typeof appointmentRangeQuerySchema>;
type SearchQuery = z.output<typeof appointmentSearchQuerySchema>;
type ExportQuery = z.output<typeof appointmentExportQuerySchema>;

const listMessages = { otherBranchList: messages.otherBranchList, branchNotFound: policyMessages.branchNotFound };

// --- reads --------------------------------------------------------------------------------------

/** GET /api/appo[/branch/{id}]: the spec's array, in calendar order, optionally only some days. */
export async function listAppointments(db: Db, actor: AuthUser, range: RangeQuery, requestedBranch?: number): Promise<AsyncIterable<string[]>> {
  const branchId = await listBranch(actor, requestedBranch, listMessages, (id) => branchExists(db, id));
  // In calendar order, read by keyset in batches and streamed by the route: flat memory however long the range.
  const filter = { scope: { branchId }, from: range.from, to: range.to };
  return keysetJsonBatches((after: repo.CalendarPosition | null) => repo.loadAppointmentBatch(db, filter, after, fullListBatchSize));
}

/** Appointments read for a full list at a time. */
const fullListBatchSize = 500;

/**
 * GET /api/appo/export: every appointment the list's search selects, in the list's order (newest
 * first), read by keyset in batches (the route streams them into the file). Access is checked
 * before the first byte.
 */
export async function exportAppointments(db: Db, actor: AuthUser, query: ExportQuery): Promise<AsyncIterable<Appointment[]>> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const needle = foldForSearch(query.q.trim());
  const filter = { scope: { branchId }, text: needle || undefined };
  return keysetBatches((after: repo.CalendarPosition | null) => repo.loadAppointmentBatch(db, filter, after, fullListBatchSize, 'newest'));
}

/** The list screen: newest first, a page of five, searched in SQL. */
export async function searchAppointments(db: Db, actor: AuthUser, query: SearchQuery): Promise<AppointmentPage> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const needle = foldForSearch(query.q.trim());
  const filter = { scope: { branchId }, text: needle || undefined };
  const [items, total] = await Promise.all([
    repo.loadAppointments(db, filter, { order: 'newest', limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repo.countAppointments(db, filter),
  ]);
  return { items, ...total, page: query.page, pageSize: query.pageSize };
}

/** The expediente's 'Citas': the appointments about one policy, in calendar order, within the caller's scope. */
export function listPolicyAppointments(db: Executor, actor: AuthUser, policyId: number): Promise<Appointment[]> {
  return repo.loadAppointments(db, { scope: actorScope(actor), policyId });
}

export async function getAppointment(db: Executor, actor: AuthUser, id: number): Promise<Appointment> {
  const [found] = await repo.loadAppointments(db, { id, scope: actorScope(actor) });
  return ensure(found, notFound(messages.notFound));
}

// --- writes -------------------------------------------------------------------------------------

/** POST /api/appo: status pending, the caller's branch (an admin may choose) and the caller as author. */
export async function createAppointment(db: Db, actor: AuthUser, input: AppointmentInput): Promise<Appointment> {
  const branchId = await writeBranch(actor, input.branchId, undefined, policyMessages.branchNotFound, (branchId) => branchExists(db, branchId));
  return db.transaction(async (tx) => {
    const policyId = input.policyId ?? null;
    await assertPolicyOfBranch(tx, policyId, branchId);
    const id = await repo.insertAppointment(tx, {
      ...repo.rowValues(input),
      policyId,
      status: 'pending',
      googleMeetUrl: input.googleMeetUrl ?? generateMeetUrl(),
      branchId,
      userId: actor.id,
    });
    await repo.writeAttendees(tx, id, input.attendees);
    return getAppointment(tx, actor, id);
  });
}

/**
 * The appointments whose 24-hour reminder is due at `now` (starting after it, within a day; not
 * cancelled, not reminded yet), each marked reminded in the caller's transaction.
 */
export async function claimAppointmentReminders(tx: Executor, now: Date): Promise<Appointment[]> {
  const ids = await repo.claimDueReminders(tx, now, new Date(now.getTime() + reminderWindowMs), reminderBatchSize);
  return ids.length === 0 ? [] : repo.loadAppointments(tx, { scope: { branchId: undefined }, ids });
}

const reminderWindowMs = 24 * 60 * 60_000;
/** Appointments reminded per run: a busy day's worth, the rest on the next run. */
const reminderBatchSize = 500;

/** POST /api/appo/update/{id}: the whole dialog, attendees included, in one transaction. */
export async function updateAppointment(db: Db, actor: AuthUser, id: number, input: AppointmentInput): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    const branchId = await writeBranch(actor, input.branchId, row.branchId, policyMessages.branchNotFound, (branchId) => branchExists(tx, branchId));
    const policyId = input.policyId === undefined ? row.policyId : input.policyId;
    await assertPolicyOfBranch(tx, policyId, branchId);
    await repo.updateAppointment(tx, id, { ...repo.rowValues(input), status: input.status ?? row.status, policyId, branchId, updatedAt: new Date() });
    await repo.writeAttendees(tx, id, input.attendees);
    return getAppointment(tx, actor, id);
  });
}

/** GET /api/appo/del/{id} and DELETE /api/appo/{id}: gone for good, attendees with it (spec). */
export async function deleteAppointment(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwn(tx, actor, id);
    await repo.deleteAppointment(tx, id);
  });
}

/**
 * A named policy must be of the appointment's branch (an admin's appointment for Santa Fe names a
 * Santa Fe policy); another branch's policy is refused as if it did not exist: a 400 on the field.
 */
async function assertPolicyOfBranch(tx: Executor, policyId: number | null, branchId: number): Promise<void> {
  if (policyId !== null && !(await repo.policyInBranch(tx, policyId, branchId))) {
    throw invalidField('policyId', messages.policyNotInBranch);
  }
}

/**
 * An appointment may be changed by whoever scheduled it, and by the branch's managers and the
 * admins: an agent does not move a colleague's signing.
 */
async function lockOwn(tx: Executor, actor: AuthUser, id: number) {
  const row = ensure(await repo.lockAppointment(tx, id, actorScope(actor)), notFound(messages.notFound));
  const mayChange = actor.role === 'admin' || actor.role === 'manager' || row.userId === actor.id;
  if (!mayChange) throw forbidden(messages.notYours);
  return row;
}



// --- the private calendar feed ------------------------------------------------------------------

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates (or replaces) the caller's feed token; the token itself is shown once, in the URL. */
export async function createFeed(db: Db, actor: AuthUser): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await repo.saveFeedToken(db, actor.id, hashToken(token));
  return token;
}

export async function revokeFeed(db: Db, actor: AuthUser): Promise<void> {
  await repo.deleteFeedToken(db, actor.id);
}

/** How far back a feed reaches: calendars keep what they already imported. */
const feedHistoryDays = 90;

/**
 * The appointments a feed token shows: its owner's branch (admins: every branch) from three
 * months ago on. A revoked token, or one whose owner was deactivated, shows nothing (404).
 */
export async function feedAppointments(db: Db, token: string, today: string): Promise<Appointment[]> {
  const userId = await repo.findFeedOwner(db, hashToken(token));
  const owner = userId === null ? null : await findActiveUser(db, userId);
  if (!owner) throw notFound(messages.feedNotFound);
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - feedHistoryDays * 86_400_000).toISOString().slice(0, 10);
  return repo.loadAppointments(db, { scope: actorScope(owner), from });
}
