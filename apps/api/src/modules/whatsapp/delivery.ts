import { gatewayKinds, whatsappMessages as messages, type GatewayKind } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { sendThroughGateway, type GatewayTarget } from './adapters';
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

/**
 * The gateway a lead's message goes through: the lead's own when it names a server (spec: `server`,
 * `apikey`; Evolution unless its kind says WAHA), else its branch's default; null with neither.
 * Keys are opened here, just before use, and never leave this process except to the gateway.
 */
export async function gatewayFor(db: Executor, secretBox: SecretBox, lead: { id: number; branchId: number }): Promise<GatewayTarget | null> {
  const own = await repo.leadGateway(db, lead.id);
  if (own?.server) {
    return {
      kind: isGatewayKind(own.gatewayKind) ? own.gatewayKind : 'evolution',
      serverUrl: own.server.replace(/\/+$/, ''),
      instance: own.gatewayInstance,
      apiKey: own.apikey ? secretBox.open(own.apikey) : '',
    };
  }
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
export async function deliverDueWhatsappMessages(db: Db, secretBox: SecretBox, now: Date, onlyId?: number): Promise<WhatsappDeliveryReport> {
  const report: WhatsappDeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await repo.claimDueMessages(db, now, new Date(now.getTime() + CLAIM_LEASE_MS), BATCH_SIZE, onlyId);
    for (const message of claimed) report[await deliverOne(db, secretBox, now, message)]++;
    if (claimed.length < BATCH_SIZE) return report;
  }
}

async function deliverOne(db: Db, secretBox: SecretBox, now: Date, message: repo.ClaimedMessage): Promise<keyof WhatsappDeliveryReport> {
  const gateway = await gatewayFor(db, secretBox, { id: message.leadId, branchId: message.branchId });
  const result = gateway ? await sendThroughGateway(gateway, message.phone, message.body) : ({ ok: false, response: messages.noGateway } as const);
  if (result.ok) {
    await repo.markSent(db, message.id, new Date(), result.messageId);
    return 'sent';
  }
  const attempt = message.attempts + 1;
  const retryAt = attempt < MAX_ATTEMPTS ? new Date(now.getTime() + whatsappRetryDelayMs(attempt)) : null;
  await repo.markAttemptFailed(db, message.id, result.response, retryAt);
  return retryAt ? 'retrying' : 'failed';
}
