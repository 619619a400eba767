import type { FastifyRequest } from 'fastify';
import { publicLinkMessages, type LinkPurpose, type PublicLinkView } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict } from '../../lib/app-error';
import { defaultPrivacyNotice } from './default-privacy-notice';
import * as repo from './repository';
import { hashToken, sameHash } from './tokens';

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
