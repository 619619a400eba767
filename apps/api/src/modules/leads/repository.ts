import { and, asc, eq, getTableColumns, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { apiKeyMask, type IfMatch, type LeadColumn, type LeadSource } from '@portal/domain';
import type { Executor } from '../../db/client';
import { isoInstant } from '../../db/json-sql';
import { versionCondition } from '../../db/record-versions';
import { branches, leadColumns, leadNotes, leads, policies, users } from '../../db/schema/index';

export type LeadRow = typeof leads.$inferSelect;
type LeadValues = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type LeadFields = Pick<LeadValues, 'name' | 'phone' | 'phonewhats' | 'email' | 'source' | 'server' | 'apikey' | 'gatewayKind' | 'gatewayInstance' | 'ownerId' | 'followUpDate' | 'policyId'>;

/** One lead of one branch's board: another branch's lead is simply not found. */
const ofBoard = (branchId: number, id: number) => and(eq(leads.id, id), eq(leads.branchId, branchId));

// --- columns ------------------------------------------------------------------------------------

/** The branch's saved columns in board order; none when it never saved any. */
export async function findColumns(db: Executor, branchId: number): Promise<LeadColumn[]> {
  return db
    .select({ id: leadColumns.id, title: leadColumns.title, color: leadColumns.color, isWon: leadColumns.isWon })
    .from(leadColumns)
    .where(eq(leadColumns.branchId, branchId))
    .orderBy(asc(leadColumns.position));
}

/** Holds the branch's row until the transaction ends: two column saves of one board take turns. */
export async function lockBoard(db: Executor, branchId: number): Promise<void> {
  await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).for('update');
}

export async function replaceColumns(db: Executor, branchId: number, columns: LeadColumn[]): Promise<void> {
  await db.delete(leadColumns).where(eq(leadColumns.branchId, branchId));
  await db.insert(leadColumns).values(columns.map((column, position) => ({ ...column, branchId, position })));
}

/** Moves the branch's leads whose column is not in `kept` to `into`; the number moved. */
export async function moveLeadsOutOf(db: Executor, branchId: number, kept: string[], into: string): Promise<number> {
  const moved = await db
    .update(leads)
    .set({ status: into, updatedAt: new Date() })
    .where(and(eq(leads.branchId, branchId), notInArray(leads.status, kept)))
    .returning({ id: leads.id });
  return moved.length;
}

// --- leads --------------------------------------------------------------------------------------

export async function branchExists(db: Executor, branchId: number): Promise<boolean> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
  return row !== undefined;
}

export async function findLead(db: Executor, branchId: number, id: number): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(ofBoard(branchId, id));
  return row ?? null;
}

/** The lead a policy came from, if it is of the branch. */
export async function findLeadOfPolicy(db: Executor, branchId: number, policyId: number): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(and(eq(leads.policyId, policyId), eq(leads.branchId, branchId)));
  return row ?? null;
}

/** The branch of a policy the actor may read: any for admins (scope null), else only their branch's; null when none. */
export async function branchOfPolicy(db: Executor, scope: number | null, policyId: number): Promise<number | null> {
  const [row] = await db
    .select({ branchId: policies.branchId })
    .from(policies)
    .where(scope === null ? eq(policies.id, policyId) : and(eq(policies.id, policyId), eq(policies.branchId, scope)));
  return row?.branchId ?? null;
}

/** Whether the policy exists in the branch (a conversion links only the branch's own policies). */
export async function policyOfBranch(db: Executor, branchId: number, policyId: number): Promise<boolean> {
  const [row] = await db.select({ id: policies.id }).from(policies).where(and(eq(policies.id, policyId), eq(policies.branchId, branchId)));
  return row !== undefined;
}

/** Who may own a lead of the branch: its active agents and managers, by name. */
export async function findOwnerCandidates(db: Executor, branchId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.branchId, branchId), eq(users.status, 'active'), inArray(users.role, ['agent', 'manager'])))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
}

/** Who may own a lead of the branch: its active agents and managers. */
const ownerCandidate = (branchId: number, userId: number) =>
  and(eq(users.id, userId), eq(users.branchId, branchId), eq(users.status, 'active'), inArray(users.role, ['agent', 'manager']));

export async function isOwnerCandidate(db: Executor, branchId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(ownerCandidate(branchId, userId));
  return row !== undefined;
}

/** A user's display name in SQL, as userNames writes it ('Nombre Apellido', `${first} ${last}`.trim()); null without a user. */
const userName = (alias: string) => `btrim(${alias}.first_name || ' ' || ${alias}.last_name)`;

/** Users' display names ('Nombre Apellido') by id. */
export async function userNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

/** The leads of every branch whose follow-up day is `day` and that have an owner. */
export async function findFollowUpsDue(db: Executor, day: string): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.followUpDate, day), isNotNull(leads.ownerId)))
    .orderBy(asc(leads.id));
}

export async function insertLead(db: Executor, values: LeadValues): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

/** Who owns a new lead: a user already checked, or the creator if they may own the board's leads. */
export type NewLeadOwner = { checked: number } | { ifCandidate: number } | null;

/**
 * A new lead in its board's first column (the branch's saved first, else `defaultColumn`), in one
 * statement with its owner's name (issue 30: the columns, the owner's check and the insert were
 * three statements on three pool checkouts, and a new lead waited in the pool's queue three times
 * under load). `ifCandidate` makes that user the owner only if they may own the board's leads.
 */
export async function insertLeadOnBoard(
  db: Executor,
  values: Omit<LeadValues, 'status' | 'ownerId'>,
  owner: NewLeadOwner,
  defaultColumn: string,
): Promise<{ row: LeadRow; ownerName: string }> {
  const ownerId =
    owner === null ? null : 'checked' in owner ? owner.checked : sql`(SELECT ${users.id} FROM ${users} WHERE ${ownerCandidate(values.branchId, owner.ifCandidate)})`;
  const status = sql`coalesce((SELECT ${leadColumns.id} FROM ${leadColumns} WHERE ${leadColumns.branchId} = ${values.branchId} ORDER BY ${leadColumns.position} LIMIT 1), ${defaultColumn})`;
  const [inserted] = await db
    .insert(leads)
    .values({ ...values, ownerId, status })
    .returning({ ...getTableColumns(leads), ownerName: sql<string>`coalesce((SELECT ${sql.raw(userName('u'))} FROM users u WHERE u.id = ${leads.ownerId}), '')` });
  const { ownerName, ...row } = inserted!;
  return { row, ownerName };
}

export async function updateLead(
  db: Executor,
  branchId: number,
  id: number,
  values: Partial<LeadFields> & { status?: string; updatedBy?: number | null },
  ifMatch?: IfMatch,
): Promise<LeadRow | null> {
  const [row] = await db
    .update(leads)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofBoard(branchId, id), versionCondition(leads.version, ifMatch)))
    .returning();
  return row ?? null;
}

export async function deleteLead(db: Executor, branchId: number, id: number): Promise<boolean> {
  const [row] = await db.delete(leads).where(ofBoard(branchId, id)).returning({ id: leads.id });
  return row !== undefined;
}

/** The lead, its row locked until the transaction ends (a note added while it is deleted waits). */
export async function lockLead(db: Executor, branchId: number, id: number): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(ofBoard(branchId, id)).for('update');
  return row ?? null;
}

/** `authorLabel`: where a note nobody of the staff wrote came from ('Formulario web', 'WhatsApp'). */
export async function insertNote(db: Executor, leadId: number, authorId: number | null, body: string, authorLabel = ''): Promise<void> {
  await db.insert(leadNotes).values({ leadId, authorId, body, authorLabel });
}

export type NoteRow = typeof leadNotes.$inferSelect & { authorName: string };

/** The notes of each lead, oldest first, with their authors' names ('' when the author is gone). */
export async function notesOf(db: Executor, leadIds: number[]): Promise<Map<number, NoteRow[]>> {
  const notes = new Map<number, NoteRow[]>();
  if (leadIds.length === 0) return notes;
  const rows = await db
    .select({ note: leadNotes, firstName: users.firstName, lastName: users.lastName })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(inArray(leadNotes.leadId, leadIds))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
  for (const { note, firstName, lastName } of rows) {
    const authorName = note.authorLabel || `${firstName ?? ''} ${lastName ?? ''}`.trim();
    notes.set(note.leadId, [...(notes.get(note.leadId) ?? []), { ...note, authorName }]);
  }
  return notes;
}

/** One note of one lead, locked until the transaction ends. */
export async function lockNote(db: Executor, leadId: number, noteId: number) {
  const [row] = await db
    .select()
    .from(leadNotes)
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, leadId)))
    .for('update');
  return row ?? null;
}

export async function updateNote(db: Executor, noteId: number, body: string): Promise<void> {
  await db.update(leadNotes).set({ body, updatedAt: new Date() }).where(eq(leadNotes.id, noteId));
}

export async function deleteNote(db: Executor, noteId: number): Promise<void> {
  await db.delete(leadNotes).where(eq(leadNotes.id, noteId));
}

// --- the board as JSON (issue 30) ---------------------------------------------------------------

/**
 * GET /api/leads — the branch's board — as the JSON text PostgreSQL builds in one statement
 * (issue 30). Built in Node it took three statements on three pool checkouts (the leads; their
 * notes and owners' names side by side), drizzle mapped every column of every row, each lead
 * became an object and zod passed over the array: 6–8 ms of the server's CPU at a few hundred
 * leads, and under load each checkout is another wait in the pool's queue.
 *
 * The text is byte for byte what the route's serializer wrote (`JSON.stringify` of
 * `leadSchema[]`): `row_to_json` writes compact JSON with the keys in the select list's order —
 * the schema's — and the arrays are joined with ',' (json_agg would write ', '). What depends on
 * the caller is a parameter: the key's mask (browsers never see a stored key, issue 20) and each
 * note's `canEdit` (managers and admins, or the note's author). leads/board-json.test.ts compares this
 * text with the objects' serialization for notes with quotes, emoji, control characters, authors
 * gone, outside labels and leads without owner.
 */


/** The board's filters on the leads aliased `alias`: its branch, and optionally one owner's or one source's. */
const onBoard = (alias: string) => sql`${sql.raw(alias)}.branch_id = ${sql.placeholder('branchId')}::int
  AND (${sql.placeholder('ownerId')}::int IS NULL OR ${sql.raw(alias)}.owner_id = ${sql.placeholder('ownerId')}::int)
  AND (${sql.placeholder('source')}::text IS NULL OR ${sql.raw(alias)}.source = ${sql.placeholder('source')}::text)`;

function prepareBoardJson(db: Executor) {
  const canEdit = sql`(${sql.placeholder('manager')}::boolean OR coalesce(n.author_id = ${sql.placeholder('actorId')}::int, false))`;
  // The notes of the board's leads, aggregated once per lead and joined (a LATERAL per lead read
  // lead_notes once per lead: 3–5× slower at 600 leads).
  const notes = sql`SELECT n.lead_id,
      '[' || string_agg(to_json(n.body)::text, ',' ORDER BY n.created_at, n.id) || ']' AS bodies,
      '[' || string_agg((SELECT row_to_json(s)::text FROM (SELECT n.id AS "id", n.body AS "body", n.author_id AS "author",
        CASE WHEN n.author_label <> '' THEN n.author_label ELSE btrim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) END AS "authorName",
        ${sql.raw(isoInstant('n.created_at'))} AS "createdAt", ${sql.raw(isoInstant('n.updated_at'))} AS "updatedAt",
        ${canEdit} AS "canEdit") s), ',' ORDER BY n.created_at, n.id) || ']' AS list
    FROM lead_notes n JOIN leads nl ON nl.id = n.lead_id LEFT JOIN users a ON a.id = n.author_id
    WHERE ${onBoard('nl')}
    GROUP BY n.lead_id`;
  const lead = sql`SELECT l.id AS "id", l.name AS "name", l.phone AS "phone", l.phonewhats AS "phonewhats", l.email AS "email",
      l.source AS "source", l.server AS "server", CASE WHEN l.apikey <> '' THEN ${apiKeyMask} ELSE '' END AS "apikey",
      l.gateway_kind AS "gatewayKind", l.gateway_instance AS "gatewayInstance", coalesce(ln.bodies, '') AS "notes",
      l.status AS "status", ${sql.raw(isoInstant('l.created_at'))} AS "createdAt", l.owner_id AS "ownerId",
      coalesce(${sql.raw(userName('o'))}, '') AS "ownerName", l.follow_up_date AS "followUpDate", l.policy_id AS "policyId",
      coalesce(ln.list, '[]')::json AS "noteList", l.version AS "version"`;
  return db
    .select({ json: sql<string>`'[' || coalesce(string_agg((SELECT row_to_json(j)::text FROM (${lead}) j), ',' ORDER BY l.created_at DESC, l.id DESC), '') || ']'` })
    .from(sql`${leads} l LEFT JOIN users o ON o.id = l.owner_id LEFT JOIN (${notes}) ln ON ln.lead_id = l.id`)
    .where(onBoard('l'))
    .prepare('lead_board_json');
}

const statements = new WeakMap<Executor, ReturnType<typeof prepareBoardJson>>();

export interface BoardJsonQuery {
  branchId: number;
  ownerId: number | undefined;
  source: LeadSource | undefined;
  actorId: number;
  /** Managers and admins may edit every note. */
  manager: boolean;
}

/** The board's leads, newest first, as the API's JSON array. */
export async function loadBoardJson(db: Executor, query: BoardJsonQuery): Promise<string> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepareBoardJson(db)));
  const [row] = await statement.execute({ ...query, ownerId: query.ownerId ?? null, source: query.source ?? null });
  return row!.json;
}
