import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, max, sql } from 'drizzle-orm';
import { policyDisplayFolio, type ContractDocumentKind, type LinkParty, type PolicyStatus, type SignatureMethods, type SigningOrder, type SigningRoundStatus } from '@portal/domain';
import type { Executor } from '../../db/client';
import { inBranchScope } from '../../db/scope';
import { branches, contractDocuments, efirmaSignatures, linkSignatures, policies, publicLinks, signingRounds, users } from '../../db/schema/index';
import type { BranchScope } from '../../lib/branch-scope';

// --- the policy and its pack ---------------------------------------------------------------------

export interface PolicySigningState {
  id: number;
  status: PolicyStatus;
  branchId: number;
  folio: string;
  branchName: string;
  /** Issue 35: how the branch signs each kind, in which order, how long a round lasts and how many reminders it sends. */
  methods: SignatureMethods;
  signingOrder: SigningOrder;
  signingRoundDays: number;
  signingReminderMax: number;
}

/** The policy's status, folio and branch setting; `lock` holds the policy row until the transaction ends. */
export async function policySigningState(db: Executor, policyId: number, lock = false): Promise<PolicySigningState | null> {
  const query = db
    .select({
      id: policies.id,
      status: policies.status,
      branchId: policies.branchId,
      policyNumber: policies.policyNumber,
      investigationId: policies.investigationId,
      branchName: branches.name,
      lease: branches.signatureMethodLease,
      policy: branches.signatureMethodPolicy,
      promissoryNotes: branches.signatureMethodPromissoryNotes,
      signingOrder: branches.signingOrder,
      signingRoundDays: branches.signingRoundDays,
      signingReminderMax: branches.signingReminderMax,
    })
    .from(policies)
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(eq(policies.id, policyId));
  const [row] = lock ? await query.for('update', { of: policies }) : await query;
  if (!row) return null;
  const { policyNumber, investigationId, lease, policy, promissoryNotes, ...state } = row;
  return { ...state, methods: { lease, policy, promissory_notes: promissoryNotes }, folio: policyDisplayFolio({ policyNumber, investigationId }) };
}

/** Whether the actor's branch scope reaches the policy (staff read). */
export async function policyInScope(db: Executor, policyId: number, scope: BranchScope): Promise<boolean> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  return row !== undefined;
}

export interface PackDocument {
  id: number;
  kind: ContractDocumentKind;
  packVersion: number;
  templateId: number;
  templateVersion: number;
  templateIsBranchOverride: boolean;
  storedName: string;
  fileName: string;
  sha256: string;
  pageCount: number;
}

const packColumns = {
  id: contractDocuments.id,
  kind: contractDocuments.kind,
  packVersion: contractDocuments.packVersion,
  templateId: contractDocuments.templateId,
  templateVersion: contractDocuments.templateVersion,
  templateIsBranchOverride: contractDocuments.templateIsBranchOverride,
  storedName: contractDocuments.storedName,
  fileName: contractDocuments.fileName,
  sha256: contractDocuments.sha256,
  pageCount: contractDocuments.pageCount,
};

const kindOrder = sql`array_position(array['lease','policy','promissory_notes']::contract_document_kind[], ${contractDocuments.kind})`;

/** The current pack (newest version, not superseded), in the pack's order; empty when none was generated. */
export async function currentPack(db: Executor, policyId: number): Promise<PackDocument[]> {
  const [newest] = await db
    .select({ version: max(contractDocuments.packVersion) })
    .from(contractDocuments)
    .where(and(eq(contractDocuments.policyId, policyId), eq(contractDocuments.superseded, false)));
  if (!newest?.version) return [];
  return packDocuments(db, policyId, newest.version);
}

/** One pack version's documents, in the pack's order. */
export async function packDocuments(db: Executor, policyId: number, packVersion: number): Promise<PackDocument[]> {
  return db
    .select(packColumns)
    .from(contractDocuments)
    .where(and(eq(contractDocuments.policyId, policyId), eq(contractDocuments.packVersion, packVersion)))
    .orderBy(kindOrder);
}

export async function latestPackVersion(db: Executor, policyId: number): Promise<number> {
  const [row] = await db.select({ version: max(contractDocuments.packVersion) }).from(contractDocuments).where(eq(contractDocuments.policyId, policyId));
  return row?.version ?? 0;
}

/** Stores a signed pack as the policy's new current version (older ones superseded). */
export async function insertSignedPack(db: Executor, policyId: number, rows: Array<typeof contractDocuments.$inferInsert>): Promise<void> {
  await db.update(contractDocuments).set({ superseded: true }).where(and(eq(contractDocuments.policyId, policyId), eq(contractDocuments.superseded, false)));
  await db.insert(contractDocuments).values(rows);
}

// --- rounds -------------------------------------------------------------------------------------------

export type RoundRow = typeof signingRounds.$inferSelect;

export async function insertRound(db: Executor, round: typeof signingRounds.$inferInsert): Promise<number> {
  const [row] = await db.insert(signingRounds).values(round).returning({ id: signingRounds.id });
  return row!.id;
}

export async function findRound(db: Executor, roundId: number, lock = false): Promise<RoundRow | undefined> {
  const query = db.select().from(signingRounds).where(eq(signingRounds.id, roundId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The contract pack's open round (the policy leaving 'signature' cancels it). */
export async function openRoundOf(db: Executor, policyId: number): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(signingRounds)
    .where(and(eq(signingRounds.policyId, policyId), eq(signingRounds.subject, 'contracts'), eq(signingRounds.status, 'open')))
    .for('update');
  return row;
}

/** The newest round of the contract pack (a document's own rounds are read by their module). */
export async function newestRoundOf(db: Executor, policyId: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(signingRounds).where(and(eq(signingRounds.policyId, policyId), eq(signingRounds.subject, 'contracts'))).orderBy(desc(signingRounds.id)).limit(1);
  return row;
}

export async function closeRound(db: Executor, roundId: number, status: Exclude<SigningRoundStatus, 'open'>, now: Date, signedPackVersion: number | null = null): Promise<void> {
  await db.update(signingRounds).set({ status, closedAt: now, signedPackVersion }).where(eq(signingRounds.id, roundId));
}

/** A document round's end: the signed PDF kept on the round. */
export async function completeDocumentRound(db: Executor, roundId: number, now: Date, signed: { storedName: string; size: number; sha256: string }): Promise<void> {
  await db
    .update(signingRounds)
    .set({ status: 'completed', closedAt: now, signedStoredName: signed.storedName, signedSha256: signed.sha256, signedSize: signed.size })
    .where(eq(signingRounds.id, roundId));
}

/** Every link of the round still alive stops working. */
export async function revokeRoundLinks(db: Executor, roundId: number, now: Date, revokedBy: number | null): Promise<void> {
  await db
    .update(publicLinks)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(publicLinks.signingRoundId, roundId), isNull(publicLinks.revokedAt)));
}

// --- signers ---------------------------------------------------------------------------------------------

export type SignatureRow = typeof linkSignatures.$inferSelect;

export async function insertSignature(db: Executor, signature: typeof linkSignatures.$inferInsert): Promise<void> {
  await db.insert(linkSignatures).values(signature);
}

export async function findSignature(db: Executor, linkId: number, lock = false): Promise<SignatureRow | undefined> {
  const query = db.select().from(linkSignatures).where(eq(linkSignatures.linkId, linkId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateSignature(db: Executor, linkId: number, values: Partial<typeof linkSignatures.$inferInsert>): Promise<void> {
  await db.update(linkSignatures).set(values).where(eq(linkSignatures.linkId, linkId));
}

export type RoundSigner = SignatureRow & { party: LinkParty; partyIndex: number };

/** The round's signers in the order their links were made (tenants, guarantors, owner). */
export async function roundSigners(db: Executor, roundId: number): Promise<RoundSigner[]> {
  const rows = await db
    .select({ signature: linkSignatures, party: publicLinks.party, partyIndex: publicLinks.partyIndex })
    .from(linkSignatures)
    .innerJoin(publicLinks, eq(publicLinks.id, linkSignatures.linkId))
    .where(eq(linkSignatures.roundId, roundId))
    .orderBy(publicLinks.id);
  return rows.map(({ signature, party, partyIndex }) => ({ ...signature, party, partyIndex }));
}

/** Marks one link finished (signed or declined): staff see 'Terminado'. */
export async function finishLinks(db: Executor, linkIds: number[], now: Date): Promise<void> {
  if (linkIds.length === 0) return;
  await db
    .update(publicLinks)
    .set({ finishedAt: sql`coalesce(${publicLinks.finishedAt}, ${now})` })
    .where(inArray(publicLinks.id, linkIds));
}

// --- issue 35: the office's representative, reminders and deadlines ------------------------------------
// The daily job reads candidates here, then takes each round's lock and checks again before it writes.

export interface LegalRepresentative {
  id: number;
  name: string;
  email: string;
  mobile: string;
  phone: string;
  rfc: string;
  curp: string;
}

/** The branch's legal representative: its active user marked so (the users API keeps it to one); null when none. */
export async function legalRepresentativeOf(db: Executor, branchId: number): Promise<LegalRepresentative | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      mobile: users.mobile,
      phone: users.phone,
      rfc: users.rfc,
      curp: users.curp,
    })
    .from(users)
    .where(and(eq(users.branchId, branchId), eq(users.legalRepresentative, true), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/** The open rounds whose deadline passed by `now`, oldest first. */
export async function expiredOpenRounds(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: signingRounds.id })
    .from(signingRounds)
    .where(and(eq(signingRounds.status, 'open'), isNotNull(signingRounds.expiresAt), lte(signingRounds.expiresAt, now)))
    .orderBy(asc(signingRounds.id));
  return rows.map((row) => row.id);
}

export interface DueReminder {
  linkId: number;
  roundId: number;
}

/**
 * The signers of open rounds (deadline not passed) a reminder is due to: invited (their turn
 * came), not signed, declined nor locked, their link alive, fewer reminders than their branch's
 * maximum, and the last e-mail of their link — the invitation, a reminder or a staff resend — on
 * `lastSentBy` (a Mexico City date) or before. `onlyLinkId`: whether that one signer is still due.
 */
export async function dueReminders(db: Executor, now: Date, lastSentBy: string, onlyLinkId?: number): Promise<DueReminder[]> {
  const lastSent = sql`greatest(${linkSignatures.invitedAt}, ${linkSignatures.lastRemindedAt}, ${publicLinks.lastSentAt})`;
  return db
    .select({ linkId: linkSignatures.linkId, roundId: linkSignatures.roundId })
    .from(linkSignatures)
    .innerJoin(signingRounds, eq(signingRounds.id, linkSignatures.roundId))
    .innerJoin(publicLinks, eq(publicLinks.id, linkSignatures.linkId))
    .innerJoin(policies, eq(policies.id, signingRounds.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(
      and(
        eq(signingRounds.status, 'open'),
        sql`(${signingRounds.expiresAt} is null or ${signingRounds.expiresAt} > ${now})`,
        isNotNull(linkSignatures.invitedAt),
        isNull(linkSignatures.signedAt),
        isNull(linkSignatures.declinedAt),
        isNull(linkSignatures.lockedAt),
        isNull(publicLinks.revokedAt),
        isNull(publicLinks.finishedAt),
        lt(linkSignatures.remindersSent, branches.signingReminderMax),
        sql`(${lastSent} at time zone 'America/Mexico_City')::date <= ${lastSentBy}::date`,
        onlyLinkId === undefined ? undefined : eq(linkSignatures.linkId, onlyLinkId),
      ),
    )
    .orderBy(asc(linkSignatures.roundId), asc(linkSignatures.position));
}

/**
 * Takes the round's links for update, in id order: the daily job takes them before the round's row,
 * in the order a signer's request does (its link, then the round), so the two never wait on each other.
 */
export async function lockRoundLinks(db: Executor, roundId: number, linkId?: number): Promise<void> {
  await db
    .select({ id: publicLinks.id })
    .from(publicLinks)
    .where(and(eq(publicLinks.signingRoundId, roundId), linkId === undefined ? undefined : eq(publicLinks.id, linkId)))
    .orderBy(asc(publicLinks.id))
    .for('update');
}

// --- e.firma signatures (issue 35) ------------------------------------------------------------------------

/** The same signature recorded again (a retry that raced the first) is left as it is. */
export async function insertEfirmaSignatures(db: Executor, rows: Array<typeof efirmaSignatures.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(efirmaSignatures).values(rows).onConflictDoNothing({ target: [efirmaSignatures.linkId, efirmaSignatures.documentSha256] });
}

/** A signer's e.firma signatures: one row per document signed (or one for the whole pack). */
export async function efirmaSignaturesOf(db: Executor, linkId: number): Promise<Array<{ documentSha256: string; cmsSha256: string }>> {
  return db.select({ documentSha256: efirmaSignatures.documentSha256, cmsSha256: efirmaSignatures.cmsSha256 }).from(efirmaSignatures).where(eq(efirmaSignatures.linkId, linkId));
}
