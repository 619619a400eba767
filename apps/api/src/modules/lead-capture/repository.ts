import { and, eq, or } from 'drizzle-orm';
import type { IfMatch } from '@portal/domain';
import type { Executor } from '../../db/client';
import { versionCondition } from '../../db/record-versions';
import { branches, leads, whatsappGateways, whatsappMessages } from '../../db/schema/index';

export interface CaptureBranch {
  id: number;
  keyHash: string | null;
  origins: string[];
  version: number;
}

const captureColumns = { id: branches.id, keyHash: branches.leadCaptureKeyHash, origins: branches.leadCaptureOrigins, version: branches.version };

/** The branch whose web-form key hashes to `keyHash` (unique index). */
export async function findBranchByKeyHash(db: Executor, keyHash: string): Promise<CaptureBranch | null> {
  const [row] = await db.select(captureColumns).from(branches).where(eq(branches.leadCaptureKeyHash, keyHash));
  return row ?? null;
}

export async function findBranch(db: Executor, branchId: number): Promise<CaptureBranch | null> {
  const [row] = await db.select(captureColumns).from(branches).where(eq(branches.id, branchId));
  return row ?? null;
}

/** A new key's hash: the old key stops working in the same statement. */
export async function setKeyHash(db: Executor, branchId: number, keyHash: string, userId: number): Promise<void> {
  await db.update(branches).set({ leadCaptureKeyHash: keyHash, updatedAt: new Date(), updatedBy: userId }).where(eq(branches.id, branchId));
}

/** With If-Match, only the version the screen was loaded at is written (false otherwise, decision 023). */
export async function setOrigins(db: Executor, branchId: number, origins: string[], userId: number, ifMatch?: IfMatch): Promise<boolean> {
  const rows = await db
    .update(branches)
    .set({ leadCaptureOrigins: origins, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(branches.id, branchId), versionCondition(branches.version, ifMatch)))
    .returning({ id: branches.id });
  return rows.length === 1;
}

// --- the WhatsApp gateway's webhook --------------------------------------------------------------

export async function gatewayOfBranch(db: Executor, branchId: number): Promise<{ id: number; webhookTokenHash: string | null; webhookSecret: string | null } | null> {
  const [row] = await db
    .select({ id: whatsappGateways.id, webhookTokenHash: whatsappGateways.webhookTokenHash, webhookSecret: whatsappGateways.webhookSecret })
    .from(whatsappGateways)
    .where(eq(whatsappGateways.branchId, branchId));
  return row ?? null;
}

/** The gateway holding this token's hash, with its sealed signing key (null before one was generated). */
export async function findGatewayByTokenHash(db: Executor, tokenHash: string): Promise<{ branchId: number; tokenHash: string; webhookSecret: string | null } | null> {
  const [row] = await db
    .select({ branchId: whatsappGateways.branchId, tokenHash: whatsappGateways.webhookTokenHash, webhookSecret: whatsappGateways.webhookSecret })
    .from(whatsappGateways)
    .where(eq(whatsappGateways.webhookTokenHash, tokenHash));
  return row?.tokenHash ? { branchId: row.branchId, tokenHash: row.tokenHash, webhookSecret: row.webhookSecret } : null;
}

/** A new token's hash and a new sealed key, together: the old URL and the old key stop working in one statement. */
export async function setWebhookCredentials(db: Executor, branchId: number, credentials: { tokenHash: string; sealedSecret: string }, userId: number): Promise<void> {
  await db
    .update(whatsappGateways)
    .set({ webhookTokenHash: credentials.tokenHash, webhookSecret: credentials.sealedSecret, updatedBy: userId, updatedAt: new Date() })
    .where(eq(whatsappGateways.branchId, branchId));
}

/** The branch's lead that has this number (E.164) as phone or WhatsApp, the oldest when several do. */
export async function findLeadByPhone(db: Executor, branchId: number, phone: string): Promise<number | null> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.branchId, branchId), or(eq(leads.phonewhats, phone), eq(leads.phone, phone))))
    .orderBy(leads.id)
    .limit(1);
  return row?.id ?? null;
}

/** Holds the branch's row: two first messages of one number, arriving together, make one lead. */
export async function lockBranch(db: Executor, branchId: number): Promise<void> {
  await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).for('update');
}

/** Whether the branch already logged the gateway's message `gatewayMessageId` (a repeated delivery). */
export async function hasIncomingMessage(db: Executor, branchId: number, gatewayMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.branchId, branchId), eq(whatsappMessages.direction, 'in'), eq(whatsappMessages.gatewayMessageId, gatewayMessageId)))
    .limit(1);
  return row !== undefined;
}

export async function insertIncomingMessage(
  db: Executor,
  message: { leadId: number; branchId: number; phone: string; body: string; gatewayMessageId: string },
): Promise<void> {
  await db.insert(whatsappMessages).values({ ...message, direction: 'in', status: 'received', sentAt: new Date() });
}
