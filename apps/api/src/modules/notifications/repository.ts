import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { defaultEmailKinds, policyDisplayFolio, type Notification, type NotificationKind } from '@portal/domain';
import { rowsOf, type Executor } from '../../db/client';
import { branches, notifications, notificationSettings, policies, users } from '../../db/schema/index';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  policyId?: number | null | undefined;
  appointmentId?: number | null | undefined;
  /** Issue 20 (leads pipeline): a lead's follow-up day. */
  leadId?: number | null | undefined;
  dedupeKey?: string | null | undefined;
}

/** Inserts the notifications not written before (same recipient and key); answers who got one now. */
export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ userId: notifications.userId });
  return inserted.map((row) => row.userId);
}

export interface Recipient {
  id: number;
  email: string;
  firstName: string;
  emailKinds: NotificationKind[];
}

/** The active users among `ids`, with their address and e-mail choices (the defaults when never saved). */
export async function findActiveRecipients(db: Executor, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, emailKinds: notificationSettings.emailKinds })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, ids), eq(users.status, 'active')));
  return rows.map((row) => ({ ...row, emailKinds: row.emailKinds ?? [...defaultEmailKinds] }));
}

export async function findActiveAdminIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}

export async function findUserName(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/** What a notice about a policy says and whom it goes to: its agent and its branch's manager. */
export interface PolicyNotice {
  id: number;
  /** The folio de póliza when assigned, else the investigation folio. */
  label: string;
  investigationId: string;
  clientName: string;
  agentId: number | null;
  managerId: number | null;
}

export async function findPolicyNotices(db: Executor, ids: number[]): Promise<PolicyNotice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      investigationId: policies.investigationId,
      clientName: sql<string>`coalesce(${policies.tenantNames}[1], '')`,
      agentId: policies.userId,
      managerId: branches.managerId,
    })
    .from(policies)
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(inArray(policies.id, ids));
  return rows.map(({ policyNumber, ...row }) => ({ ...row, label: policyDisplayFolio({ policyNumber, investigationId: row.investigationId }) }));
}

/** The managers of a policy's branch: the one the branch names, and every active user with the manager role in it. */
export async function findBranchManagerIds(db: Executor, policyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(policies)
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .innerJoin(users, or(eq(users.id, branches.managerId), and(eq(users.branchId, policies.branchId), eq(users.role, 'manager'))))
    .where(eq(policies.id, policyId));
  return rows.map((row) => row.id);
}

/** Whether a notice of this kind about this policy was written after `since` (to anyone). */
/**
 * The policy's notices of `kind` written since `since`, given `body`: false when there are none.
 * One whose body changes shows unread again (someone new is named in it).
 */
export async function rewriteNoticesSince(db: Executor, policyId: number, kind: NotificationKind, since: Date, body: string): Promise<boolean> {
  const recent = and(eq(notifications.policyId, policyId), eq(notifications.kind, kind), gt(notifications.createdAt, since));
  const [any] = await db.select({ one: sql<number>`1` }).from(notifications).where(recent).limit(1);
  if (!any) return false;
  await db
    .update(notifications)
    .set({ body, readAt: null })
    .where(and(recent, sql`${notifications.body} <> ${body}`));
  return true;
}

// --- the bell -----------------------------------------------------------------------------------

export async function findUserNotifications(db: Executor, userId: number, page: { before?: number | undefined; limit: number }): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page.before === undefined ? undefined : lt(notifications.id, page.before)))
    .orderBy(desc(notifications.id))
    .limit(page.limit);
  return rows.map(toNotification);
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (kept as first read); null when it is not theirs. */
export async function markRead(db: Executor, userId: number, id: number, at: Date): Promise<Notification | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? toNotification(row) : null;
}

export async function markAllRead(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    policyId: row.policyId,
    appointmentId: row.appointmentId,
    leadId: row.leadId, // issue 20 (leads pipeline)
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

// --- e-mail choices -----------------------------------------------------------------------------

export async function findEmailKinds(db: Executor, userId: number): Promise<NotificationKind[]> {
  const [row] = await db.select({ emailKinds: notificationSettings.emailKinds }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row?.emailKinds ?? [...defaultEmailKinds];
}

export async function saveEmailKinds(db: Executor, userId: number, emailKinds: NotificationKind[], at: Date): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, emailKinds, updatedAt: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailKinds, updatedAt: at } });
}

/**
 * Deletes up to `limit` notifications read before `readBefore`, or written before `anyBefore`
 * whatever their state (the retention run, issue 29). Returns how many went.
 */
export async function deleteOldNotifications(db: Executor, cutoffs: { readBefore: Date; anyBefore: Date }, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${notifications} WHERE ${notifications.id} IN (
      SELECT ${notifications.id} FROM ${notifications}
      WHERE ${notifications.readAt} < ${cutoffs.readBefore.toISOString()} OR ${notifications.createdAt} < ${cutoffs.anyBefore.toISOString()}
      LIMIT ${limit})
    RETURNING ${notifications.id}`);
  return rowsOf(result).length;
}
