import { signingMessages, signingSubjectLabels, type LinkParty, type SigningRoundStatus, type SigningSubject } from '@portal/domain';
import type { Executor } from '../../db/client';
import { conflict, ensure, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import type { FileStore } from '../../lib/file-store';
import { insertEvent, loadPolicies } from '../policies/index';
import type { EvidenceFacts } from './evidence';
import { signedDocument } from './pdf';
import * as repo from './repository';
import { inviteSigners, newVerificationCode, peopleOf, readStored, storePdf, type Signer } from './rounds';

/*
 * Rounds that sign a document of their own rather than the contract pack (issue 32: the acta de
 * entrega-recepción). The same links, one-time codes, evidence and stamping as the pack's
 * rounds (service.ts signs them); what differs is the start (a PDF the caller drew, the parties
 * it names) and the end: the signed PDF is kept on the round and the policy's status is left alone.
 */

type DocumentSubject = Exclude<SigningSubject, 'contracts'>;

export interface DocumentRoundStart {
  policyId: number;
  subject: DocumentSubject;
  pdf: Uint8Array;
  pageCount: number;
  /** Who signs, in this order (every tenant when 'tenant'). */
  parties: readonly LinkParty[];
  baseUrl: string;
}

/**
 * Starts the round inside the caller's transaction: 409 naming a signer without e-mail, and
 * nothing written. The stored PDF's name is pushed to `written` (removed by the caller on failure).
 */
export async function startDocumentRound(tx: Executor, files: FileStore, actor: AuthUser, start: DocumentRoundStart, written: string[]): Promise<number> {
  const [policy] = await loadPolicies(tx, { id: start.policyId }, 'none');
  const state = ensure(policy && (await repo.policySigningState(tx, start.policyId)), notFound(signingMessages.roundClosed));
  const signers: Signer[] = peopleOf(policy!)
    .filter(({ party }) => start.parties.includes(party))
    .sort((a, b) => start.parties.indexOf(a.party) - start.parties.indexOf(b.party))
    .map((person) => ({ ...person, documentKinds: [start.subject], method: 'simple' as const }));
  const withoutEmail = signers.find((signer) => !signer.email);
  if (withoutEmail) throw conflict(signingMessages.signerWithoutEmail(withoutEmail.name));
  const stored = await storePdf(files, start.pdf, written);
  const roundId = await repo.insertRound(tx, {
    policyId: start.policyId,
    subject: start.subject,
    packVersion: 0,
    documentKinds: [],
    pageCount: start.pageCount,
    packStoredName: stored.storedName,
    packSha256: stored.sha256,
    packSize: stored.size,
    createdBy: actor.id,
    methods: { lease: 'paper', policy: 'paper', promissory_notes: 'paper' },
    expiresAt: new Date(Date.now() + state.signingRoundDays * 86_400_000),
    verificationCode: newVerificationCode(),
    linksBaseUrl: start.baseUrl,
  });
  await inviteSigners(tx, actor, { policyId: start.policyId, roundId, signers, branchName: state.branchName, baseUrl: start.baseUrl, linkDays: state.signingRoundDays, document: start.subject });
  await insertEvent(tx, { policyId: start.policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: `${signingSubjectLabels[start.subject]} enviada para firma electrónica a ${signers.length} firmante${signers.length === 1 ? '' : 's'}` });
  return roundId;
}

/** The name a signer downloads the document under. */
export const documentFileName = (round: repo.RoundRow, folio: string) => `acta-entrega-${folio}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_') || `documento-${round.id}.pdf`;

/** The one document of the round, stamped with the signatures and the evidence page (the facts completion.ts gathered). */
export async function drawSignedOwnDocument(files: FileStore, round: repo.RoundRow, facts: EvidenceFacts, written: string[]) {
  const original = await readStored(files, round.packStoredName!);
  const result = await signedDocument(original, facts, `${signingSubjectLabels.move_out} ${facts.folio} (firmada)`);
  const stored = await storePdf(files, result.bytes, written);
  return { source: null, stored, pageCount: result.pageCount, signed: true };
}

/** Every signer signed: the signed PDF is kept on the round, which closes; the history says so. */
export async function completeOwnDocument(tx: Executor, round: repo.RoundRow, stored: { storedName: string; size: number; sha256: string }, now: Date): Promise<void> {
  await repo.completeDocumentRound(tx, round.id, now, stored);
  await insertEvent(tx, { policyId: round.policyId, userId: null, fromStatus: null, toStatus: null, changes: [], note: `${signingSubjectLabels.move_out}: ${signingMessages.completedNote}`, bySystem: true });
}

export interface DocumentRound {
  id: number;
  status: SigningRoundStatus;
  /** The PDF shown to the signers, and the signed one once the round completed. */
  storedName: string | null;
  storedSize: number | null;
  signedStoredName: string | null;
  signedSize: number | null;
  signers: Array<{ party: LinkParty; name: string; signedAt: string | null; declinedAt: string | null }>;
}

/** A document round as its owner module shows it (null when it does not exist or signs the pack). */
export async function documentRound(db: Executor, roundId: number): Promise<DocumentRound | null> {
  const round = await repo.findRound(db, roundId);
  if (!round || round.subject === 'contracts') return null;
  const signers = await repo.roundSigners(db, round.id);
  return {
    id: round.id,
    status: round.status,
    storedName: round.packStoredName,
    storedSize: round.packSize,
    signedStoredName: round.signedStoredName,
    signedSize: round.signedSize,
    signers: signers.map((signer) => ({ party: signer.party, name: signer.signerName, signedAt: signer.signedAt?.toISOString() ?? null, declinedAt: signer.declinedAt?.toISOString() ?? null })),
  };
}
