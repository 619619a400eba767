import { and, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { EmailStatus, OutboxEmail } from '@portal/domain';
import { rowsOf, type Executor } from '../../db/client';
import { emailOutbox, type StoredAttachment } from '../../db/schema/index';
import {
  codeMask,
  codePattern,
  invitationTokenMask,
  invitationTokenPattern,
  linkTokenMask,
  linkTokenPattern,
  rentConfirmationTokenMask,
  rentConfirmationTokenPattern,
  signingCodeKind,
} from './secrets';

export interface NewEmail {
  recipient: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  attachments?: StoredAttachment[];
  /** Where the recipient's answer goes (an invitation's organiser); none: the From. */
  replyTo?: string;
}

export async function insertEmails(db: Executor, emails: NewEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(emailOutbox).values(emails.map((email) => ({ ...email, attachments: email.attachments ?? [] })));
}

export type ClaimedEmail = Pick<typeof emailOutbox.$inferSelect, 'id' | 'recipient' | 'subject' | 'html' | 'text' | 'attachments' | 'kind' | 'attempts' | 'replyTo'>;

/**
 * Takes up to `limit` queued e-mails due at `now` and pushes their next attempt to `leaseUntil`,
 * in one statement: rows another instance holds are skipped (SKIP LOCKED), and a claimed row is
 * not due again for anyone until its lease ends, so it is sent by one instance only. A process
 * that dies mid-send leaves the row queued: it is tried again after the lease.
 */
export async function claimDueEmails(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      subject: emailOutbox.subject,
      html: emailOutbox.html,
      text: emailOutbox.text,
      attachments: emailOutbox.attachments,
      kind: emailOutbox.kind,
      attempts: emailOutbox.attempts,
      replyTo: emailOutbox.replyTo,
    });
}

/** The column with its secrets blanked: every link token, and the code of a one-time-code e-mail. */
function blanked(column: typeof emailOutbox.subject | typeof emailOutbox.html | typeof emailOutbox.text): SQL<string> {
  const withoutLinkToken = sql`regexp_replace(${column}, ${linkTokenPattern}::text, ${linkTokenMask}::text, 'g')`;
  const withoutInvitationToken = sql`regexp_replace(${withoutLinkToken}, ${invitationTokenPattern}::text, ${invitationTokenMask}::text, 'g')`;
  const withoutToken = sql`regexp_replace(${withoutInvitationToken}, ${rentConfirmationTokenPattern}::text, ${rentConfirmationTokenMask}::text, 'g')`;
  return sql<string>`case when ${emailOutbox.kind} = ${signingCodeKind} then regexp_replace(${withoutToken}, ${codePattern}::text, ${codeMask}::text, 'g') else ${withoutToken} end`;
}

/**
 * Marks an e-mail sent and, in the same statement, blanks what it carried as a credential (a link's
 * token, a one-time code): once delivered, the outbox keeps what was said, not a key that still opens.
 */
export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      attempts: sql`${emailOutbox.attempts} + 1`,
      sentAt: at,
      lastError: null,
      subject: blanked(emailOutbox.subject),
      html: blanked(emailOutbox.html),
      text: blanked(emailOutbox.text),
    })
    .where(eq(emailOutbox.id, id));
}

/** One failed attempt: tried again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(db: Executor, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error,
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }),
    })
    .where(eq(emailOutbox.id, id));
}

export interface EmailFilter {
  status?: EmailStatus | undefined;
  before?: number | undefined;
}

function filterSql(filter: EmailFilter): SQL | undefined {
  return and(
    filter.status ? eq(emailOutbox.status, filter.status) : undefined,
    filter.before === undefined ? undefined : lt(emailOutbox.id, filter.before),
  );
}

/** Newest first (ids grow with time). */
export async function findEmails(db: Executor, filter: EmailFilter, limit: number): Promise<OutboxEmail[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      sentAt: emailOutbox.sentAt,
      createdAt: emailOutbox.createdAt,
      attachmentNames: sql<string[]>`coalesce((select array_agg(a->>'filename') from jsonb_array_elements(${emailOutbox.attachments}) a), '{}')`,
    })
    .from(emailOutbox)
    .where(filterSql(filter))
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A failed e-mail back in the queue with a fresh set of attempts; false if it was not failed (or not there). */
export async function requeueFailed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export async function emailExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return rows.length > 0;
}

/** E-mails waiting to go out and e-mails given up on (the status index answers both). */
export async function countBacklog(db: Executor): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['queued', 'failed']))
    .groupBy(emailOutbox.status);
  const countOf = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { queued: countOf('queued'), failed: countOf('failed') };
}

/**
 * Deletes up to `limit` delivered e-mails sent before `sentBefore` and given-up ones written
 * before `failedBefore` (the retention run, issue 29); queued ones are never touched. Returns how
 * many went.
 */
export async function deleteFinishedEmails(db: Executor, cutoffs: { sentBefore: Date; failedBefore: Date }, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${emailOutbox} WHERE ${emailOutbox.id} IN (
      SELECT ${emailOutbox.id} FROM ${emailOutbox}
      WHERE (${emailOutbox.status} = 'sent' AND ${emailOutbox.sentAt} < ${cutoffs.sentBefore.toISOString()})
         OR (${emailOutbox.status} = 'failed' AND ${emailOutbox.createdAt} < ${cutoffs.failedBefore.toISOString()})
      LIMIT ${limit})
    RETURNING ${emailOutbox.id}`);
  return rowsOf(result).length;
}
