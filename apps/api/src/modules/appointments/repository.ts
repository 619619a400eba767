import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { businessTimeZone, policyDisplayFolio, type Appointment, type AppointmentInput, type AttendeeInput } from '@portal/domain';
import type { Executor } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/capped-count';
import { containsPattern, foldSql } from '../../db/sql-search';
import { appointmentFeeds, appointments, attendees, branches, policies } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';
import type { KeysetBatch } from '../../lib/keyset-batches';

type AppointmentRow = typeof appointments.$inferSelect;
type AttendeeRow = typeof attendees.$inferSelect;

// --- reading ------------------------------------------------------------------------------------

export type Order = 'calendar' | 'newest';

/** Which appointments a read selects; every field left out selects all. */
export interface AppointmentFilter {
  scope: BranchScope;
  id?: number;
  /** Calendar dates (yyyy-MM-dd), inclusive. */
  from?: string | null;
  to?: string | null;
  /** Folded text to look for in the title, description, location or an attendee. */
  text?: string | undefined;
  /** Only the appointments about this policy. */
  policyId?: number;
  /** Only these appointments (the reminder run's). */
  ids?: number[];
  /** Only the appointments on or after this date (yyyy-MM-dd)… */
  onOrAfter?: string;
  /** …or only the ones before it (the list's 'Próximas' and 'Pasadas'). */
  before?: string;
}

function filterSql(filter: AppointmentFilter): SQL | undefined {
  return and(
    inBranchScope(appointments.branchId, filter.scope),
    filter.id === undefined ? undefined : eq(appointments.id, filter.id),
    filter.from ? gte(appointments.date, filter.from) : undefined,
    filter.to ? lte(appointments.date, filter.to) : undefined,
    filter.text ? matchesText(filter.text) : undefined,
    filter.policyId === undefined ? undefined : eq(appointments.policyId, filter.policyId),
    filter.ids === undefined ? undefined : inArray(appointments.id, filter.ids),
    filter.onOrAfter === undefined ? undefined : gte(appointments.date, filter.onOrAfter),
    filter.before === undefined ? undefined : lt(appointments.date, filter.before),
  );
}

/** Whole appointments (with attendees) for the rows `filter` selects: two queries, whatever the count. */
export async function loadAppointments(
  db: Executor,
  filter: AppointmentFilter,
  options: { order?: Order; limit?: number; offset?: number } = {},
): Promise<Appointment[]> {
  const order =
    options.order === 'newest'
      ? [desc(appointments.date), desc(appointments.startTime), desc(appointments.id)]
      : [asc(appointments.date), asc(appointments.startTime), asc(appointments.id)];
  const query = db.select().from(appointments).where(filterSql(filter)).orderBy(...order);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit).offset(options.offset ?? 0);
  return withAttendees(db, rows);
}

/** Where a calendar-ordered batch ended: the last appointment's day, start and id. */
export interface CalendarPosition {
  date: string;
  startTime: string;
  id: number;
}

/**
 * One batch of whole appointments in calendar order (or newest first) after `after` (the
 * branch/date index's order): the spec's full list and the export are streamed batch by batch.
 * `last` is null when there is no more.
 */
export async function loadAppointmentBatch(
  db: Executor,
  filter: AppointmentFilter,
  after: CalendarPosition | null,
  limit: number,
  order: Order = 'calendar',
): Promise<KeysetBatch<Appointment, CalendarPosition>> {
  // 'newest' is the list screen's order (its export), the same keyset read backwards.
  const direction = order === 'newest' ? { compare: sql.raw('<'), by: desc } : { compare: sql.raw('>'), by: asc };
  const position = after
    ? sql`(${appointments.date}, ${appointments.startTime}, ${appointments.id}) ${direction.compare} (${after.date}::date, ${after.startTime}::time, ${after.id})`
    : undefined;
  const rows = await db
    .select()
    .from(appointments)
    .where(and(filterSql(filter), position))
    .orderBy(direction.by(appointments.date), direction.by(appointments.startTime), direction.by(appointments.id))
    .limit(limit);
  const lastRow = rows.at(-1);
  const last = rows.length === limit && lastRow ? { date: lastRow.date, startTime: lastRow.startTime, id: lastRow.id } : null;
  return { items: await withAttendees(db, rows), last };
}

/** The appointments of `rows` with their attendees, read in one query. */
async function withAttendees(db: Executor, rows: AppointmentRow[]): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const people = await db
    .select()
    .from(attendees)
    .where(inArray(attendees.appointmentId, rows.map((row) => row.id)))
    .orderBy(asc(attendees.id));
  const byAppointment = new Map<number, AttendeeRow[]>();
  for (const person of people) byAppointment.set(person.appointmentId, [...(byAppointment.get(person.appointmentId) ?? []), person]);
  const folios = await policyFolios(db, rows);
  return rows.map((row) => ({ ...toAppointment(row, byAppointment.get(row.id) ?? []), policyFolio: row.policyId ? (folios.get(row.policyId) ?? null) : null }));
}

/** The folio each named policy is known by (its number once it has one, else the investigation's): the card says which policy. */
async function policyFolios(db: Executor, rows: AppointmentRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.policyId ? [row.policyId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: policies.id, investigationId: policies.investigationId, policyNumber: policies.policyNumber })
    .from(policies)
    .where(inArray(policies.id, ids));
  return new Map(found.map((policy) => [policy.id, policyDisplayFolio(policy)]));
}

/** How many appointments match, counted up to the cap. */
export function countAppointments(db: Executor, filter: AppointmentFilter): Promise<CappedTotal> {
  return cappedCount(db, db.select({ one: sql`1` }).from(appointments).where(filterSql(filter)));
}

/** The list's search: title, description, location, or an attendee's name or e-mail contains the folded text. */
function matchesText(needle: string): SQL {
  const pattern = containsPattern(needle);
  return sql`(${foldSql(sql`${appointments.title} || ' ' || ${appointments.description} || ' ' || ${appointments.location}`)} like ${pattern}
    or exists (select 1 from "appointment_attendees" a where a.appointment_id = "appointments"."id"
      and ${foldSql(sql`a.name || ' ' || a.email`)} like ${pattern}))`;
}

export async function lockAppointment(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({
      id: appointments.id,
      userId: appointments.userId,
      branchId: appointments.branchId,
      status: appointments.status,
      policyId: appointments.policyId,
      icsSequence: appointments.icsSequence,
      version: appointments.version,
    })
    .from(appointments)
    .where(filterSql({ id, scope }))
    .for('update');
  return row ?? null;
}

// --- writing ------------------------------------------------------------------------------------

export type AppointmentValues = Omit<typeof appointments.$inferInsert, 'id' | 'createdAt'>;

export function rowValues(input: AppointmentInput) {
  return {
    title: input.title,
    description: input.description,
    date: input.date!,
    startTime: input.startTime,
    endTime: input.endTime,
    location: input.location,
    type: input.type,
    googleMeetUrl: input.googleMeetUrl,
  };
}

/** Whether a policy belongs to a branch: an appointment names only a policy of its own branch. */
export async function policyInBranch(db: Executor, policyId: number, branchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.branchId, branchId)));
  return row !== undefined;
}

export async function insertAppointment(db: Executor, values: AppointmentValues): Promise<number> {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
  return row!.id;
}

export async function updateAppointment(db: Executor, id: number, values: Partial<AppointmentValues>): Promise<void> {
  await db
    .update(appointments)
    .set({ ...values, ...(values.date !== undefined && values.startTime !== undefined ? { remindedAt: reminderKeptIfSameStart(values.date, values.startTime) } : {}) })
    .where(eq(appointments.id, id));
}

/** A reminder already sent stays sent only while the appointment starts when it said: a moved one is reminded again. */
function reminderKeptIfSameStart(date: string, startTime: string): SQL {
  return sql`case when ${appointments.date} = ${date}::date and ${appointments.startTime} = ${startTime}::time then ${appointments.remindedAt} end`;
}

/** The start instant of an appointment: its Mexico City wall-clock date and time. */
const startsAt = sql`((${appointments.date} + ${appointments.startTime}) at time zone ${businessTimeZone})`;

/**
 * Appointments (not cancelled, not yet reminded) starting after `from` and up to `until`, marked
 * reminded at `from` in the same statement. Rows another run holds are skipped (SKIP LOCKED), so
 * two instances never remind one appointment twice; the caller's transaction undoes the mark if
 * the reminders are not written.
 */
export async function claimDueReminders(db: Executor, from: Date, until: Date, limit: number): Promise<number[]> {
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        isNull(appointments.remindedAt),
        ne(appointments.status, 'cancelled'),
        // The dates first, so the partial index on (date) where not reminded does the narrowing.
        gte(appointments.date, sql`(${from.toISOString()}::timestamptz at time zone ${businessTimeZone})::date`),
        lte(appointments.date, sql`(${until.toISOString()}::timestamptz at time zone ${businessTimeZone})::date`),
        sql`${startsAt} > ${from.toISOString()}::timestamptz`,
        sql`${startsAt} <= ${until.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(appointments.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.update(appointments).set({ remindedAt: from }).where(inArray(appointments.id, due)).returning({ id: appointments.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function deleteAppointment(db: Executor, id: number): Promise<void> {
  await db.delete(appointments).where(eq(appointments.id, id));
}

/**
 * Makes the appointment's attendees what the form says: sent ids that belong to it are updated,
 * the others inserted, and the ones no longer sent deleted. An attendee who answered after the
 * form was loaded keeps the `confirmed` their answer set.
 */
export async function writeAttendees(db: Executor, appointmentId: number, people: AttendeeInput[]): Promise<void> {
  const existing = await db
    .select({ id: attendees.id, email: attendees.email, respondedAt: attendees.respondedAt })
    .from(attendees)
    .where(eq(attendees.appointmentId, appointmentId))
    .for('update');
  const ownIds = new Set(existing.map((row) => row.id));
  const storedEmail = new Map(existing.map((row) => [row.id, row.email]));
  const storedAnswer = new Map(existing.map((row) => [row.id, row.respondedAt]));
  const kept = people.filter((person) => person.id !== undefined && ownIds.has(person.id)).map((person) => person.id!);
  await db
    .delete(attendees)
    .where(and(eq(attendees.appointmentId, appointmentId), kept.length > 0 ? notInArray(attendees.id, kept) : undefined));
  for (const person of people) {
    const values = { externalId: person.externalId, name: person.name, email: person.email, role: person.role, confirmed: person.confirmed };
    if (person.id !== undefined && ownIds.has(person.id)) {
      // Another address is another person to invite: the old invitation and its answer do not carry over.
      const readdressed = !sameAddress(storedEmail.get(person.id) ?? '', person.email);
      const reset = readdressed ? { rsvpTokenHash: null, rsvpExpiresAt: null, response: null, respondedAt: null, invitedAt: null } : {};
      const { confirmed, ...rest } = values;
      const keepsAnswer = !readdressed && answeredSince(storedAnswer.get(person.id) ?? null, person.answerSeenAt);
      await db.update(attendees).set({ ...rest, ...(keepsAnswer ? {} : { confirmed }), ...reset }).where(eq(attendees.id, person.id));
    }
    else await db.insert(attendees).values({ ...values, appointmentId });
  }
}

/** The attendee answered after the form saw their answer (`seen` left out: a spec client, which cannot tell). */
function answeredSince(stored: Date | null, seen: string | null | undefined): boolean {
  if (seen === undefined || stored === null) return false;
  return seen === null || stored.getTime() !== new Date(seen).getTime();
}

export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

// --- invitations (issue 20) ---------------------------------------------------------------------

export async function setIcsSequence(db: Executor, id: number, sequence: number): Promise<void> {
  await db.update(appointments).set({ icsSequence: sequence }).where(eq(appointments.id, id));
}

/** The branch an invitation comes from: its name and address are the event's ORGANIZER. */
export async function invitationOrganizer(db: Executor, branchId: number): Promise<{ name: string; email: string }> {
  const [row] = await db.select({ name: branches.name, email: branches.email }).from(branches).where(eq(branches.id, branchId));
  return row ?? { name: 'Portal de Pólizas', email: '' };
}

/** A new link for an attendee (its token's SHA-256 and expiry), stamped as invited now. */
export async function saveInvitationToken(db: Executor, attendeeId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.update(attendees).set({ rsvpTokenHash: tokenHash, rsvpExpiresAt: expiresAt, invitedAt: now }).where(eq(attendees.id, attendeeId));
}

/** The attendee (and appointment id) behind a link's token hash, if the link has not expired at `now`. */
export async function findInvitation(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ attendeeId: attendees.id, appointmentId: attendees.appointmentId, name: attendees.name, tokenHash: attendees.rsvpTokenHash, response: attendees.response })
    .from(attendees)
    .where(and(eq(attendees.rsvpTokenHash, tokenHash), isNotNull(attendees.rsvpExpiresAt), gte(attendees.rsvpExpiresAt, now)));
  return row ?? null;
}

/**
 * The attendee's stored answer ('yes', 'no' or null), the row locked until the transaction ends:
 * two presses at the same moment are taken one after the other, so the same answer is kept once.
 */
export async function lockAnswer(db: Executor, attendeeId: number): Promise<string | null> {
  const [row] = await db.select({ response: attendees.response }).from(attendees).where(eq(attendees.id, attendeeId)).for('update');
  return row?.response ?? null;
}

/** The attendee's answer: 'yes' confirms, 'no' does not. */
export async function saveAnswer(db: Executor, attendeeId: number, response: 'yes' | 'no', now: Date): Promise<void> {
  await db.update(attendees).set({ response, respondedAt: now, confirmed: response === 'yes' }).where(eq(attendees.id, attendeeId));
}

/** An appointment as its invitation shows it, with no branch scope: the token is the credential. */
export async function loadInvitedAppointment(db: Executor, id: number) {
  const [row] = await db
    .select({
      title: appointments.title,
      date: appointments.date,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      location: appointments.location,
      googleMeetUrl: appointments.googleMeetUrl,
      status: appointments.status,
      branchName: branches.name,
      organiserId: appointments.userId,
    })
    .from(appointments)
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .where(eq(appointments.id, id));
  return row ?? null;
}

// --- calendar feeds -----------------------------------------------------------------------------

export async function saveFeedToken(db: Executor, userId: number, tokenHash: string): Promise<void> {
  await db
    .insert(appointmentFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: appointmentFeeds.userId, set: { tokenHash, createdAt: new Date() } });
}

export async function deleteFeedToken(db: Executor, userId: number): Promise<void> {
  await db.delete(appointmentFeeds).where(eq(appointmentFeeds.userId, userId));
}

export async function findFeedOwner(db: Executor, tokenHash: string): Promise<number | null> {
  const [row] = await db.select({ userId: appointmentFeeds.userId }).from(appointmentFeeds).where(eq(appointmentFeeds.tokenHash, tokenHash));
  return row?.userId ?? null;
}

function toAppointment(row: AppointmentRow, people: AttendeeRow[]): Appointment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    startTime: row.startTime.slice(0, 5),
    endTime: row.endTime.slice(0, 5),
    location: row.location,
    type: row.type,
    attendees: people.map(({ id, externalId, email, name, role, confirmed, response, respondedAt, invitedAt }) => ({
      id,
      externalId,
      email,
      name,
      role,
      confirmed,
      response: response === 'yes' || response === 'no' ? response : null,
      respondedAt: respondedAt?.toISOString() ?? null,
      invitedAt: invitedAt?.toISOString() ?? null,
    })),
    status: row.status,
    branchId: row.branchId,
    userId: row.userId,
    googleMeetUrl: row.googleMeetUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    policyId: row.policyId,
  };
}
