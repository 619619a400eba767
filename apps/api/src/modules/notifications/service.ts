import { notificationMessages as messages, type NotificationKind, type NotificationList, type Notification } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { ensure, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { notificationEmail, queueEmails, type NewEmail } from '../email/index';
import * as repo from './repository';

export interface NotifyInput {
  /** User ids; inactive users and repeats are skipped. */
  recipients: number[];
  kind: NotificationKind;
  title: string;
  body: string;
  policyId?: number | null;
  appointmentId?: number | null;
  /** Issue 20 (leads pipeline): a lead's follow-up day. */
  leadId?: number | null;
  /**
   * Makes the notice idempotent per recipient (e.g. 'policy_expiring:42:30'): a second call with
   * the same key writes nothing, e-mail included.
   */
  dedupeKey?: string;
  /** False for notices that must not go by e-mail whatever the user chose (a failed e-mail's). */
  email?: boolean;
}

/**
 * Writes a notification for each active recipient and, for those who chose this kind by e-mail,
 * an outbox e-mail, all with `tx` (call it inside the transaction of what happened, so the notice
 * exists if and only if the change does). Answers the ids of the users notified now.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<number[]> {
  const recipients = await repo.findActiveRecipients(tx, [...new Set(input.recipients)]);
  const notified = await repo.insertNotifications(
    tx,
    recipients.map((user) => ({
      userId: user.id,
      kind: input.kind,
      title: input.title,
      body: input.body,
      policyId: input.policyId ?? null,
      appointmentId: input.appointmentId ?? null,
      leadId: input.leadId ?? null,
      dedupeKey: input.dedupeKey ?? null,
    })),
  );
  if (input.email !== false) {
    const newlyNotified = new Set(notified);
    const emails: NewEmail[] = recipients
      .filter((user) => newlyNotified.has(user.id) && user.emailKinds.includes(input.kind))
      .map((user) => ({
        recipient: user.email,
        kind: input.kind,
        ...notificationEmail(input.kind, { name: user.firstName, title: input.title, body: input.body }),
      }));
    await queueEmails(tx, emails);
  }
  return notified;
}

// --- the bell -----------------------------------------------------------------------------------

/** GET /api/notifications: the caller's own, newest first, and how many are unread. */
export async function listNotifications(db: Db, actor: AuthUser, page: { before?: number | undefined; limit: number }): Promise<NotificationList> {
  const [rows, unreadCount] = await Promise.all([
    repo.findUserNotifications(db, actor.id, { before: page.before, limit: page.limit + 1 }),
    repo.countUnread(db, actor.id),
  ]);
  const items = rows.slice(0, page.limit);
  return { items, unreadCount, nextBefore: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}

/** POST /api/notifications/{id}/read: only the caller's own (anyone else's is a 404). */
export async function markNotificationRead(db: Db, actor: AuthUser, id: number): Promise<Notification> {
  return ensure(await repo.markRead(db, actor.id, id, new Date()), notFound(messages.notFound));
}

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(db: Db, actor: AuthUser): Promise<{ unreadCount: number }> {
  await repo.markAllRead(db, actor.id, new Date());
  return { unreadCount: 0 };
}

// --- e-mail choices ('Mi cuenta') ---------------------------------------------------------------

export function emailKindsOf(db: Executor, userId: number): Promise<NotificationKind[]> {
  return repo.findEmailKinds(db, userId);
}

export function saveEmailKinds(db: Executor, userId: number, kinds: NotificationKind[]): Promise<void> {
  return repo.saveEmailKinds(db, userId, kinds, new Date());
}
