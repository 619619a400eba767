import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  isInvestigationOpen,
  linkPartyLabels,
  linkPurposes,
  linkPurposeLabels,
  linkState,
  policyMessages,
  publicLinkMessages,
  systemActorName,
  type createLinkInputSchema,
  type IssuedLink,
  type LinkParty,
  type LinkPurpose,
  type LinkRecipient,
  type IfMatch,
  type PolicyLinks,
  type PrivacyNotice,
  type PrivacyNoticeVersions,
  type PublicLink,
  type PublicLinkView,
  type resendLinkInputSchema,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { ensureLatestVersion } from '../../lib/conditional-write';
import { actorScope } from '../../lib/branch-scope';
import { insertEvent } from '../policies/index';
import { defaultPrivacyNotice } from './default-privacy-notice';
import { deliver, e164Phone } from './delivery';
import * as repo from './repository';
import { hashToken, newLinkToken, sameHash } from './tokens';

/**
 * A wrong, expired or revoked token, or one used for another purpose: all get the same 404 with
 * the same words, so an answer never says whether a link existed.
 */
export const invalidLink = () => new AppError(404, publicLinkMessages.invalid);

export type ActiveLink = repo.LinkRow;

/**
 * The link a token opens, if it is alive (not revoked, not expired) and made for `purpose` (or one
 * of them). `lock` takes its row for update, for writes that must not race another request of the same link.
 */
export async function resolveLink(db: Executor, token: string, purpose: LinkPurpose | readonly LinkPurpose[], options: { lock?: boolean; now?: Date } = {}): Promise<ActiveLink> {
  const tokenHash = hashToken(token);
  const link = await repo.findByTokenHash(db, tokenHash, options.lock);
  if (!link || !sameHash(link.tokenHash, tokenHash)) throw invalidLink();
  return alive(link, purpose, options.now);
}

/**
 * A link its request resolved already, read again with its row locked for update (in the write's
 * transaction): the same 404 if it was revoked, expired or re-sent (a new token) meanwhile.
 */
export async function relockLink(db: Executor, link: ActiveLink, now?: Date): Promise<ActiveLink> {
  const current = await repo.findById(db, link.id, true);
  if (!current || !sameHash(current.tokenHash, link.tokenHash)) throw invalidLink();
  return alive(current, link.purpose, now);
}

function alive(link: ActiveLink, purpose: LinkPurpose | readonly LinkPurpose[], now = new Date()): ActiveLink {
  const purposes: readonly LinkPurpose[] = typeof purpose === 'string' ? [purpose] : purpose;
  if (link.revokedAt || link.expiresAt.getTime() <= now.getTime() || !purposes.includes(link.purpose)) throw invalidLink();
  return link;
}

/** Where the person came from, for the evidence: the client's address (behind a proxy when TRUST_PROXY) and browser. */
export function requestOrigin(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) };
}

/** The newest version of the aviso; version 1 is the product's text, written the first time it is asked for. */
async function currentPrivacyNotice(db: Executor): Promise<repo.StoredPrivacyNotice> {
  const newest = await repo.newestPrivacyNotice(db);
  if (newest) return newest;
  await repo.insertPrivacyNotice(db, { version: 1, body: defaultPrivacyNotice, createdBy: null });
  return (await repo.newestPrivacyNotice(db))!;
}

/** The link's own page and its aviso serve links of every purpose. */
const anyPurpose = (db: Executor, token: string) => resolveLink(db, token, linkPurposes);

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
    privacy: { version: notice.version, text: notice.body, accepted: await repo.personHasAccepted(db, link, notice.version) },
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
 * Refuses (409) a person who has not accepted the current aviso, through this link or another of
 * the same policy made for them: the upload and signing endpoints call it before they take anything.
 */
export async function requirePrivacyAccepted(db: Executor, link: ActiveLink): Promise<void> {
  const notice = await currentPrivacyNotice(db);
  if (!(await repo.personHasAccepted(db, link, notice.version))) throw conflict(publicLinkMessages.privacyRequired);
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
  /** A signing link for the acta de entrega rather than the contracts (issue 32): its e-mail and message say so. */
  document?: 'move_out';
}

export interface IssuedLinkAddress {
  linkId: number;
  url: string;
  whatsappUrl: string | null;
}

const dayMs = 86_400_000;

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
  const address = await deliver(tx, { ...link, phone }, token, { baseUrl: link.baseUrl, expiresAt, sendEmail: link.sendEmail });
  return { linkId, ...address };
}

// --- staff: a policy's links (expediente and upload screen) ------------------------------------------

type CreateLink = z.output<typeof createLinkInputSchema>;
type ResendLink = z.output<typeof resendLinkInputSchema>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toPublicLink({ roundStatus: _roundStatus, roundSequential: _sequential, signerInvitedAt: _invitedAt, ...row }: repo.StaffLinkRow, now = new Date()): PublicLink {
  return {
    ...row,
    state: linkState(row, now),
    expiresAt: row.expiresAt.toISOString(),
    firstOpenedAt: iso(row.firstOpenedAt),
    finishedAt: iso(row.finishedAt),
    revokedAt: iso(row.revokedAt),
    lastSentAt: iso(row.lastSentAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The policy, if the actor may reach it: admins every branch, everyone else their own (another branch's is a 404). */
async function scopedPolicy(db: Executor, actor: AuthUser, policyId: number, lock = false): Promise<repo.LinkPolicy> {
  return ensure(await repo.findLinkPolicy(db, policyId, actorScope(actor), lock), notFound(policyMessages.notFound));
}

async function policyLink(db: Executor, policyId: number, linkId: number, lock = false): Promise<repo.StaffLinkRow> {
  return ensure(await repo.findPolicyLink(db, policyId, linkId, lock), notFound(publicLinkMessages.linkNotFound));
}

/** 'Inquilino María López', as the history names the person. */
const personLabel = (link: { party: LinkParty; partyName: string }) => `${linkPartyLabels[link.party]} ${link.partyName}`;

const recipient = (person: repo.PolicyPerson): LinkRecipient => ({
  party: person.party,
  partyIndex: person.partyIndex,
  name: person.name,
  email: person.email,
  phone: e164Phone(person.mobile, person.phone),
});

/** GET /api/policy/{id}/links: the links, newest first, and the people a new one can be made for. */
export async function policyLinks(db: Db, actor: AuthUser, policyId: number): Promise<PolicyLinks> {
  await scopedPolicy(db, actor, policyId);
  const [links, people] = await Promise.all([repo.findPolicyLinks(db, policyId), repo.findPolicyPeople(db, policyId)]);
  const now = new Date();
  return { links: links.map((link) => toPublicLink(link, now)), recipients: people.map(recipient) };
}

/** The person the input names, or a 400 on the field that is wrong (no such party, or no such tenant/guarantor). */
function chosenPerson(people: repo.PolicyPerson[], input: Pick<CreateLink, 'party' | 'partyIndex'>): repo.PolicyPerson {
  const ofParty = people.filter((person) => person.party === input.party);
  const person = ofParty.find((candidate) => candidate.partyIndex === input.partyIndex);
  if (person) return person;
  throw invalidField(ofParty.length > 0 ? 'partyIndex' : 'party', publicLinkMessages.partyNotFound);
}

/**
 * POST /api/policy/{id}/links: an upload link for one person of the policy, while its
 * investigation takes documents. The link, its e-mail and the history's line are one transaction.
 */
export async function createLink(db: Db, actor: AuthUser, policyId: number, input: CreateLink, baseUrl: string): Promise<IssuedLink> {
  return db.transaction(async (tx) => {
    const policy = await scopedPolicy(tx, actor, policyId, true);
    if (!isInvestigationOpen(policy.status)) throw conflict(publicLinkMessages.uploadClosed);
    const person = chosenPerson(await repo.findPolicyPeople(tx, policyId), input);
    const issued = await issueLink(tx, {
      policyId,
      purpose: 'upload',
      party: person.party,
      partyIndex: person.partyIndex,
      partyName: person.name,
      email: person.email,
      phones: [person.mobile, person.phone],
      branchName: policy.branchName,
      expiresInDays: input.expiresInDays,
      createdBy: actor.id,
      baseUrl,
      sendEmail: input.sendEmail,
    });
    await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: publicLinkMessages.createdNote(personLabel({ party: person.party, partyName: person.name }), linkPurposeLabels.upload) });
    return { link: toPublicLink(await policyLink(tx, policyId, issued.linkId)), url: issued.url, whatsappUrl: issued.whatsappUrl };
  });
}

/**
 * The contacts a link is sent to again: the person's current ones when the policy still has them
 * at the same place (a corrected e-mail is used), else those the link was made with.
 */
function currentContacts(link: repo.StaffLinkRow, people: repo.PolicyPerson[]) {
  const person = people.find((candidate) => candidate.party === link.party && candidate.partyIndex === link.partyIndex && candidate.name === link.partyName);
  return person ? { email: person.email, phone: e164Phone(person.mobile, person.phone) || link.phone } : { email: link.email, phone: link.phone };
}

/** Whether a link may still be sent: not revoked, not finished, its round (when signing) still open and the signer's turn come. */
function assertSendable(link: repo.StaffLinkRow, policy: repo.LinkPolicy, input: ResendLink) {
  if (link.revokedAt || link.finishedAt || (link.purpose === 'sign' && link.roundStatus !== 'open')) throw conflict(publicLinkMessages.notActive);
  if (link.purpose === 'upload' && !isInvestigationOpen(policy.status)) throw conflict(publicLinkMessages.uploadClosed);
  if (link.purpose !== 'sign') return;
  if (!input.sendEmail) throw invalidField('sendEmail', publicLinkMessages.signByEmailOnly);
  if (link.roundSequential && link.signerInvitedAt === null) throw conflict(publicLinkMessages.signNotYourTurn);
}

/**
 * The contacts a link is sent to again. A signing link goes to the address it was made for: the
 * signer's, where their one-time code goes too (issue 35: the link is the person's).
 */
const resendContacts = (link: repo.StaffLinkRow, people: repo.PolicyPerson[]) => (link.purpose === 'sign' ? { email: link.email, phone: link.phone } : currentContacts(link, people));

/**
 * POST /api/policy/{id}/links/{linkId}/resend: a new token on the same link (the old URL stops
 * working at once), a new expiry, e-mailed when asked. A signing link is only e-mailed, and its
 * address is never in the answer (issue 35): staff see its state, never the signer's URL.
 */
export async function resendLink(db: Db, actor: AuthUser, policyId: number, linkId: number, input: ResendLink, baseUrl: string, now = new Date()): Promise<IssuedLink> {
  return db.transaction(async (tx) => {
    const policy = await scopedPolicy(tx, actor, policyId, true);
    const link = await policyLink(tx, policyId, linkId, true);
    assertSendable(link, policy, input);
    const contacts = resendContacts(link, await repo.findPolicyPeople(tx, policyId));
    if (input.sendEmail && !contacts.email) throw invalidField('sendEmail', publicLinkMessages.noEmail(link.partyName));
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * dayMs);
    await repo.replaceToken(tx, linkId, { tokenHash, expiresAt, partyName: link.partyName, ...contacts, lastSentAt: input.sendEmail ? now : null });
    const address = await deliver(tx, { purpose: link.purpose, partyName: link.partyName, ...contacts, branchName: policy.branchName }, token, { baseUrl, expiresAt, sendEmail: input.sendEmail });
    await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: publicLinkMessages.resentNote(personLabel(link), linkPurposeLabels[link.purpose]) });
    const shown = link.purpose === 'sign' ? { url: null, whatsappUrl: null } : address;
    return { link: toPublicLink(await policyLink(tx, policyId, linkId), now), ...shown };
  });
}

/** POST /api/policy/{id}/links/{linkId}/revoke: the link stops working for good (twice is a 409). */
export async function revokeLink(db: Db, actor: AuthUser, policyId: number, linkId: number, now = new Date()): Promise<PublicLink> {
  return db.transaction(async (tx) => {
    await scopedPolicy(tx, actor, policyId);
    const link = await policyLink(tx, policyId, linkId, true);
    if (link.revokedAt) throw conflict(publicLinkMessages.alreadyRevoked);
    await repo.markRevoked(tx, linkId, actor.id, now);
    await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: publicLinkMessages.revokedNote(personLabel(link), linkPurposeLabels[link.purpose]) });
    return toPublicLink(await policyLink(tx, policyId, linkId), now);
  });
}

// --- the aviso de privacidad, as admins edit it ------------------------------------------------------

const toPrivacyNotice = (row: repo.PrivacyNoticeRow): PrivacyNotice => ({
  version: row.version,
  text: row.body,
  createdAt: row.createdAt.toISOString(),
  // Version 1 is the product's own text, written by no one.
  createdByName: row.createdByName ?? systemActorName,
});

/** GET /api/admin/privacy-notice: the current text and every version, newest first. */
export async function privacyNoticeVersions(db: Db): Promise<PrivacyNoticeVersions> {
  await currentPrivacyNotice(db);
  const versions = (await repo.findPrivacyNotices(db)).map(toPrivacyNotice);
  return { current: versions[0]!, versions };
}

/**
 * PUT /api/admin/privacy-notice: a new version (the newest plus one); the old ones stay, since
 * each acceptance names the version the person read. Two admins saving at once both get theirs.
 */
export async function savePrivacyNotice(db: Db, actor: AuthUser, text: string, ifMatch?: IfMatch): Promise<PrivacyNoticeVersions> {
  await currentPrivacyNotice(db);
  if (ifMatch && ifMatch.kind === 'versions') return saveOverVersion(db, actor, text, ifMatch);
  for (let attempt = 1; ; attempt++) {
    try {
      await repo.insertNextPrivacyNotice(db, text, actor.id);
      break;
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'privacy_notices_version_key')) throw error;
    }
  }
  return privacyNoticeVersions(db);
}

/**
 * The editor's save (If-Match: the latest version when it was opened, decision 023): exactly the
 * version after that one, or a 412 naming who saved since. Two saves at the same instant meet at
 * the unique index; the second is a 412 too.
 */
async function saveOverVersion(db: Db, actor: AuthUser, text: string, ifMatch: IfMatch): Promise<PrivacyNoticeVersions> {
  const latest = async () => (await privacyNoticeVersions(db)).current;
  const read = await latest();
  ensureLatestVersion(ifMatch, read);
  try {
    await repo.insertPrivacyNoticeVersion(db, read.version + 1, text, actor.id);
  } catch (error) {
    if (!isUniqueViolation(error, 'privacy_notices_version_key')) throw error;
    ensureLatestVersion({ kind: 'versions', versions: [read.version] }, await latest());
    throw error;
  }
  return privacyNoticeVersions(db);
}
