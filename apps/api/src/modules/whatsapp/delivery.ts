import { gatewayKinds, whatsappMessages as messages, type GatewayKind } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { sendThroughGateway, type GatewayTarget } from './adapters';
import type { GatewayHosts } from './gateway-address';
import * as repo from './repository';

/** Attempts before a message is failed for good: about half an hour of backoff. */
const MAX_ATTEMPTS = 5;
/** The wait after the first failed attempt, doubled after each: 1, 2, 4, 8 minutes. */
const FIRST_RETRY_MS = 60_000;
/** How long a claimed message is hidden from other runs: longer than a send may take. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 50;

export interface WhatsappDeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

function whatsappRetryDelayMs(attempt: number): number {
  return FIRST_RETRY_MS * 2 ** (attempt - 1);
}

const isGatewayKind = (kind: string): kind is GatewayKind => (gatewayKinds as readonly string[]).includes(kind);

/** Where a failed attempt's detail goes: the request's log (with its id) or the job queue's. */
export interface GatewayLog {
  warn(object: object, message: string): void;
}

/**
 * The gateway a lead's message goes through: its branch's, set by a manager or an admin; null
 * without one. A lead's own `server` and `apikey` (spec fields) are never used to connect: any
 * agent can type them, and the server would call whatever they name (issue 28, decision 022).
 * The key is opened here, just before use, and never leaves this process except to the gateway.
 */
export async function gatewayFor(db: Executor, secretBox: SecretBox, lead: { branchId: number }): Promise<GatewayTarget | null> {
  const branch = await repo.findGateway(db, lead.branchId);
  if (!branch || !isGatewayKind(branch.kind)) return null;
  return { kind: branch.kind, serverUrl: branch.serverUrl, instance: branch.instance, apiKey: secretBox.open(branch.apiKey) };
}

/**
 * Sends the queued WhatsApp messages due at `now` (or only message `onlyId`), each once even with
 * several instances running this at the same time (FOR UPDATE SKIP LOCKED and a lease). A refusal
 * keeps the gateway's answer and is tried again with exponential backoff; after MAX_ATTEMPTS the
 * message is 'failed'.
 */
export async function deliverDueWhatsappMessages(
  db: Db,
  secretBox: SecretBox,
  hosts: GatewayHosts,
  log: GatewayLog,
  now: Date,
  onlyId?: number,
): Promise<WhatsappDeliveryReport> {
  const report: WhatsappDeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await repo.claimDueMessages(db, now, new Date(now.getTime() + CLAIM_LEASE_MS), BATCH_SIZE, onlyId);
    for (const message of claimed) report[await deliverOne(db, secretBox, hosts, log, now, message)]++;
    if (claimed.length < BATCH_SIZE) return report;
  }
}

async function deliverOne(db: Db, secretBox: SecretBox, hosts: GatewayHosts, log: GatewayLog, now: Date, message: repo.ClaimedMessage): Promise<keyof WhatsappDeliveryReport> {
  const gateway = await gatewayFor(db, secretBox, message);
  const result = gateway ? await sendThroughGateway(gateway, hosts, message.phone, message.body) : ({ ok: false, response: messages.noGateway, detail: 'sin gateway' } as const);
  if (!result.ok) log.warn({ whatsappMessageId: message.id, branchId: message.branchId, attempt: message.attempts + 1, detail: result.detail }, 'whatsapp: gateway attempt failed');
  if (result.ok) {
    await repo.markSent(db, message.id, new Date(), result.messageId);
    return 'sent';
  }
  const attempt = message.attempts + 1;
  const retryAt = attempt < MAX_ATTEMPTS ? new Date(now.getTime() + whatsappRetryDelayMs(attempt)) : null;
  await repo.markAttemptFailed(db, message.id, result.response, retryAt);
  return retryAt ? 'retrying' : 'failed';
}
