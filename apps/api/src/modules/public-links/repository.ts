import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { policyDisplayFolio, type LinkParty, type PersonParty, type LinkPurpose, type PolicyStatus, type SigningRoundStatus } from '@portal/domain';
import { readTogether, type Executor } from '../../db/client';
import { branches, guarantors, linkSignatures, policies, privacyAcceptances, privacyNotices, properties, propertyOwners, publicLinks, signingRounds, tenants, users } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';

/** What every read of a link carries: who and what it is for, and its dates (never the token). */
interface LinkFields {
  id: number;
  policyId: number;
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
}

/** A link found by its token, with what its public page shows of the policy. */
export interface LinkRow extends LinkFields {
  tokenHash: string;
  branchId: number;
  branchName: string;
  folio: string;
}

/** The columns of LinkFields. */
const linkFieldColumns = {
  id: publicLinks.id,
  policyId: publicLinks.policyId,
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
};

const linkColumns = {
  ...linkFieldColumns,
  tokenHash: publicLinks.tokenHash,
  branchId: policies.branchId,
  branchName: branches.name,
  policyNumber: policies.policyNumber,
  investigationId: policies.investigationId,
};

/** The link whose token hashes to `tokenHash`, with its policy's branch and folio; `lock` takes the row for update. */
export function findByTokenHash(db: Executor, tokenHash: string, lock = false): Promise<LinkRow | undefined> {
  return findLink(db, eq(publicLinks.tokenHash, tokenHash), lock);
}

/** The link `id` as findByTokenHash reads it: for a request that resolved its token already. */
export function findById(db: Executor, id: number, lock = false): Promise<LinkRow | undefined> {
  return findLink(db, eq(publicLinks.id, id), lock);
}

async function findLink(db: Executor, where: SQL, lock: boolean): Promise<LinkRow | undefined> {
  const query = db
    .select(linkColumns)
    .from(publicLinks)
    .innerJoin(policies, eq(policies.id, publicLinks.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(where);
  const [row] = lock ? await query.for('update', { of: publicLinks }) : await query;
  if (!row) return undefined;
  // The page names the policy as everyone else does: its folio de póliza once it has one.
  const { policyNumber, investigationId, ...link } = row;
  return { ...link, folio: policyDisplayFolio({ policyNumber, investigationId }) };
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

// --- staff: a policy's links ---------------------------------------------------------------------

export interface LinkPolicy {
  id: number;
  status: PolicyStatus;
  branchName: string;
}

/**
 * The policy links are made for, if it is within `scope` (another branch's is simply not found);
 * `lock` holds its row until the transaction ends, so its status cannot change under a new link.
 */
export async function findLinkPolicy(db: Executor, policyId: number, scope: BranchScope, lock = false): Promise<LinkPolicy | null> {
  const query = db
    .select({ id: policies.id, status: policies.status, branchName: branches.name })
    .from(policies)
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  const [row] = lock ? await query.for('update', { of: policies }) : await query;
  return row ?? null;
}

/** A person of the policy with the contacts a link is sent to. */
export interface PolicyPerson {
  party: PersonParty;
  partyIndex: number;
  name: string;
  email: string;
  mobile: string;
  phone: string;
}

const personColumns = <T extends typeof tenants | typeof guarantors | typeof propertyOwners>(table: T) => ({
  name: table.name,
  email: table.email,
  mobile: table.mobile,
  phone: table.phone,
});

/** Every tenant and guarantor (in their order on the policy: partyIndex 0, 1…) and the owner. */
export async function findPolicyPeople(db: Executor, policyId: number): Promise<PolicyPerson[]> {
  const [tenantRows, guarantorRows, ownerRows] = await readTogether(db, [
    () => db.select(personColumns(tenants)).from(tenants).where(eq(tenants.policyId, policyId)).orderBy(asc(tenants.position), asc(tenants.id)),
    () => db.select(personColumns(guarantors)).from(guarantors).where(eq(guarantors.policyId, policyId)).orderBy(asc(guarantors.position), asc(guarantors.id)),
    () =>
      db
        .select(personColumns(propertyOwners))
        .from(propertyOwners)
        .innerJoin(properties, eq(properties.id, propertyOwners.propertyId))
        .where(eq(properties.policyId, policyId)),
  ]);
  const people = (party: PersonParty, rows: Omit<PolicyPerson, 'party' | 'partyIndex'>[]) => rows.map((row, partyIndex) => ({ party, partyIndex, ...row }));
  return [...people('tenant', tenantRows), ...people('guarantor', guarantorRows), ...people('owner', ownerRows.slice(0, 1))];
}

/** A link as staff see it: its dates, who made it, never its token (only its hash is stored anyway). */
export interface StaffLinkRow extends LinkFields {
  lastSentAt: Date | null;
  createdAt: Date;
  createdByName: string;
  /** A signing link's round status (null for an upload link): a closed round's links are not sent again. */
  roundStatus: SigningRoundStatus | null;
  /** Issue 35: a signing link of a round signed in order is sent only once the signer's turn came (invited). */
  roundSequential: boolean | null;
  signerInvitedAt: Date | null;
}

const staffLinkColumns = {
  ...linkFieldColumns,
  lastSentAt: publicLinks.lastSentAt,
  createdAt: publicLinks.createdAt,
  createdByName: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  roundStatus: signingRounds.status,
  roundSequential: signingRounds.sequential,
  signerInvitedAt: linkSignatures.invitedAt,
};

function staffLinks(db: Executor) {
  return db
    .select(staffLinkColumns)
    .from(publicLinks)
    .leftJoin(users, eq(users.id, publicLinks.createdBy))
    .leftJoin(signingRounds, eq(signingRounds.id, publicLinks.signingRoundId))
    .leftJoin(linkSignatures, eq(linkSignatures.linkId, publicLinks.id));
}

/** The policy's links, newest first. */
export async function findPolicyLinks(db: Executor, policyId: number): Promise<StaffLinkRow[]> {
  return staffLinks(db).where(eq(publicLinks.policyId, policyId)).orderBy(desc(publicLinks.createdAt), desc(publicLinks.id));
}

/** One link of the policy (a link id of another policy is not found); `lock` takes its row for update. */
export async function findPolicyLink(db: Executor, policyId: number, linkId: number, lock = false): Promise<StaffLinkRow | undefined> {
  const query = staffLinks(db).where(and(eq(publicLinks.id, linkId), eq(publicLinks.policyId, policyId)));
  const [row] = lock ? await query.for('update', { of: publicLinks }) : await query;
  return row;
}

/**
 * A new token for the same link: the old hash is replaced (its URL stops working), with a new
 * expiry and the person's current contacts; the marks of opening start again for the new URL.
 */
export async function replaceToken(
  db: Executor,
  linkId: number,
  values: { tokenHash: string; expiresAt: Date; partyName: string; email: string; phone: string; lastSentAt: Date | null },
): Promise<void> {
  await db
    .update(publicLinks)
    .set({ ...values, lastSentAt: values.lastSentAt ?? sql`${publicLinks.lastSentAt}`, firstOpenedAt: null, lastOpenedAt: null })
    .where(eq(publicLinks.id, linkId));
}

export async function markRevoked(db: Executor, linkId: number, by: number, now: Date): Promise<void> {
  await db.update(publicLinks).set({ revokedAt: now, revokedBy: by }).where(eq(publicLinks.id, linkId));
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

export interface PrivacyNoticeRow {
  version: number;
  body: string;
  createdAt: Date;
  createdByName: string | null;
}

/** Every version, newest first, with who wrote it (null for the product's own text). */
export async function findPrivacyNotices(db: Executor): Promise<PrivacyNoticeRow[]> {
  return db
    .select({
      version: privacyNotices.version,
      body: privacyNotices.body,
      createdAt: privacyNotices.createdAt,
      createdByName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(privacyNotices)
    .leftJoin(users, eq(users.id, privacyNotices.createdBy))
    .orderBy(desc(privacyNotices.version));
}

/**
 * Writes the next version (the newest plus one) in one statement; two admins saving at once
 * collide on the version's unique index, and the caller tries again.
 */
export async function insertNextPrivacyNotice(db: Executor, body: string, createdBy: number): Promise<number> {
  const nextVersion = sql<number>`(select coalesce(max(${privacyNotices.version}), 0) + 1 from ${privacyNotices})`;
  const [row] = await db.insert(privacyNotices).values({ version: nextVersion, body, createdBy }).returning({ version: privacyNotices.version });
  return row!.version;
}

/** Exactly this version of the notice; the unique index refuses it when another save took it. */
export async function insertPrivacyNoticeVersion(db: Executor, version: number, body: string, createdBy: number): Promise<void> {
  await db.insert(privacyNotices).values({ version, body, createdBy });
}

/** Who a link is for, as the links of one policy name a person. */
export type LinkPerson = Pick<LinkFields, 'policyId' | 'party' | 'partyIndex' | 'partyName' | 'email'>;

/**
 * Whether the person of `link` accepted `version` of the aviso through any link of the same
 * policy (issue 29): the same role and either the same place on the policy under the same name
 * (tenant 0 'Lucía Gómez') or the same e-mail. An upload link's acceptance spares the signing
 * link the question; each acceptance stays recorded with the link it came through.
 */
export async function personHasAccepted(db: Executor, link: LinkPerson, version: number): Promise<boolean> {
  const samePlace = and(eq(publicLinks.partyIndex, link.partyIndex), sql`lower(trim(${publicLinks.partyName})) = ${link.partyName.trim().toLowerCase()}`);
  const email = link.email.trim().toLowerCase();
  const samePerson = email ? or(samePlace, sql`lower(trim(${publicLinks.email})) = ${email}`) : samePlace;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(privacyAcceptances)
    .innerJoin(publicLinks, eq(publicLinks.id, privacyAcceptances.linkId))
    .where(and(eq(privacyAcceptances.noticeVersion, version), eq(publicLinks.policyId, link.policyId), eq(publicLinks.party, link.party), samePerson))
    .limit(1);
  return row !== undefined;
}

/** Records the acceptance of one version through one link (once: accepting again keeps the first record). */
export async function recordAcceptance(db: Executor, acceptance: { linkId: number; version: number; ip: string; userAgent: string }): Promise<void> {
  await db
    .insert(privacyAcceptances)
    .values({ linkId: acceptance.linkId, noticeVersion: acceptance.version, ip: acceptance.ip.slice(0, 64), userAgent: acceptance.userAgent.slice(0, 500) })
    .onConflictDoNothing();
}
