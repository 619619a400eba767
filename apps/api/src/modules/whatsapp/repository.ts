import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, leads, users, whatsappGateways, whatsappMessages, whatsappTemplates } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';

export type GatewayRow = typeof whatsappGateways.$inferSelect;
export type TemplateRow = typeof whatsappTemplates.$inferSelect;
export type MessageRow = typeof whatsappMessages.$inferSelect;

// --- gateways -----------------------------------------------------------------------------------

export async function findGateway(db: Executor, branchId: number, forUpdate = false): Promise<GatewayRow | null> {
  const query = db.select().from(whatsappGateways).where(eq(whatsappGateways.branchId, branchId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A branch's first gateway; the unique index on the branch refuses a second (two first saves at once). */
export async function insertGateway(db: Executor, branchId: number, values: GatewayValues): Promise<GatewayRow> {
  const [row] = await db
    .insert(whatsappGateways)
    .values({ branchId, ...values, apiKey: values.apiKey ?? '' })
    .returning();
  return row!;
}

interface GatewayValues {
  kind: string;
  serverUrl: string;
  instance: string;
  /** Sealed; undefined keeps the stored one. */
  apiKey: string | undefined;
  updatedBy: number;
}

/** One row per branch: inserted the first time, updated after (the key only when a new one is given). */
export async function upsertGateway(db: Executor, branchId: number, values: GatewayValues): Promise<GatewayRow> {
  const { apiKey, ...rest } = values;
  const now = new Date();
  const [row] = await db
    .insert(whatsappGateways)
    .values({ branchId, ...rest, apiKey: apiKey ?? '', updatedAt: now })
    .onConflictDoUpdate({ target: whatsappGateways.branchId, set: { ...rest, ...(apiKey === undefined ? {} : { apiKey }), updatedAt: now } })
    .returning();
  return row!;
}

// --- templates ----------------------------------------------------------------------------------

export async function listTemplates(db: Executor, scope: BranchScope): Promise<TemplateRow[]> {
  return db
    .select()
    .from(whatsappTemplates)
    .where(inBranchScope(whatsappTemplates.branchId, scope))
    .orderBy(asc(whatsappTemplates.branchId), asc(sql`lower(${whatsappTemplates.name})`), asc(whatsappTemplates.id));
}

export async function findTemplate(db: Executor, id: number, scope: BranchScope): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.id, id), inBranchScope(whatsappTemplates.branchId, scope)));
  return row ?? null;
}

export async function insertTemplate(db: Executor, values: { branchId: number; name: string; body: string }): Promise<TemplateRow> {
  const [row] = await db.insert(whatsappTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(db: Executor, id: number, scope: BranchScope, values: { name: string; body: string }): Promise<TemplateRow | null> {
  const [row] = await db
    .update(whatsappTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(whatsappTemplates.id, id), inBranchScope(whatsappTemplates.branchId, scope)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Executor, id: number, scope: BranchScope): Promise<boolean> {
  const [row] = await db
    .delete(whatsappTemplates)
    .where(and(eq(whatsappTemplates.id, id), inBranchScope(whatsappTemplates.branchId, scope)))
    .returning({ id: whatsappTemplates.id });
  return row !== undefined;
}

// --- leads (read only: the fields sending needs) ------------------------------------------------

/** What sending needs of a lead, with its branch's name; another branch's lead (outside the scope) is not found. */
export async function findLeadForSending(db: Executor, leadId: number, scope: BranchScope) {
  const [row] = await db
    .select({
      id: leads.id,
      branchId: leads.branchId,
      branchName: branches.name,
      name: leads.name,
      phone: leads.phone,
      phonewhats: leads.phonewhats,
    })
    .from(leads)
    .innerJoin(branches, eq(branches.id, leads.branchId))
    .where(and(eq(leads.id, leadId), inBranchScope(leads.branchId, scope)));
  return row ?? null;
}
export type LeadForSending = NonNullable<Awaited<ReturnType<typeof findLeadForSending>>>;

export async function userName(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

// --- messages -----------------------------------------------------------------------------------

export async function insertMessage(
  db: Executor,
  values: { leadId: number; branchId: number; phone: string; body: string; sentBy: number; nextAttemptAt: Date },
): Promise<MessageRow> {
  const [row] = await db.insert(whatsappMessages).values({ ...values, direction: 'out', status: 'queued' }).returning();
  return row!;
}

/** The lead's log, newest first, with who sent each message. */
export async function listMessages(db: Executor, leadId: number) {
  return db
    .select({ message: whatsappMessages, sentByName: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')` })
    .from(whatsappMessages)
    .leftJoin(users, eq(users.id, whatsappMessages.sentBy))
    .where(eq(whatsappMessages.leadId, leadId))
    .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id));
}

export async function messageWithSender(db: Executor, id: number) {
  const [row] = await db
    .select({ message: whatsappMessages, sentByName: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')` })
    .from(whatsappMessages)
    .leftJoin(users, eq(users.id, whatsappMessages.sentBy))
    .where(eq(whatsappMessages.id, id));
  return row!;
}

export type ClaimedMessage = Pick<MessageRow, 'id' | 'leadId' | 'branchId' | 'phone' | 'body' | 'attempts'>;

const claimedColumns = {
  id: whatsappMessages.id,
  leadId: whatsappMessages.leadId,
  branchId: whatsappMessages.branchId,
  phone: whatsappMessages.phone,
  body: whatsappMessages.body,
  attempts: whatsappMessages.attempts,
};

/**
 * Takes up to `limit` queued messages due at `now` (or only message `onlyId`) and pushes their
 * next attempt to `leaseUntil`, in one statement: rows another instance holds are skipped (SKIP
 * LOCKED) and a claimed row is not due for anyone else until its lease ends, so each is sent once.
 */
export async function claimDueMessages(db: Executor, now: Date, leaseUntil: Date, limit: number, onlyId?: number): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.status, 'queued'),
        lte(whatsappMessages.nextAttemptAt, now),
        onlyId === undefined ? undefined : eq(whatsappMessages.id, onlyId),
      ),
    )
    .orderBy(whatsappMessages.nextAttemptAt, whatsappMessages.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(whatsappMessages).set({ nextAttemptAt: leaseUntil }).where(inArray(whatsappMessages.id, due)).returning(claimedColumns);
}

export async function markSent(db: Executor, id: number, at: Date, gatewayMessageId: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ status: 'sent', attempts: sql`${whatsappMessages.attempts} + 1`, sentAt: at, gatewayMessageId, gatewayResponse: '' })
    .where(eq(whatsappMessages.id, id));
}

/** One failed attempt: tried again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(db: Executor, id: number, gatewayResponse: string, retryAt: Date | null): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({
      attempts: sql`${whatsappMessages.attempts} + 1`,
      gatewayResponse,
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' }),
    })
    .where(eq(whatsappMessages.id, id));
}
