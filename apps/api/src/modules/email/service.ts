import { emailMessages as messages, type EmailList, type emailListQuerySchema, type OutboxEmail } from '@portal/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import * as repo from './repository';
import { isExampleAddress } from './addresses';
import { maskSecrets } from './secrets';
import type { MailTransport } from './transport';

export type { NewEmail } from './repository';

let queuedSinceAsked = false;

/**
 * Writes e-mails to the outbox, inside the caller's transaction: they exist if and only if what
 * caused them does. Nothing is queued to a domain reserved for examples: the demo's people live
 * there, so a demo portal with SMTP_URL set writes to no stranger (issue 29).
 */
export function queueEmails(tx: Executor, emails: repo.NewEmail[]): Promise<void> {
  const deliverable = emails.filter((email) => !isExampleAddress(email.recipient));
  if (deliverable.length > 0) queuedSinceAsked = true;
  return repo.insertEmails(tx, deliverable);
}

/**
 * Whether this process queued e-mails since the last call (which resets it). app.ts asks after
 * each response and, if so, has the queue deliver at once: a person waiting for a link or a
 * one-time code should not wait for the next minute's run. A rolled-back write makes one
 * delivery run for nothing, which is harmless.
 */
export function takeQueuedEmailsFlag(): boolean {
  const queued = queuedSinceAsked;
  queuedSinceAsked = false;
  return queued;
}

// --- delivery -----------------------------------------------------------------------------------

/** An e-mail given up on after its last attempt, for whoever must be told. */
export interface UndeliveredEmail {
  id: number;
  recipient: string;
  subject: string;
  kind: string;
  attempts: number;
  error: string;
}

export interface DeliveryOptions {
  /** Attempts before an e-mail is failed for good (default 8: about four hours of backoff). */
  maxAttempts?: number;
  /** The wait after the first failed attempt, doubled after each (default 2 minutes, at most 6 hours). */
  firstRetryMs?: number;
  /** Rows claimed per round (default 50). */
  batchSize?: number;
  /** Called once per e-mail failed for good, in the transaction that marks it failed. */
  onGaveUp?: (tx: Executor, email: UndeliveredEmail) => Promise<void>;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

const defaults = { maxAttempts: 8, firstRetryMs: 2 * 60_000, batchSize: 50 };
const maxRetryMs = 6 * 60 * 60_000;
/** How long a claimed row is hidden from other runs: longer than the transport's timeouts allow a send to take. */
const claimLeaseMs = 10 * 60_000;

/** The wait after the `attempt`-th failure: first, 2×first, 4×first… capped. */
export function retryDelayMs(attempt: number, firstRetryMs = defaults.firstRetryMs): number {
  return Math.min(firstRetryMs * 2 ** (attempt - 1), maxRetryMs);
}

/**
 * Sends the queued e-mails due at `now` through `transport`, each once even with several app
 * instances running this at the same time (rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease). A failure is recorded with its error and tried again later with exponential backoff;
 * after `maxAttempts` the row is failed and `onGaveUp` told. Without a transport (no SMTP_URL)
 * nothing is touched: the rows wait, visible at /admin/emails.
 */
export async function deliverDueEmails(db: Db, transport: MailTransport | undefined, now: Date, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (!transport) return report;
  const settings = { ...defaults, ...options };
  for (;;) {
    const claimed = await repo.claimDueEmails(db, now, new Date(now.getTime() + claimLeaseMs), settings.batchSize);
    for (const email of claimed) report[await deliverOne(db, transport, now, email, settings)]++;
    if (claimed.length < settings.batchSize) return report;
  }
}

async function deliverOne(
  db: Db,
  transport: MailTransport,
  now: Date,
  email: repo.ClaimedEmail,
  settings: typeof defaults & DeliveryOptions,
): Promise<keyof DeliveryReport> {
  try {
    await transport.sendMail({
      to: email.recipient,
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      attachments: email.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content, encoding: 'base64' })),
    });
  } catch (error) {
    return recordFailure(db, now, email, errorText(error), settings);
  }
  await repo.markSent(db, email.id, now);
  return 'sent';
}

async function recordFailure(
  db: Db,
  now: Date,
  email: repo.ClaimedEmail,
  error: string,
  settings: typeof defaults & DeliveryOptions,
): Promise<keyof DeliveryReport> {
  const attempt = email.attempts + 1;
  if (attempt < settings.maxAttempts) {
    await repo.markAttemptFailed(db, email.id, error, new Date(now.getTime() + retryDelayMs(attempt, settings.firstRetryMs)));
    return 'retrying';
  }
  await db.transaction(async (tx) => {
    await repo.markAttemptFailed(tx, email.id, error, null);
    await settings.onGaveUp?.(tx, { id: email.id, recipient: email.recipient, subject: email.subject, kind: email.kind, attempts: attempt, error });
  });
  return 'failed';
}

/** The SMTP server's answer when there is one ('550 5.1.1 …'), short enough for a list. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

// --- the admin's list ---------------------------------------------------------------------------

type ListQuery = z.output<typeof emailListQuerySchema>;

/** What the list shows of an e-mail: never a token or a code, even of one not sent yet. */
const masked = (email: OutboxEmail): OutboxEmail => ({
  ...email,
  subject: maskSecrets(email.subject, email.kind),
  lastError: email.lastError === null ? null : maskSecrets(email.lastError, email.kind),
});

/** GET /api/admin/emails: newest first, one page at a time. */
export async function listEmails(db: Db, query: ListQuery, smtpConfigured: boolean): Promise<EmailList> {
  const rows = await repo.findEmails(db, { status: query.status, before: query.before }, query.limit + 1);
  const items = rows.slice(0, query.limit).map(masked);
  return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null, smtpConfigured };
}

/** POST /api/admin/emails/{id}/retry: a failed e-mail goes back to the queue with a fresh set of attempts. */
export async function retryEmail(db: Db, id: number, now: Date): Promise<void> {
  if (await repo.requeueFailed(db, id, now)) return;
  if (!(await repo.emailExists(db, id))) throw notFound(messages.notFound);
  throw conflict(messages.onlyFailedRetry);
}

/** The outbox's backlog, for /metrics: queued (not sent yet) and failed (given up) e-mails. */
export function outboxBacklog(db: Executor): Promise<{ queued: number; failed: number }> {
  return repo.countBacklog(db);
}
