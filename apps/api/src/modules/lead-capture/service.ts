import crypto from 'node:crypto';
import {
  leadCaptureFirstNote,
  leadCaptureMessages as messages,
  leadCaptureSources,
  normalizeLeadCaptureOrigin,
  type LeadCaptureForm,
  type LeadCaptureKey,
  type LeadCaptureSettings,
  type IfMatch,
  type WhatsappWebhookUrl,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { staleVersionError } from '../../db/record-versions';
import { AppError, ensure, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { createLeadFromOutside } from '../leads/index';
import { newLinkToken } from '../public-links/index';
import type { InboundMessage } from './inbound-message';
import * as repo from './repository';

/** The path of a branch's web form; its key follows. */
const leadFormPath = '/api/public/leads/';
/** The path of a branch's gateway webhook; its token follows. */
const whatsappWebhookPath = '/api/public/whatsapp/';

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** Same hash, compared in constant time (the lookup by unique index already found it). */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

// --- the public web form -------------------------------------------------------------------------

/** A wrong or rotated key: the same 404 whatever the reason. */
const invalidKey = () => new AppError(404, messages.invalidKey);

/** The branch a web form's key opens, with the origins allowed to post to it. */
export async function branchForKey(db: Db, key: string): Promise<repo.CaptureBranch> {
  const keyHash = sha256(key);
  const branch = await repo.findBranchByKeyHash(db, keyHash);
  if (!branch?.keyHash || !sameHash(branch.keyHash, keyHash)) throw invalidKey();
  return branch;
}

/** Whether a browser page of `origin` may post to the branch (the exact origin, as stored canonically). */
export function originAllowed(branch: repo.CaptureBranch, origin: string): boolean {
  const canonical = normalizeLeadCaptureOrigin(origin);
  return canonical !== null && branch.origins.includes(canonical);
}

/** A redirect after a form post, only to a page of one of the branch's origins. */
export function allowedRedirect(branch: repo.CaptureBranch, target: string): string | null {
  if (!target) return null;
  try {
    const url = new URL(target);
    return originAllowed(branch, url.origin) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The person's form, as a lead of the branch: first column, source 'Sitio Web', message as first note. */
export async function captureWebLead(db: Db, branch: repo.CaptureBranch, form: LeadCaptureForm): Promise<void> {
  await createLeadFromOutside(db, {
    branchId: branch.id,
    name: form.name,
    phone: form.phone,
    phonewhats: form.phonewhats,
    source: leadCaptureSources.webForm,
    firstNote: leadCaptureFirstNote(form),
  });
}

// --- managers' settings --------------------------------------------------------------------------

/** Managers configure their own branch; admins any branch that exists (agents never reach here: routes require the role). */
async function settingsBranch(db: Db, actor: AuthUser, branchId: number): Promise<repo.CaptureBranch> {
  if (actor.role !== 'admin' && actor.branchId !== branchId) throw forbidden(messages.otherBranch);
  return ensure(await repo.findBranch(db, branchId), notFound(messages.branchNotFound));
}

export async function settings(db: Db, actor: AuthUser, branchId: number, baseUrl: string): Promise<LeadCaptureSettings> {
  const branch = await settingsBranch(db, actor, branchId);
  const gateway = await repo.gatewayOfBranch(db, branchId);
  return {
    branchId,
    origins: branch.origins,
    hasKey: branch.keyHash !== null,
    endpointBase: `${baseUrl}${leadFormPath}`,
    gateway: { configured: gateway !== null, webhookTokenSet: Boolean(gateway?.webhookTokenHash) },
    version: branch.version,
  };
}

/** A new 256-bit key, answered once; only its hash is kept, so the old key stops working now. */
export async function rotateKey(db: Db, actor: AuthUser, branchId: number, baseUrl: string): Promise<LeadCaptureKey> {
  await settingsBranch(db, actor, branchId);
  const { token, tokenHash } = newLinkToken();
  await repo.setKeyHash(db, branchId, tokenHash, actor.id);
  return { key: token, endpointUrl: `${baseUrl}${leadFormPath}${token}` };
}

/** With `ifMatch` (the screen's If-Match) only the branch's version it was loaded at is written (412 otherwise, decision 023). */
export async function saveOrigins(db: Db, actor: AuthUser, branchId: number, origins: string[], baseUrl: string, ifMatch?: IfMatch): Promise<LeadCaptureSettings> {
  await settingsBranch(db, actor, branchId);
  if (!(await repo.setOrigins(db, branchId, origins, actor.id, ifMatch))) throw await staleVersionError(db, 'branches', branchId);
  return settings(db, actor, branchId, baseUrl);
}

/** A new webhook token for the branch's gateway (set in the WhatsApp screen first), answered once as the full URL. */
export async function rotateWebhookToken(db: Db, actor: AuthUser, branchId: number, baseUrl: string): Promise<WhatsappWebhookUrl> {
  await settingsBranch(db, actor, branchId);
  ensure(await repo.gatewayOfBranch(db, branchId), notFound(messages.noGateway));
  const { token, tokenHash } = newLinkToken();
  await repo.setWebhookTokenHash(db, branchId, tokenHash, actor.id);
  return { webhookUrl: `${baseUrl}${whatsappWebhookPath}${token}` };
}

// --- the gateway's webhook -----------------------------------------------------------------------

/** The branch whose gateway holds this webhook token; a wrong or rotated token is a 404. */
export async function branchForWebhookToken(db: Db, token: string): Promise<number> {
  const tokenHash = sha256(token);
  const gateway = await repo.findGatewayByTokenHash(db, tokenHash);
  if (!gateway || !sameHash(gateway.tokenHash, tokenHash)) throw new AppError(404, messages.invalidWebhookToken);
  return gateway.branchId;
}

/**
 * A person's message: the first from a number no lead of the branch has becomes a lead (source
 * 'WhatsApp', the text its first note); from a known number it joins that lead's message log.
 * One transaction holding the branch's row, so a gateway's retry racing the first call makes one lead.
 */
export async function receiveMessage(db: Db, branchId: number, message: InboundMessage): Promise<'lead-created' | 'logged'> {
  return db.transaction(async (tx) => {
    await repo.lockBranch(tx, branchId);
    const leadId = await repo.findLeadByPhone(tx, branchId, message.phone);
    if (leadId === null) {
      const newLeadId = await createLeadFromOutside(tx, {
        branchId,
        name: message.pushName || message.phone,
        phone: '',
        phonewhats: message.phone,
        source: leadCaptureSources.whatsapp,
        firstNote: message.text,
      });
      // Also the first line of the card's message log, where the replies will follow.
      await repo.insertIncomingMessage(tx, { leadId: newLeadId, branchId, phone: message.phone, body: message.text, gatewayMessageId: message.gatewayMessageId });
      return 'lead-created';
    }
    await repo.insertIncomingMessage(tx, { leadId, branchId, phone: message.phone, body: message.text, gatewayMessageId: message.gatewayMessageId });
    return 'logged';
  });
}
