import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  leadCaptureFirstNote,
  leadCaptureMessages as messages,
  leadCaptureSources,
  normalizeLeadCaptureOrigin,
  outsideActorNames,
  type LeadCaptureForm,
  type LeadCaptureKey,
  type LeadCaptureSettings,
  type IfMatch,
  type WhatsappWebhookUrl,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { staleVersionError } from '../../db/record-versions';
import { AppError, ensure, forbidden, isUniqueViolation, notFound, unauthorized } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import type { SecretBox } from '../../lib/secret-box';
import { createLeadFromOutside } from '../leads/index';
import { newLinkToken } from '../public-links/index';
import type { InboundMessage } from './inbound-message';
import * as repo from './repository';
import { authenticDelivery } from './webhook-signature';

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
    email: form.email,
    source: leadCaptureSources.webForm,
    firstNote: leadCaptureFirstNote(form),
    via: outsideActorNames.webForm,
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
    gateway: { configured: gateway !== null, webhookTokenSet: Boolean(gateway?.webhookTokenHash), webhookSecretSet: Boolean(gateway?.webhookSecret) },
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

/**
 * A new webhook token and signing key for the branch's gateway (set in the WhatsApp screen first),
 * answered once: the full URL and the key (256 bits each). The token is kept as its hash; the key
 * sealed, since checking WAHA's HMAC needs the key itself.
 */
export async function rotateWebhookToken(db: Db, secretBox: SecretBox, actor: AuthUser, branchId: number, baseUrl: string): Promise<WhatsappWebhookUrl> {
  await settingsBranch(db, actor, branchId);
  ensure(await repo.gatewayOfBranch(db, branchId), notFound(messages.noGateway));
  const { token, tokenHash } = newLinkToken();
  const secret = crypto.randomBytes(32).toString('base64url');
  await repo.setWebhookCredentials(db, branchId, { tokenHash, sealedSecret: secretBox.seal(secret) }, actor.id);
  return { webhookUrl: `${baseUrl}${whatsappWebhookPath}${token}`, webhookSecret: secret };
}

// --- the gateway's webhook -----------------------------------------------------------------------

/**
 * The branch whose gateway holds this webhook token, once the call proves it comes from that
 * gateway (webhook-signature.ts, on the raw bytes): a wrong or rotated token is a 404, a call
 * without a valid signature a 401; either way nothing is written.
 */
export async function branchForWebhookCall(db: Db, secretBox: SecretBox, token: string, call: { headers: IncomingHttpHeaders; raw: Buffer; now: number }): Promise<number> {
  const tokenHash = sha256(token);
  const gateway = await repo.findGatewayByTokenHash(db, tokenHash);
  if (!gateway || !sameHash(gateway.tokenHash, tokenHash)) throw new AppError(404, messages.invalidWebhookToken);
  const secret = gateway.webhookSecret ? secretBox.open(gateway.webhookSecret) : null;
  if (!authenticDelivery(secret, call.headers, call.raw, call.now)) throw unauthorized(messages.webhookNotSigned);
  return gateway.branchId;
}

/**
 * A person's message: the first from a number no lead of the branch has becomes a lead (source
 * 'WhatsApp', the text its first note); from a known number it joins that lead's message log.
 * One transaction holding the branch's row, so a gateway's retry racing the first call makes one lead.
 */
export async function receiveMessage(db: Db, branchId: number, message: InboundMessage): Promise<'lead-created' | 'logged' | 'repeated'> {
  try {
    return await storeMessage(db, branchId, message);
  } catch (error) {
    // The unique index's word on a repeat that slipped past the check: the transaction wrote nothing.
    if (isUniqueViolation(error, 'whatsapp_messages_inbound_gateway_id_key')) return 'repeated';
    throw error;
  }
}

/** A gateway's repeated delivery (same message id in the branch) changes nothing: no lead, no second line. */
async function storeMessage(db: Db, branchId: number, message: InboundMessage): Promise<'lead-created' | 'logged' | 'repeated'> {
  return db.transaction(async (tx) => {
    await repo.lockBranch(tx, branchId);
    if (message.gatewayMessageId && (await repo.hasIncomingMessage(tx, branchId, message.gatewayMessageId))) return 'repeated';
    const leadId = await repo.findLeadByPhone(tx, branchId, message.phone);
    if (leadId === null) {
      const newLeadId = await createLeadFromOutside(tx, {
        branchId,
        name: message.pushName || message.phone,
        phone: '',
        phonewhats: message.phone,
        email: '',
        source: leadCaptureSources.whatsapp,
        firstNote: message.text,
        via: outsideActorNames.whatsapp,
      });
      // Also the first line of the card's message log, where the replies will follow.
      await repo.insertIncomingMessage(tx, { leadId: newLeadId, branchId, phone: message.phone, body: message.text, gatewayMessageId: message.gatewayMessageId });
      return 'lead-created';
    }
    await repo.insertIncomingMessage(tx, { leadId, branchId, phone: message.phone, body: message.text, gatewayMessageId: message.gatewayMessageId });
    return 'logged';
  });
}
