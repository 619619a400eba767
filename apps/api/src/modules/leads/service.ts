import {
  type IfMatch,
  defaultLeadColumns,
  formatPhone,
  hasRole,
  leadMessages as messages,
  isAnonymisedLead,
  managerRoles,
  policyMessages,
  type Lead,
  type LeadColumn,
  type LeadInput,
  type LeadListQuery,
  type LeadNote,
  type LeadOwner,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { staleVersionError } from '../../db/record-versions';
import { conflict, ensure, forbidden, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import { JsonText } from '../../lib/json-text';
import type { AuthUser } from '../../lib/auth-user';
import { notify } from '../notifications/index';
import { maskedLeadApiKey } from '../whatsapp/index';
import * as repo from './repository';
import type { LeadRow, NoteRow } from './repository';

/** `?branchId=` of a request: which board an admin asked for. */
export interface BoardChoice {
  branchId?: number | undefined;
}

/**
 * The board a call works on: the caller's branch; an admin may name another with `?branchId=`
 * (issue 20: admins choose the branch). Other roles' `branchId` is ignored: their board is their
 * branch's, so another branch's lead stays a 404 for them.
 */
async function boardOf(db: Executor, actor: AuthUser, choice: BoardChoice = {}): Promise<number> {
  if (actor.role === 'admin' && choice.branchId !== undefined) {
    if (!(await repo.branchExists(db, choice.branchId))) throw notFound(messages.branchNotFound);
    return choice.branchId;
  }
  if (actor.branchId === null) throw forbidden(messages.chooseBranch);
  return actor.branchId;
}

const isManager = (actor: AuthUser) => hasRole(actor.role, managerRoles);

// --- columns ------------------------------------------------------------------------------------

async function boardColumns(db: Executor, branchId: number): Promise<LeadColumn[]> {
  const rows = await repo.findColumns(db, branchId);
  return rows.length > 0 ? rows : defaultLeadColumns;
}

export async function getColumns(db: Db, actor: AuthUser, choice?: BoardChoice): Promise<LeadColumn[]> {
  return boardColumns(db, await boardOf(db, actor, choice));
}

/**
 * Replaces the branch's columns (order included). Leads left in a column that no longer exists
 * move to the first one, in the same transaction; the answer says how many moved.
 */
export async function saveColumns(db: Db, actor: AuthUser, columns: LeadColumn[], choice?: BoardChoice): Promise<{ columns: LeadColumn[]; moved: number }> {
  const branchId = await boardOf(db, actor, choice);
  return db.transaction(async (tx) => {
    // Two saves at once take turns on the branch row; otherwise both delete, then both insert (a 500).
    await repo.lockBoard(tx, branchId);
    await repo.replaceColumns(tx, branchId, columns);
    const moved = await repo.moveLeadsOutOf(tx, branchId, columns.map((column) => column.id), columns[0]!.id);
    return { columns, moved };
  });
}

/** GET /api/leads/owners: who may own a lead of the board ('Responsable'). */
export async function listOwners(db: Db, actor: AuthUser, choice?: BoardChoice): Promise<LeadOwner[]> {
  return repo.findOwnerCandidates(db, await boardOf(db, actor, choice));
}

// --- leads --------------------------------------------------------------------------------------

/**
 * GET /api/leads: the branch's board, newest first; `owner=me` is 'Mis leads'. The JSON is
 * PostgreSQL's (repository.ts, loadBoardJson), one statement, sent as it is.
 */
export async function listLeads(db: Db, actor: AuthUser, query: LeadListQuery = {}): Promise<JsonText> {
  const branchId = await boardOf(db, actor, { branchId: query.branchId === undefined ? undefined : Number(query.branchId) });
  const ownerId = query.owner === 'me' ? actor.id : query.owner === undefined ? undefined : Number(query.owner);
  return new JsonText(await repo.loadBoardJson(db, { branchId, ownerId, source: query.source, actorId: actor.id, manager: isManager(actor) }));
}

/** GET /api/leads/{id}: one lead (the policy form reads it to prefill a conversion). */
export async function getLead(db: Db, actor: AuthUser, id: number, choice?: BoardChoice): Promise<Lead> {
  const row = ensure(await repo.findLead(db, await boardOf(db, actor, choice), id), notFound(messages.notFound));
  return leadWithNotes(db, actor, row);
}

/**
 * GET /api/leads/of-policy/{policyId}: the lead a policy came from (its expediente's 'Lead de
 * origen'), or null: most policies come from no lead, and that is an answer, not an error. A
 * policy the actor cannot read (another branch's, or none) is the 404 the expediente gives.
 */
export async function getLeadOfPolicy(db: Db, actor: AuthUser, policyId: number): Promise<Lead | null> {
  const scope = actor.role === 'admin' ? null : actor.branchId;
  const branchId = actor.role !== 'admin' && scope === null ? null : await repo.branchOfPolicy(db, scope, policyId);
  if (branchId === null) throw notFound(policyMessages.notFound);
  const row = await repo.findLeadOfPolicy(db, branchId, policyId);
  return row ? leadWithNotes(db, actor, row) : null;
}

async function toLeads(db: Executor, actor: AuthUser, rows: LeadRow[]): Promise<Lead[]> {
  const [notes, owners] = await Promise.all([
    repo.notesOf(db, rows.map((row) => row.id)),
    repo.userNames(db, rows.flatMap((row) => (row.ownerId === null ? [] : [row.ownerId]))),
  ]);
  return rows.map((row) => toLead(row, notes.get(row.id) ?? [], actor, row.ownerId === null ? '' : (owners.get(row.ownerId) ?? '')));
}

async function leadWithNotes(db: Executor, actor: AuthUser, row: LeadRow): Promise<Lead> {
  const [lead] = await toLeads(db, actor, [row]);
  return lead!;
}

/** The owner must be an active agent or manager of the lead's branch (null: nobody). */
async function checkOwner(db: Executor, branchId: number, ownerId: number | null | undefined): Promise<void> {
  if (ownerId === null || ownerId === undefined) return;
  if (!(await repo.isOwnerCandidate(db, branchId, ownerId))) throw invalidField('ownerId', messages.ownerInvalid);
}

/**
 * POST /api/leads: into the first column; the dialog's notes become the first note. The owner
 * defaults to the creator when they work in that branch (an admin creating on another branch's
 * board leaves it unowned unless they choose one).
 */
export async function createLead(db: Db, actor: AuthUser, input: LeadInput, choice?: BoardChoice): Promise<Lead> {
  const branchId = await boardOf(db, actor, choice);
  const { notes, ownerId, followUpDate, ...fields } = input;
  const owner = await newLeadOwner(db, branchId, actor, ownerId);
  const values = { ...fields, followUpDate: followUpDate ?? null, branchId, createdBy: actor.id };
  const firstDefault = defaultLeadColumns[0]!.id;
  const note = notes?.trim();
  // A new lead has no notes but the dialog's, and its column and owner's name come back with the
  // insert (issue 30: a create sent eight statements, now one without a note or a chosen owner).
  // Without a note it is one INSERT, atomic on its own; with one, the lead and its note are one
  // transaction.
  if (!note) {
    const { row, ownerName } = await repo.insertLeadOnBoard(db, values, owner, firstDefault);
    return toLead(row, [], actor, ownerName);
  }
  return db.transaction(async (tx) => {
    const { row, ownerName } = await repo.insertLeadOnBoard(tx, values, owner, firstDefault);
    await repo.insertNote(tx, row.id, actor.id, note);
    return toLead(row, (await repo.notesOf(tx, [row.id])).get(row.id) ?? [], actor, ownerName);
  });
}

/**
 * A new lead's owner: the one chosen (checked as checkOwner does: 400 when they may not own the
 * board's leads), nobody when null is chosen, else the creator when they may own them (checked by
 * the insert itself).
 */
async function newLeadOwner(db: Executor, branchId: number, actor: AuthUser, chosen: number | null | undefined): Promise<repo.NewLeadOwner> {
  if (chosen === null) return null;
  if (chosen === undefined) return { ifCandidate: actor.id };
  await checkOwner(db, branchId, chosen);
  return { checked: chosen };
}

/**
 * POST /api/leads/update/{id} (and the spec's /uodate/): the dialog's fields. Notes are only ever
 * added (POST …/notes), so an edit made while a colleague adds a note cannot erase it. An owner or
 * follow-up date left out of the body stays as it is (clients written to the spec do not send them).
 */
export async function updateLead(db: Db, actor: AuthUser, id: number, input: LeadInput, choice?: BoardChoice, ifMatch?: IfMatch): Promise<Lead> {
  const branchId = await boardOf(db, actor, choice);
  const { notes: _notes, ownerId, followUpDate, ...fields } = input;
  await checkOwner(db, branchId, ownerId);
  // With If-Match, one UPDATE writes only the version the form was loaded at (decision 023).
  const values = { ...fields, ...(ownerId !== undefined ? { ownerId } : {}), ...(followUpDate !== undefined ? { followUpDate } : {}), updatedBy: actor.id };
  const row = await repo.updateLead(db, branchId, id, values, ifMatch);
  if (!row && (await repo.findLead(db, branchId, id))) throw await staleVersionError(db, 'leads', id);
  return leadWithNotes(db, actor, ensure(row, notFound(messages.notFound)));
}

/** POST /api/leads/{id}/status/{status}: any column to any column of the branch's board. */
export async function changeStatus(db: Db, actor: AuthUser, id: number, status: string, choice?: BoardChoice): Promise<Lead> {
  const branchId = await boardOf(db, actor, choice);
  const columns = await boardColumns(db, branchId);
  if (!columns.some((column) => column.id === status)) throw invalidField('status', messages.unknownStatus);
  const row = await repo.updateLead(db, branchId, id, { status, updatedBy: actor.id });
  return leadWithNotes(db, actor, ensure(row, notFound(messages.notFound)));
}

/** GET /api/leads/del/{id}. */
export async function deleteLead(db: Db, actor: AuthUser, id: number, choice?: BoardChoice): Promise<void> {
  if (!(await repo.deleteLead(db, await boardOf(db, actor, choice), id))) throw notFound(messages.notFound);
}

/**
 * POST /api/leads/{id}/convert { policyId }: 'Convertir en póliza' once the policy is saved. The
 * policy must be of the lead's branch; a lead converts once (409), a policy has one lead (409).
 * The lead moves to the board's won column, or stays where it is when none is marked.
 */
export async function convertLead(db: Db, actor: AuthUser, id: number, policyId: number, choice?: BoardChoice): Promise<Lead> {
  const branchId = await boardOf(db, actor, choice);
  try {
    return await db.transaction(async (tx) => {
      const lead = ensure(await repo.lockLead(tx, branchId, id), notFound(messages.notFound));
      if (lead.policyId !== null) throw conflict(messages.alreadyConverted);
      if (isAnonymisedLead(lead)) throw conflict(messages.anonymised);
      if (!(await repo.policyOfBranch(tx, branchId, policyId))) throw notFound(messages.policyNotFound);
      const won = (await boardColumns(tx, branchId)).find((column) => column.isWon);
      const row = await repo.updateLead(tx, branchId, id, { policyId, ...(won ? { status: won.id } : {}), updatedBy: actor.id });
      return leadWithNotes(tx, actor, row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'leads_policy_id_key')) throw conflict(messages.policyTaken);
    throw error;
  }
}

// --- notes --------------------------------------------------------------------------------------

/** POST /api/leads/{id}/notes: one more note, by the acting user (issue 20: notes are rows). */
export async function addNote(db: Db, actor: AuthUser, id: number, note: string, choice?: BoardChoice): Promise<Lead> {
  const branchId = await boardOf(db, actor, choice);
  return db.transaction(async (tx) => {
    const row = ensure(await repo.lockLead(tx, branchId, id), notFound(messages.notFound));
    await repo.insertNote(tx, id, actor.id, note.trim());
    return leadWithNotes(tx, actor, row);
  });
}

const mayEditNote = (actor: AuthUser, note: Pick<NoteRow, 'authorId'>) => isManager(actor) || note.authorId === actor.id;

/**
 * PUT and DELETE /api/leads/{id}/notes/{noteId}: authors change their own notes, managers and
 * admins any (an agent on another's note: 403). `body` null deletes.
 */
export async function changeNote(db: Db, actor: AuthUser, id: number, noteId: number, body: string | null, choice?: BoardChoice): Promise<Lead> {
  const branchId = await boardOf(db, actor, choice);
  return db.transaction(async (tx) => {
    const lead = ensure(await repo.lockLead(tx, branchId, id), notFound(messages.notFound));
    const note = ensure(await repo.lockNote(tx, id, noteId), notFound(messages.noteNotFound));
    if (!mayEditNote(actor, note)) throw forbidden(messages.noteForbidden);
    if (body === null) await repo.deleteNote(tx, noteId);
    else await repo.updateNote(tx, noteId, body.trim());
    return leadWithNotes(tx, actor, lead);
  });
}

// --- follow-ups (job 'lead-follow-ups') ---------------------------------------------------------

const mexicoCityDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The daily follow-up notices: each lead whose follow-up day is today (Mexico City) tells its
 * owner. Deduped per lead and day, so a second run the same day tells nobody twice. Answers the
 * day and how many notices were written now.
 */
export async function sendLeadFollowUps(db: Db, now: Date): Promise<{ today: string; notified: number }> {
  const today = mexicoCityDay.format(now);
  return db.transaction(async (tx) => {
    let notified = 0;
    for (const lead of await repo.findFollowUpsDue(tx, today)) {
      const written = await notify(tx, {
        recipients: [lead.ownerId!],
        kind: 'lead_follow_up',
        title: messages.followUpTitle(lead.name.trim() || messages.noName),
        body: messages.followUpBody(formatPhone(lead.phone)),
        leadId: lead.id,
        dedupeKey: `lead_follow_up:${lead.id}:${today}`,
      });
      notified += written.length;
    }
    return { today, notified };
  });
}

// --- the answer ---------------------------------------------------------------------------------

function toNote(note: NoteRow, actor: AuthUser): LeadNote {
  return {
    id: note.id,
    body: note.body,
    author: note.authorId,
    authorName: note.authorName,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    canEdit: mayEditNote(actor, note),
  };
}

/**
 * `notes` keeps the spec's form for its clients: a JSON array of the notes' texts ('' without
 * notes); `noteList` has each note with its author and time.
 */
function toLead(row: LeadRow, notes: NoteRow[], actor: AuthUser, ownerName: string): Lead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    phonewhats: row.phonewhats,
    email: row.email,
    source: row.source,
    server: row.server,
    // Issue 20 (WhatsApp part): keys are write-only; browsers get a mask.
    apikey: maskedLeadApiKey(row.apikey),
    gatewayKind: row.gatewayKind,
    gatewayInstance: row.gatewayInstance,
    notes: notes.length > 0 ? JSON.stringify(notes.map((note) => note.body)) : '',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ownerId: row.ownerId,
    ownerName,
    followUpDate: row.followUpDate,
    policyId: row.policyId,
    noteList: notes.map((note) => toNote(note, actor)),
    version: row.version,
  };
}

// --- issue 20, lead capture (capture helper): leads that arrive by themselves --------------------

export interface OutsideLead {
  branchId: number;
  name: string;
  /** E.164 or ''. */
  phone: string;
  phonewhats: string;
  /** The e-mail the person gave ('' when none). */
  email: string;
  source: string;
  /** The person's message, kept as the lead's first note (no author: nobody of the staff wrote it). */
  firstNote: string;
  /** Where it came from, the note's author as the board shows it ('Formulario web', 'WhatsApp'). */
  via: string;
}

/**
 * A lead nobody of the staff typed in (the public web form, the WhatsApp gateway's webhook): into
 * the branch's first column, with its first note, in one transaction. Answers the new lead's id.
 */
export async function createLeadFromOutside(db: Executor, lead: OutsideLead): Promise<number> {
  const [first] = await boardColumns(db, lead.branchId);
  return db.transaction(async (tx) => {
    const row = await repo.insertLead(tx, {
      branchId: lead.branchId,
      name: lead.name.slice(0, 200),
      phone: lead.phone,
      phonewhats: lead.phonewhats,
      email: lead.email,
      source: lead.source,
      status: first!.id,
      createdBy: null,
    });
    if (lead.firstNote.trim()) await repo.insertNote(tx, row.id, null, lead.firstNote.trim(), lead.via);
    return row.id;
  });
}
// --- end of the lead capture addition ------------------------------------------------------------
