import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import {
  appendLeadNote,
  defaultLeadColumns,
  leadMessages as messages,
  type Lead,
  type LeadColumn,
  type LeadInput,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { branches, leadColumns, leads } from '../../db/schema/index';
import { ensure, forbidden, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';

type LeadRow = typeof leads.$inferSelect;

/** The board is the caller's branch's (admins included: a board is a branch's pipeline). */
function boardOf(actor: AuthUser): number {
  if (actor.branchId === null) throw forbidden('No tiene una sucursal asignada');
  return actor.branchId;
}

const ofBoard = (branchId: number, id: number) => and(eq(leads.id, id), eq(leads.branchId, branchId));

// --- columns ------------------------------------------------------------------------------------

export async function boardColumns(db: Executor, branchId: number): Promise<LeadColumn[]> {
  const rows = await db
    .select({ id: leadColumns.id, title: leadColumns.title, color: leadColumns.color })
    .from(leadColumns)
    .where(eq(leadColumns.branchId, branchId))
    .orderBy(asc(leadColumns.position));
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
    await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).for('update');
    await tx.delete(leadColumns).where(eq(leadColumns.branchId, branchId));
    await tx.insert(leadColumns).values(columns.map((column, position) => ({ ...column, branchId, position })));
    const moved = await tx
      .update(leads)
      .set({ status: columns[0]!.id, updatedAt: new Date() })
      .where(and(eq(leads.branchId, branchId), notInArray(leads.status, columns.map((column) => column.id))))
      .returning({ id: leads.id });
    return { columns, moved: moved.length };
  });
}

// --- leads --------------------------------------------------------------------------------------

/** GET /api/leads: the branch's board, newest first. */
export async function listLeads(db: Db, actor: AuthUser): Promise<Lead[]> {
  const rows = await db.select().from(leads).where(eq(leads.branchId, boardOf(actor))).orderBy(desc(leads.createdAt), desc(leads.id));
  return rows.map(toLead);
}

/** POST /api/leads: into the first column; the dialog's notes become the first note. */
export async function createLead(db: Db, actor: AuthUser, input: LeadInput): Promise<Lead> {
  const branchId = boardOf(actor);
  const [first] = await boardColumns(db, branchId);
  const { notes, ...fields } = input;
  const [row] = await db
    .insert(leads)
    .values({ ...fields, notes: notes ? appendLeadNote('', notes) : '', status: first!.id, branchId, createdBy: actor.id })
    .returning();
  return toLead(row!);
}

/**
 * POST /api/leads/update/{id} (and the spec's /uodate/): the dialog's fields. Notes are only ever
 * added (POST …/notes), so an edit made while a colleague adds a note cannot erase it.
 */
export async function updateLead(db: Db, actor: AuthUser, id: number, input: LeadInput): Promise<Lead> {
  const { notes: _notes, ...fields } = input;
  const [row] = await db.update(leads).set({ ...fields, updatedAt: new Date() }).where(ofBoard(boardOf(actor), id)).returning();
  return toLead(ensure(row, notFound(messages.notFound)));
}

/** POST /api/leads/{id}/status/{status}: any column to any column of the branch's board. */
export async function changeStatus(db: Db, actor: AuthUser, id: number, status: string): Promise<Lead> {
  const branchId = boardOf(actor);
  const columns = await boardColumns(db, branchId);
  if (!columns.some((column) => column.id === status)) throw invalidField('status', messages.unknownStatus);
  const [row] = await db.update(leads).set({ status, updatedAt: new Date() }).where(ofBoard(branchId, id)).returning();
  return toLead(ensure(row, notFound(messages.notFound)));
}

/** GET /api/leads/del/{id}. */
export async function deleteLead(db: Db, actor: AuthUser, id: number): Promise<void> {
  const [row] = await db.delete(leads).where(ofBoard(boardOf(actor), id)).returning({ id: leads.id });
  ensure(row, notFound(messages.notFound));
}

/**
 * POST /api/leads/{id}/notes: read, append and write under a row lock, so notes added at the same
 * moment by different people all stay (none overwrites another).
 */
export async function addNote(db: Db, actor: AuthUser, id: number, note: string): Promise<Lead> {
  const branchId = boardOf(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ notes: leads.notes }).from(leads).where(ofBoard(branchId, id)).for('update');
    ensure(current, notFound(messages.notFound));
    const [row] = await tx
      .update(leads)
      .set({ notes: appendLeadNote(current!.notes, note), updatedAt: new Date() })
      .where(eq(leads.id, id))
      .returning();
    return toLead(row!);
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
