import { and, asc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { policySearchText, type PolicyStatus } from '@portal/domain';
import type { Executor } from '../db/client';
import { branches, emailOutbox, guarantorVehicles, guarantors, investigationDocuments, notifications, policies, policyEvents, policyNumberCounters, users } from '../db/schema/index';
import type { AuthUser } from '../lib/auth-user';
import { policyHasGuarantor } from '../db/policy-columns';

/**
 * The demo seed's repository: what it reads to pick its branch, user and policies, and what no
 * service writes (backdated history, folios of past dates, documents of decided investigations).
 * Everything else the seed writes goes through the modules' services.
 */

// --- who and where -------------------------------------------------------------------------------

interface BranchRow {
  id: number;
  name: string;
  code: string;
}

export async function findBranch(db: Executor, id: number): Promise<BranchRow | null> {
  const [row] = await db.select({ id: branches.id, name: branches.name, code: branches.code }).from(branches).where(eq(branches.id, id));
  return row ?? null;
}

/** The branch named Sucursal Polanco, else the first one. */
export async function findDefaultBranch(db: Executor): Promise<BranchRow | null> {
  const [row] = await db
    .select({ id: branches.id, name: branches.name, code: branches.code })
    .from(branches)
    .orderBy(sql`lower(${branches.name}) = 'sucursal polanco' desc`, asc(branches.id))
    .limit(1);
  return row ?? null;
}

const userColumns = { id: users.id, email: users.email, role: users.role, branchId: users.branchId };

/** The branch's first active user who is not an admin. */
export async function findFirstActiveStaff(db: Executor, branchId: number): Promise<AuthUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.branchId, branchId), eq(users.status, 'active'), ne(users.role, 'admin')))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

export async function findFirstActiveAdmin(db: Executor): Promise<AuthUser | null> {
  const [row] = await db.select(userColumns).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active'))).orderBy(asc(users.id)).limit(1);
  return row ?? null;
}

// --- the demo's policies -------------------------------------------------------------------------

/** The branch's policies whose special note starts with `marker`. */
export async function findPolicyIdsByNotePrefix(db: Executor, branchId: number, marker: string): Promise<number[]> {
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.branchId, branchId), like(policies.specialnote, `${marker}%`)));
  return rows.map((row) => row.id);
}

export async function countPoliciesByStatus(db: Executor, ids: number[]): Promise<Array<{ status: PolicyStatus; count: number }>> {
  return db
    .select({ status: policies.status, count: sql<number>`count(*)::int` })
    .from(policies)
    .where(inArray(policies.id, ids))
    .groupBy(policies.status);
}

export async function countPolicyEvents(db: Executor, policyIds: number[]): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(policyEvents).where(inArray(policyEvents.policyId, policyIds));
  return row?.count ?? 0;
}

/** The branch's active policies with what an appointment about them says (people and address). */
export async function findActivePolicies(db: Executor, branchId: number) {
  return db
    .select({ id: policies.id, tenantNames: policies.tenantNames, owner: policies.ownerName, street: policies.street, number: policies.exteriorNumber, colony: policies.colony })
    .from(policies)
    .where(and(eq(policies.branchId, branchId), eq(policies.status, 'active')))
    .orderBy(asc(policies.id));
}

// --- backdating ----------------------------------------------------------------------------------

/** The policy's history events, oldest first. */
export async function findPolicyEventIds(db: Executor, policyId: number): Promise<number[]> {
  const rows = await db.select({ id: policyEvents.id }).from(policyEvents).where(eq(policyEvents.policyId, policyId)).orderBy(asc(policyEvents.id));
  return rows.map((row) => row.id);
}

export async function backdateEvent(db: Executor, eventId: number, createdAt: Date): Promise<void> {
  await db.update(policyEvents).set({ createdAt }).where(eq(policyEvents.id, eventId));
}

/**
 * Gives the policy its past folio and dates (search_text follows the folio) and dates its
 * guarantors' vehicles alike. Throws the unique violation of `policies_investigation_id_key`
 * when another policy holds the folio.
 */
export async function backdatePolicy(db: Executor, id: number, values: { investigationId: string; createdAt: Date; updatedAt: Date }): Promise<void> {
  const { investigationId, createdAt, updatedAt } = values;
  const [row] = await db.select().from(policies).where(eq(policies.id, id));
  await db
    .update(policies)
    .set({ investigationId, createdAt, updatedAt, searchText: policySearchText({ ...row!, investigationId }) })
    .where(eq(policies.id, id));
  const guarantorIds = db.select({ id: guarantors.id }).from(guarantors).where(eq(guarantors.policyId, id));
  await db.update(guarantorVehicles).set({ createdAt, updatedAt }).where(inArray(guarantorVehicles.guarantorId, guarantorIds));
}

// --- investigation documents ---------------------------------------------------------------------

/** Of `policyIds`, those past 'created' (their investigation started), with what their documents need. */
export async function findInvestigatedPolicies(db: Executor, policyIds: number[]) {
  return db
    .select({
      id: policies.id,
      investigationId: policies.investigationId,
      policyType: policies.policyType,
      status: policies.status,
      hasGuarantor: policyHasGuarantor,
      tenantNames: policies.tenantNames,
    })
    .from(policies)
    .where(and(inArray(policies.id, policyIds), sql`${policies.status} <> 'created'`))
    .orderBy(asc(policies.id));
}

/** When the policy first entered 'investigation' (its history, already backdated); null without such an event. */
export async function findInvestigationStart(db: Executor, policyId: number): Promise<Date | null> {
  const [event] = await db
    .select({ createdAt: policyEvents.createdAt })
    .from(policyEvents)
    .where(and(eq(policyEvents.policyId, policyId), eq(policyEvents.toStatus, 'investigation')))
    .orderBy(asc(policyEvents.createdAt))
    .limit(1);
  return event?.createdAt ?? null;
}

/** A document row with its upload and answer dates given (the investigations service stamps them "now"). */
export type DemoDocumentValues = Omit<typeof investigationDocuments.$inferInsert, 'id'>;

export async function insertDemoDocument(db: Executor, values: DemoDocumentValues): Promise<void> {
  await db.insert(investigationDocuments).values(values);
}

// --- folios of past years ------------------------------------------------------------------------

/** The last folio number the branch gave in `year` (0 before the first). */
export async function lastPolicyNumber(db: Executor, branchId: number, year: number): Promise<number> {
  const [row] = await db
    .select({ lastValue: policyNumberCounters.lastValue })
    .from(policyNumberCounters)
    .where(and(eq(policyNumberCounters.branchId, branchId), eq(policyNumberCounters.year, year)));
  return row?.lastValue ?? 0;
}

/** The branch's counter for `year` reaches `lastValue` (never goes back), so the portal numbers on from the demo's folios. */
export async function raisePolicyNumberCounter(db: Executor, branchId: number, year: number, lastValue: number): Promise<void> {
  await db
    .insert(policyNumberCounters)
    .values({ branchId, year, lastValue })
    .onConflictDoUpdate({
      target: [policyNumberCounters.branchId, policyNumberCounters.year],
      set: { lastValue: sql`greatest(${policyNumberCounters.lastValue}, excluded.last_value)` },
    });
}

// --- what the seed must not leave for anyone -----------------------------------------------------

export interface MessageIds {
  email: number;
  notification: number;
}

/** The newest outbox e-mail and notification before the seed runs. */
export async function lastMessageIds(db: Executor): Promise<MessageIds> {
  const [email] = await db.select({ id: sql<number>`coalesce(max(${emailOutbox.id}), 0)` }).from(emailOutbox);
  const [notification] = await db.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)` }).from(notifications);
  return { email: Number(email?.id ?? 0), notification: Number(notification?.id ?? 0) };
}

/** Deletes the e-mails and notifications written after `before` (the seed runs with the server stopped). */
export async function forgetMessagesAfter(db: Executor, before: MessageIds): Promise<void> {
  await db.delete(emailOutbox).where(sql`${emailOutbox.id} > ${before.email}`);
  await db.delete(notifications).where(sql`${notifications.id} > ${before.notification}`);
}
