import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { businessTimeZone, type Appointment, type AppointmentInput, type AttendeeInput } from '@portal/domain';
import type { Executor } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/capped-count';
import { containsPattern, foldSql } from '../../db/sql-search';
import { appointmentFeeds, appointments, attendees, policies } from '../../db/schema/index';
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
  return rows.map((row) => toAppointment(row, byAppointment.get(row.id) ?? []));
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
    .select({ id: appointments.id, userId: appointments.userId, branchId: appointments.branchId, status: appointments.status, policyId: appointments.policyId })
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
 * the others inserted, and the ones no longer sent deleted.
 */
export async function writeAttendees(db: Executor, appointmentId: number, people: AttendeeInput[]): Promise<void> {
  const existing = await db.select({ id: attendees.id }).from(attendees).where(eq(attendees.appointmentId, appointmentId));
  const ownIds = new Set(existing.map((row) => row.id));
  const kept = people.filter((person) => person.id !== undefined && ownIds.has(person.id)).map((person) => person.id!);
  await db
    .delete(attendees)
    .where(and(eq(attendees.appointmentId, appointmentId), kept.length > 0 ? notInArray(attendees.id, kept) : undefined));
  for (const person of people) {
    const values = { externalId: person.externalId, name: person.name, email: person.email, role: person.role, confirmed: person.confirmed };
    if (person.id !== undefined && ownIds.has(person.id)) await db.update(attendees).set(values).where(eq(attendees.id, person.id));
    else await db.insert(attendees).values({ ...values, appointmentId });
  }
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
    attendees: people.map(({ id, externalId, email, name, role, confirmed }) => ({ id, externalId, email, name, role, confirmed })),
    status: row.status,
    branchId: row.branchId,
    userId: row.userId,
    googleMeetUrl: row.googleMeetUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    policyId: row.policyId,
  };
}
