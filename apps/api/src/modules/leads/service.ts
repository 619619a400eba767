import {
  appendLeadNote,
  defaultLeadColumns,
  leadMessages as messages,
  type Lead,
  type LeadColumn,
  type LeadInput,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { ensure, forbidden, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './repository';
import type { LeadRow } from './repository';

/** The board is the caller's branch's (admins included: a board is a branch's pipeline). */
function boardOf(actor: AuthUser): number {
  if (actor.branchId === null) throw forbidden('No tiene una sucursal asignada');
  return actor.branchId;
}

// --- columns ------------------------------------------------------------------------------------

async function boardColumns(db: Executor, branchId: number): Promise<LeadColumn[]> {
  const rows = await repo.findColumns(db, branchId);
  return rows.length > 0 ? rows : defaultLeadColumns;
}

export async function getColumns(db: Db, actor: AuthUser): Promise<LeadColumn[]> {
  return boardColumns(db, boardOf(actor));
}

/**
 * Replaces the branch's columns (order included). Leads left in a column that no longer exists
 * move to the first one, in the same transaction; the answer says how many moved.
 */
export async function saveColumns(db: Db, actor: AuthUser, columns: LeadColumn[]): Promise<{ columns: LeadColumn[]; moved: number }> {
  const branchId = boardOf(actor);
  return db.transaction(async (tx) => {
    // Two saves at once take turns on the branch row; otherwise both delete, then both insert (a 500).
    await repo.lockBoard(tx, branchId);
    await repo.replaceColumns(tx, branchId, columns);
    const moved = await repo.moveLeadsOutOf(tx, branchId, columns.map((column) => column.id), columns[0]!.id);
    return { columns, moved };
  });
}

// --- leads --------------------------------------------------------------------------------------

/** GET /api/leads: the branch's board, newest first. */
export async function listLeads(db: Db, actor: AuthUser): Promise<Lead[]> {
  const rows = await repo.listLeads(db, boardOf(actor));
  return rows.map(toLead);
}

/** POST /api/leads: into the first column; the dialog's notes become the first note. */
export async function createLead(db: Db, actor: AuthUser, input: LeadInput): Promise<Lead> {
  const branchId = boardOf(actor);
  const [first] = await boardColumns(db, branchId);
  const { notes, ...fields } = input;
  const row = await repo.insertLead(db, { ...fields, notes: notes ? appendLeadNote('', notes) : '', status: first!.id, branchId, createdBy: actor.id });
  return toLead(row);
}

/**
 * POST /api/leads/update/{id} (and the spec's /uodate/): the dialog's fields. Notes are only ever
 * added (POST …/notes), so an edit made while a colleague adds a note cannot erase it.
 */
export async function updateLead(db: Db, actor: AuthUser, id: number, input: LeadInput): Promise<Lead> {
  const { notes: _notes, ...fields } = input;
  const row = await repo.updateLead(db, boardOf(actor), id, fields);
  return toLead(ensure(row, notFound(messages.notFound)));
}

/** POST /api/leads/{id}/status/{status}: any column to any column of the branch's board. */
export async function changeStatus(db: Db, actor: AuthUser, id: number, status: string): Promise<Lead> {
  const branchId = boardOf(actor);
  const columns = await boardColumns(db, branchId);
  if (!columns.some((column) => column.id === status)) throw invalidField('status', messages.unknownStatus);
  const row = await repo.updateLead(db, branchId, id, { status });
  return toLead(ensure(row, notFound(messages.notFound)));
}

/** GET /api/leads/del/{id}. */
export async function deleteLead(db: Db, actor: AuthUser, id: number): Promise<void> {
  if (!(await repo.deleteLead(db, boardOf(actor), id))) throw notFound(messages.notFound);
}

/**
 * POST /api/leads/{id}/notes: read, append and write under a row lock, so notes added at the same
 * moment by different people all stay (none overwrites another).
 */
export async function addNote(db: Db, actor: AuthUser, id: number, note: string): Promise<Lead> {
  const branchId = boardOf(actor);
  return db.transaction(async (tx) => {
    const current = ensure(await repo.lockNotes(tx, branchId, id), notFound(messages.notFound));
    return toLead(await repo.setNotes(tx, id, appendLeadNote(current, note)));
  });
}

function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    phonewhats: row.phonewhats,
    source: row.source,
    server: row.server,
    apikey: row.apikey,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
