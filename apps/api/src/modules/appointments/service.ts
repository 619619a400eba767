import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  appointmentMessages as messages,
  businessDate,
  foldForSearch,
  generateVideoRoomUrl,
  hasRole,
  invitationMessages,
  managerRoles,
  policyMessages,
  type Appointment,
  type IfMatch,
  type AppointmentInvitationView,
  type AttendeeResponse,
  type AppointmentInput,
  type AppointmentPage,
  type appointmentExportQuerySchema,
  type appointmentRangeQuerySchema,
  type appointmentSearchQuerySchema,
} from '@portal/domain';
import { ensureVersion } from '../../db/record-versions';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, forbidden, invalidField, notFound } from '../../lib/app-error';
import { actorScope, listBranch, writeBranch } from '../../lib/branch-scope';
import { keysetBatches, keysetJsonBatches } from '../../lib/keyset-batches';
import type { AuthUser } from '../../lib/auth-user';
import { findActiveUser } from '../auth/index';
import { branchExists } from '../branches/index';
import { hashInvitationToken, sendInvitations, type InvitationContext } from './invitations';
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
  const { filter, order } = listSelection(branchId, query);
  return keysetBatches((after: repo.CalendarPosition | null) => repo.loadAppointmentBatch(db, filter, after, fullListBatchSize, order));
}

/**
 * What the list's tab and search select, in which order (issue 20): 'upcoming' from today on,
 * soonest first; 'past' before today and 'all', newest first. Both walk the branch/date index.
 */
function listSelection(branchId: number | undefined, query: { q: string; when: 'upcoming' | 'past' | 'all' }, today = businessDate()) {
  const needle = foldForSearch(query.q.trim());
  const filter: repo.AppointmentFilter = {
    scope: { branchId },
    text: needle || undefined,
    ...(query.when === 'upcoming' ? { onOrAfter: today } : {}),
    ...(query.when === 'past' ? { before: today } : {}),
  };
  const order: repo.Order = query.when === 'upcoming' ? 'calendar' : 'newest';
  return { filter, order };
}

/** The list screen: a page of five of the tab's appointments, searched in SQL. */
export async function searchAppointments(db: Db, actor: AuthUser, query: SearchQuery): Promise<AppointmentPage> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const { filter, order } = listSelection(branchId, query);
  const [items, total] = await Promise.all([
    repo.loadAppointments(db, filter, { order, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
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

/**
 * POST /api/appo: status pending, the caller's branch (an admin may choose) and the caller as
 * author; with `invitations`, each attendee is e-mailed an invitation in the same transaction
 * (the demo seed passes none: it e-mails nobody).
 */
export async function createAppointment(db: Db, actor: AuthUser, input: AppointmentInput, invitations?: InvitationContext): Promise<Appointment> {
  const branchId = await writeBranch(actor, input.branchId, undefined, policyMessages.branchNotFound, (branchId) => branchExists(db, branchId));
  return db.transaction(async (tx) => {
    const policyId = input.policyId ?? null;
    await assertPolicyOfBranch(tx, policyId, branchId);
    const id = await repo.insertAppointment(tx, {
      ...repo.rowValues(input),
      policyId,
      status: 'pending',
      googleMeetUrl: input.googleMeetUrl ?? generateVideoRoomUrl(),
      branchId,
      userId: actor.id,
    });
    await repo.writeAttendees(tx, id, input.attendees);
    if (invitations) await sendInvitations(tx, null, await getAppointment(tx, actor, id), 0, invitations);
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
/** With `ifMatch` (the form's If-Match) only the version the form was loaded at is written (412 otherwise, decision 023). */
export async function updateAppointment(
  db: Db,
  actor: AuthUser,
  id: number,
  input: AppointmentInput,
  invitations: InvitationContext,
  ifMatch?: IfMatch,
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    await ensureVersion(tx, 'appointments', id, row.version, ifMatch);
    const before = await getAppointment(tx, actor, id);
    const branchId = await writeBranch(actor, input.branchId, row.branchId, policyMessages.branchNotFound, (branchId) => branchExists(tx, branchId));
    const policyId = input.policyId === undefined ? row.policyId : input.policyId;
    await assertPolicyOfBranch(tx, policyId, branchId);
    await repo.updateAppointment(tx, id, { ...repo.rowValues(input), status: input.status ?? row.status, policyId, branchId, updatedAt: new Date(), updatedBy: actor.id });
    await repo.writeAttendees(tx, id, input.attendees);
    // Updates, cancellations and new invitations as the change calls for (nothing if attendees see no change).
    await sendInvitations(tx, before, await getAppointment(tx, actor, id), row.icsSequence, invitations);
    return getAppointment(tx, actor, id);
  });
}

/** GET /api/appo/del/{id} and DELETE /api/appo/{id}: gone for good, attendees with it (spec), who are told. */
export async function deleteAppointment(db: Db, actor: AuthUser, id: number, invitations: InvitationContext): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    await sendInvitations(tx, await getAppointment(tx, actor, id), null, row.icsSequence, invitations);
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
  const mayChange = hasRole(actor.role, managerRoles) || row.userId === actor.id;
  if (!mayChange) throw forbidden(messages.notYours);
  return row;
}



// --- the attendee's answer (issue 20) -----------------------------------------------------------

const invitationTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The attendee behind a token, or the same 404 for a malformed, wrong or expired one. */
async function openInvitation(db: Executor, token: string, now: Date) {
  const tokenHash = hashInvitationToken(token);
  const found = invitationTokenPattern.test(token) ? await repo.findInvitation(db, tokenHash, now) : null;
  // Found by the unique index; compared again in constant time, as the other secure links are.
  const same = found?.tokenHash ? crypto.timingSafeEqual(Buffer.from(found.tokenHash, 'hex'), Buffer.from(tokenHash, 'hex')) : false;
  const appointment = found && same ? await repo.loadInvitedAppointment(db, found.appointmentId) : null;
  if (!found || !appointment) throw notFound(invitationMessages.notFound);
  return { attendee: found, appointment };
}

/** GET /api/public/citas/{token}: what the attendee's page shows. Reading changes nothing (mail scanners open links). */
export async function viewInvitation(db: Executor, token: string, now = new Date()): Promise<AppointmentInvitationView> {
  const { attendee, appointment } = await openInvitation(db, token, now);
  return {
    attendeeName: attendee.name,
    title: appointment.title || messages.untitled,
    date: appointment.date,
    startTime: appointment.startTime.slice(0, 5),
    endTime: appointment.endTime.slice(0, 5),
    location: appointment.location,
    googleMeetUrl: appointment.googleMeetUrl,
    branchName: appointment.branchName,
    cancelled: appointment.status === 'cancelled',
    response: attendee.response === 'yes' || attendee.response === 'no' ? attendee.response : null,
  };
}

/** What the organiser is told of when an attendee changes an answer (issue 28); the notifications module's, handed in by app.ts. */
export type AnswerChangedNotice = (
  tx: Executor,
  change: { organiserId: number | null; appointmentId: number; attendeeName: string; title: string; date: string; startTime: string; endTime: string; response: AttendeeResponse },
) => Promise<void>;

/**
 * POST /api/public/citas/{token}: the attendee's answer, which sets `confirmed`; a cancelled
 * appointment takes none (409). The same answer again changes nothing (its time stays the first
 * one's, nobody is told twice); a different one is recorded, answered with `changedFrom` so the
 * page says so, and the organiser is told once, in the same transaction.
 */
export async function answerInvitation(
  db: Db,
  onAnswerChanged: AnswerChangedNotice,
  token: string,
  response: AttendeeResponse,
  now = new Date(),
): Promise<AppointmentInvitationView> {
  return db.transaction(async (tx) => {
    const { attendee, appointment } = await openInvitation(tx, token, now);
    if (appointment.status === 'cancelled') throw conflict(invitationMessages.cancelled);
    const previous = await repo.lockAnswer(tx, attendee.attendeeId);
    if (previous === response) return viewInvitation(tx, token, now);
    await repo.saveAnswer(tx, attendee.attendeeId, response, now);
    if (previous !== 'yes' && previous !== 'no') return viewInvitation(tx, token, now);
    const { title, date, startTime, endTime, organiserId } = appointment;
    await onAnswerChanged(tx, {
      organiserId,
      appointmentId: attendee.appointmentId,
      attendeeName: attendee.name,
      title: title || messages.untitled,
      date,
      startTime: startTime.slice(0, 5),
      endTime: endTime.slice(0, 5),
      response,
    });
    return { ...(await viewInvitation(tx, token, now)), changedFrom: previous };
  });
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
