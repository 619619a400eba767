import { and, desc, eq, sql } from 'drizzle-orm';
import type { LinkParty, LinkPurpose } from '@portal/domain';
import type { Executor } from '../../db/client';
import { branches, policies, privacyAcceptances, privacyNotices, publicLinks } from '../../db/schema/index';

export interface LinkRow {
  id: number;
  policyId: number;
  tokenHash: string;
  purpose: LinkPurpose;
  party: LinkParty;
  partyIndex: number;
  partyName: string;
  email: string;
  phone: string;
  signingRoundId: number | null;
  expiresAt: Date;
  firstOpenedAt: Date | null;
  finishedAt: Date | null;
  revokedAt: Date | null;
  branchId: number;
  branchName: string;
  folio: string;
}

const linkColumns = {
  id: publicLinks.id,
  policyId: publicLinks.policyId,
  tokenHash: publicLinks.tokenHash,
  purpose: publicLinks.purpose,
  party: publicLinks.party,
  partyIndex: publicLinks.partyIndex,
  partyName: publicLinks.partyName,
  email: publicLinks.email,
  phone: publicLinks.phone,
  signingRoundId: publicLinks.signingRoundId,
  expiresAt: publicLinks.expiresAt,
  firstOpenedAt: publicLinks.firstOpenedAt,
  finishedAt: publicLinks.finishedAt,
  revokedAt: publicLinks.revokedAt,
  branchId: policies.branchId,
  branchName: branches.name,
  folio: policies.investigationId,
};

/** The link whose token hashes to `tokenHash`, with its policy's branch and folio; `lock` takes the row for update. */
export async function findByTokenHash(db: Executor, tokenHash: string, lock = false): Promise<LinkRow | undefined> {
  const query = db
    .select(linkColumns)
    .from(publicLinks)
    .innerJoin(policies, eq(policies.id, publicLinks.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(eq(publicLinks.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: publicLinks }) : await query;
  return row;
}

export type NewLink = typeof publicLinks.$inferInsert;

export async function insertLink(db: Executor, link: NewLink): Promise<number> {
  const [row] = await db.insert(publicLinks).values(link).returning({ id: publicLinks.id });
  return row!.id;
}

/** The first and the latest time the person opened the link. */
export async function markOpened(db: Executor, linkId: number, now: Date): Promise<void> {
  await db
    .update(publicLinks)
    .set({ firstOpenedAt: sql`coalesce(${publicLinks.firstOpenedAt}, ${now})`, lastOpenedAt: now })
    .where(eq(publicLinks.id, linkId));
}

export async function markFinished(db: Executor, linkId: number, now: Date): Promise<void> {
  await db
    .update(publicLinks)
    .set({ finishedAt: sql`coalesce(${publicLinks.finishedAt}, ${now})` })
    .where(eq(publicLinks.id, linkId));
}

// --- the aviso de privacidad --------------------------------------------------------------------

export interface StoredPrivacyNotice {
  version: number;
  body: string;
}

export async function newestPrivacyNotice(db: Executor): Promise<StoredPrivacyNotice | undefined> {
  const [row] = await db.select({ version: privacyNotices.version, body: privacyNotices.body }).from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
  return row;
}

/** Writes one version; a version already written (by a concurrent request) is left as it is. */
export async function insertPrivacyNotice(db: Executor, notice: { version: number; body: string; createdBy: number | null }): Promise<void> {
  await db.insert(privacyNotices).values(notice).onConflictDoNothing();
}

export async function hasAccepted(db: Executor, linkId: number, version: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(privacyAcceptances)
    .where(and(eq(privacyAcceptances.linkId, linkId), eq(privacyAcceptances.noticeVersion, version)));
  return row !== undefined;
}

/** Records the acceptance of one version through one link (once: accepting again keeps the first record). */
export async function recordAcceptance(db: Executor, acceptance: { linkId: number; version: number; ip: string; userAgent: string }): Promise<void> {
  await db
    .insert(privacyAcceptances)
    .values({ linkId: acceptance.linkId, noticeVersion: acceptance.version, ip: acceptance.ip.slice(0, 64), userAgent: acceptance.userAgent.slice(0, 500) })
    .onConflictDoNothing();
}
