import type { FastifyRequest } from 'fastify';
import { publicLinkMessages, type LinkParty, type LinkPurpose, type PublicLinkView } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict, invalidField } from '../../lib/app-error';
import { publicLinkEmail, queueEmails } from '../email/index';
import { defaultPrivacyNotice } from './default-privacy-notice';
import { e164Phone, whatsappText, whatsappUrl } from './delivery';
import * as repo from './repository';
import { hashToken, newLinkToken, sameHash } from './tokens';

/**
 * A wrong, expired or revoked token, or one used for another purpose: all get the same 404 with
 * the same words, so an answer never says whether a link existed.
 */
export const invalidLink = () => new AppError(404, publicLinkMessages.invalid);

export type ActiveLink = repo.LinkRow;

/**
 * The link a token opens, if it is alive (not revoked, not expired) and made for `purpose`.
 * `lock` takes its row for update, for writes that must not race another request of the same link.
 */
export async function resolveLink(db: Executor, token: string, purpose: LinkPurpose, options: { lock?: boolean; now?: Date } = {}): Promise<ActiveLink> {
  const tokenHash = hashToken(token);
  const link = await repo.findByTokenHash(db, tokenHash, options.lock);
  const now = options.now ?? new Date();
  if (!link || !sameHash(link.tokenHash, tokenHash)) throw invalidLink();
  if (link.revokedAt || link.expiresAt.getTime() <= now.getTime() || link.purpose !== purpose) throw invalidLink();
  return link;
}

/** Where the person came from, for the evidence: the client's address (behind a proxy when TRUST_PROXY) and browser. */
export function requestOrigin(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) };
}

/** The newest version of the aviso; version 1 is the product's text, written the first time it is asked for. */
export async function currentPrivacyNotice(db: Executor): Promise<repo.StoredPrivacyNotice> {
  const newest = await repo.newestPrivacyNotice(db);
  if (newest) return newest;
  await repo.insertPrivacyNotice(db, { version: 1, body: defaultPrivacyNotice, createdBy: null });
  return (await repo.newestPrivacyNotice(db))!;
}

async function anyPurpose(db: Executor, token: string): Promise<ActiveLink> {
  try {
    return await resolveLink(db, token, 'upload');
  } catch {
    return resolveLink(db, token, 'sign');
  }
}

/** GET /api/public/links/{token}: what the page needs to start; opening it is recorded (staff see 'Abierto'). */
export async function viewLink(db: Db, token: string): Promise<PublicLinkView> {
  const link = await anyPurpose(db, token);
  await repo.markOpened(db, link.id, new Date());
  const notice = await currentPrivacyNotice(db);
  return {
    purpose: link.purpose,
    party: link.party,
    partyName: link.partyName,
    branchName: link.branchName,
    folio: link.folio,
    expiresAt: link.expiresAt.toISOString(),
    finished: link.finishedAt !== null,
    privacy: { version: notice.version, text: notice.body, accepted: await repo.hasAccepted(db, link.id, notice.version) },
  };
}

/** POST /api/public/links/{token}/privacy: the acceptance of the current version (an older one is refused). */
export async function acceptPrivacy(db: Db, token: string, version: number, origin: { ip: string; userAgent: string }): Promise<void> {
  const link = await anyPurpose(db, token);
  const notice = await currentPrivacyNotice(db);
  if (version !== notice.version) throw conflict(publicLinkMessages.privacyOutdated);
  await repo.recordAcceptance(db, { linkId: link.id, version, ...origin });
}

/**
 * Refuses (409) a person who has not accepted the current aviso through this link: the upload and
 * signing endpoints call it before they take anything.
 */
export async function requirePrivacyAccepted(db: Executor, link: ActiveLink): Promise<void> {
  const notice = await currentPrivacyNotice(db);
  if (!(await repo.hasAccepted(db, link.id, notice.version))) throw conflict(publicLinkMessages.privacyRequired);
}

// --- issuing ---------------------------------------------------------------------------------------

export interface LinkToIssue {
  policyId: number;
  purpose: LinkPurpose;
  party: LinkParty;
  partyIndex: number;
  partyName: string;
  email: string;
  /** The person's mobile and phone as typed on the policy; the first valid one becomes E.164. */
  phones: string[];
  branchName: string;
  expiresInDays: number;
  signingRoundId?: number | null;
  createdBy: number | null;
  /** The portal's public address (PUBLIC_URL, or the request's origin), without a trailing slash. */
  baseUrl: string;
  /** Also e-mail it (through the outbox, in this transaction). */
  sendEmail: boolean;
}

export interface IssuedLinkAddress {
  linkId: number;
  url: string;
  whatsappUrl: string | null;
}

const dayMs = 86_400_000;
const expiryDate = (date: Date) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(date);

/**
 * Writes a new link and returns its address: the only moment the token exists outside the
 * person's hands. Run inside the caller's transaction, with the e-mail queued in it when asked
 * (refused, 400, when the person has no e-mail).
 */
export async function issueLink(tx: Executor, link: LinkToIssue, now = new Date()): Promise<IssuedLinkAddress> {
  if (link.sendEmail && !link.email) throw invalidField('sendEmail', publicLinkMessages.noEmail(link.partyName));
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + link.expiresInDays * dayMs);
  const phone = e164Phone(...link.phones);
  const linkId = await repo.insertLink(tx, {
    policyId: link.policyId,
    tokenHash,
    purpose: link.purpose,
    party: link.party,
    partyIndex: link.partyIndex,
    partyName: link.partyName,
    email: link.email,
    phone,
    signingRoundId: link.signingRoundId ?? null,
    expiresAt,
    createdBy: link.createdBy,
    lastSentAt: link.sendEmail ? now : null,
  });
  const url = `${link.baseUrl}/p/${token}`;
  if (link.sendEmail) {
    const email = publicLinkEmail({ name: link.partyName, branchName: link.branchName, purpose: link.purpose, url, expiresOn: expiryDate(expiresAt) });
    await queueEmails(tx, [{ recipient: link.email, ...email, kind: `link_${link.purpose}` }]);
  }
  return { linkId, url, whatsappUrl: whatsappUrl(phone, whatsappText({ name: link.partyName, branchName: link.branchName, purpose: link.purpose, url })) };
}
