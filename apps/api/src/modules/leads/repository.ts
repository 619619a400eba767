import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type { LeadColumn } from '@portal/domain';
import type { Executor } from '../../db/client';
import { branches, leadColumns, leads } from '../../db/schema/index';

export type LeadRow = typeof leads.$inferSelect;
type LeadValues = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type LeadFields = Pick<LeadValues, 'name' | 'phone' | 'phonewhats' | 'source' | 'server' | 'apikey'>;

/** One lead of one branch's board: another branch's lead is simply not found. */
const ofBoard = (branchId: number, id: number) => and(eq(leads.id, id), eq(leads.branchId, branchId));

// --- columns ------------------------------------------------------------------------------------

/** The branch's saved columns in board order; none when it never saved any. */
export async function findColumns(db: Executor, branchId: number): Promise<LeadColumn[]> {
  return db
    .select({ id: leadColumns.id, title: leadColumns.title, color: leadColumns.color })
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

/** The branch's board, newest first. */
export async function listLeads(db: Executor, branchId: number): Promise<LeadRow[]> {
  return db.select().from(leads).where(eq(leads.branchId, branchId)).orderBy(desc(leads.createdAt), desc(leads.id));
}

export async function insertLead(db: Executor, values: LeadValues): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

export async function updateLead(
  db: Executor,
  branchId: number,
  id: number,
  values: Partial<LeadFields> & { status?: string },
): Promise<LeadRow | null> {
  const [row] = await db.update(leads).set({ ...values, updatedAt: new Date() }).where(ofBoard(branchId, id)).returning();
  return row ?? null;
}

export async function deleteLead(db: Executor, branchId: number, id: number): Promise<boolean> {
  const [row] = await db.delete(leads).where(ofBoard(branchId, id)).returning({ id: leads.id });
  return row !== undefined;
}

/** The lead's notes, its row locked until the transaction ends (notes added at once take turns). */
export async function lockNotes(db: Executor, branchId: number, id: number): Promise<string | null> {
  const [row] = await db.select({ notes: leads.notes }).from(leads).where(ofBoard(branchId, id)).for('update');
  return row?.notes ?? null;
}

export async function setNotes(db: Executor, id: number, notes: string): Promise<LeadRow> {
  const [row] = await db.update(leads).set({ notes, updatedAt: new Date() }).where(eq(leads.id, id)).returning();
  return row!;
}
