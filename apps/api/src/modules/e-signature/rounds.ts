import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { documentSigners, planRound, policyMessages, policySigners, roundMessages, signingMessages, type ContractDocumentKind, type LinkParty, type PolicyStatus, type SignatureMethods, type SigningSubject } from '@portal/domain';
import type { Executor } from '../../db/client';
import { conflict, ensure, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import type { FileStore } from '../../lib/file-store';
import { insertEvent, loadPolicies, type SigningHook } from '../policies/index';
import { issueLink } from '../public-links/index';
import { mergePack } from './pdf';
import * as repo from './repository';

/*
 * A signing round's start and end (issue 17, decision 017): what the policies module calls when a
 * policy marked 'Firma electrónica' enters or leaves 'signature'. The signers' side is service.ts.
 */

const dayMs = 86_400_000;
/** The /verificar code's alphabet: no 0/O, 1/I/L look-alikes; 12 characters are 60 bits. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new verification code (printed with a QR on the evidence page, issue 35). */
export const newVerificationCode = () => Array.from({ length: 12 }, () => codeAlphabet[crypto.randomInt(codeAlphabet.length)]).join('');

export async function readStored(files: FileStore, storedName: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(storedName)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function storePdf(files: FileStore, bytes: Uint8Array, written: string[]) {
  const stored = await files.save(Readable.from([Buffer.from(bytes)]), { accept: ['pdf'], wasTruncated: () => false });
  written.push(stored.storedName);
  return stored;
}

export interface Signer {
  party: LinkParty;
  partyIndex: number;
  name: string;
  email: string;
  phones: string[];
  /** The RFC and CURP the e.firma certificate must name ('' when the policy has none). */
  rfc: string;
  curp: string;
  /** The office's legal representative (party 'office'). */
  userId?: number;
  /** The documents this signer signs in the round, and how. */
  documentKinds: Array<ContractDocumentKind | 'move_out'>;
  method: 'simple' | 'efirma';
}

/**
 * A round's signers invited: each gets a signing link and a signature row, in the round's order
 * (`position`). All at once, every link is e-mailed now; in order (issue 35), only the first
 * signer's — the others' links are made with a token nobody receives, and each gets a new one
 * when their turn comes (turns.ts). The contract pack's rounds and a single document's (the acta,
 * `document`) share it.
 */
export async function inviteSigners(
  tx: Executor,
  actor: AuthUser,
  round: { policyId: number; roundId: number; signers: Signer[]; branchName: string; baseUrl: string; linkDays: number; sequential?: boolean; document?: Exclude<SigningSubject, 'contracts'> },
  now = new Date(),
): Promise<void> {
  for (const [position, signer] of round.signers.entries()) {
    const invited = !round.sequential || position === 0;
    const { linkId } = await issueLink(tx, {
      policyId: round.policyId,
      purpose: 'sign',
      party: signer.party,
      partyIndex: signer.partyIndex,
      partyName: signer.name,
      email: signer.email,
      phones: signer.phones,
      branchName: round.branchName,
      expiresInDays: round.linkDays,
      signingRoundId: round.roundId,
      createdBy: actor.id,
      baseUrl: round.baseUrl,
      sendEmail: invited,
      ...(round.document ? { document: round.document } : {}),
    });
    await repo.insertSignature(tx, {
      linkId,
      roundId: round.roundId,
      signerName: signer.name.slice(0, 150),
      signerEmail: signer.email,
      position,
      documentKinds: signer.documentKinds,
      method: signer.method,
      expectedRfc: signer.rfc,
      expectedCurp: signer.curp,
      userId: signer.userId ?? null,
      invitedAt: invited ? now : null,
    });
  }
}

type PolicyPeople = Awaited<ReturnType<typeof loadPolicies>>[number];
type Person = Pick<Signer, 'party' | 'partyIndex' | 'name' | 'email' | 'phones' | 'rfc' | 'curp' | 'userId'>;

/** The people of the policy who may sign (the domain's policySigners: every tenant, every guarantor and the owner, in that order). */
export function peopleOf(policy: PolicyPeople): Person[] {
  return policySigners(policy).map(({ party, partyIndex, person }) => ({
    party,
    partyIndex,
    name: person.name.trim(),
    email: person.email.trim(),
    phones: [person.mobile, person.phone],
    rfc: person.rfc,
    curp: person.curp,
  }));
}

/**
 * Each person with the documents of the round they sign (a person who signs none of them is not
 * a signer) and their method: e.firma when any of their documents asks for it.
 */
function withDocuments(people: Person[], kinds: ContractDocumentKind[], methods: SignatureMethods): Signer[] {
  return people.flatMap((person) => {
    const documentKinds = kinds.filter((kind) => documentSigners[kind].includes(person.party));
    if (documentKinds.length === 0) return [];
    return [{ ...person, documentKinds, method: documentKinds.some((kind) => methods[kind] === 'efirma') ? ('efirma' as const) : ('simple' as const) }];
  });
}

/**
 * The office's signer (issue 35): the branch's legal representative, who signs the lease and the
 * póliza after everyone else; null when the branch has none (the office then signs on paper).
 */
async function officeSigner(tx: Executor, branchId: number): Promise<Person | null> {
  const representative = await repo.legalRepresentativeOf(tx, branchId);
  if (!representative) return null;
  const { id, name, email, mobile, phone, rfc, curp } = representative;
  return { party: 'office', partyIndex: 0, name, email, phones: [mobile, phone], rfc, curp, userId: id };
}

/** Why some of the round is left to paper: the plan's reasons, and the office without a representative when it signs any document of the round. */
function paperReasonOf(planReason: string, kinds: ContractDocumentKind[], office: Person | null): string {
  const officeSigns = kinds.some((kind) => documentSigners[kind].includes('office'));
  return [planReason, office === null && officeSigns ? `${roundMessages.officeOnPaper}.` : ''].filter(Boolean).join(' ');
}

interface RoundStart {
  policyId: number;
  baseUrl: string;
  /** The history's line, given how many sign (the start's, or a round sent again). */
  note?: (signers: number) => string;
}

/**
 * Starts a round for a policy marked 'Firma electrónica' (in the transaction that moved it into
 * 'signature', or that sends an ended round again): 409 naming a signer without e-mail, or
 * without contracts, and nothing written. False when the policy is not signed electronically.
 */
export async function startRound(tx: Executor, files: FileStore, actor: AuthUser, start: RoundStart & SigningOptions, written: string[]): Promise<boolean> {
  const [policy] = await loadPolicies(tx, { id: start.policyId }, 'none');
  if (!policy?.isElectronicSignature) return false;
  const state = ensure(await repo.policySigningState(tx, start.policyId), notFound(policyMessages.notFound));
  const pack = await repo.currentPack(tx, start.policyId);
  const office = await officeSigner(tx, state.branchId);
  // Tenants, guarantors, the owner, then the office: the order a round signed in order follows.
  const people = [...peopleOf(policy), ...(office ? [office] : [])];
  const plan = planRound(pack.map((document) => document.kind), state.methods, people, start.efirmaAvailable);
  const kinds = pack.map((document) => document.kind).filter((kind) => plan.methods[kind] !== 'paper');
  if (kinds.length === 0) throw conflict(signingMessages.noPack, [{ field: 'status', message: signingMessages.noPack }]);
  const signers = withDocuments(people, kinds, plan.methods);
  const withoutEmail = signers.find((signer) => !signer.email);
  if (withoutEmail) throw conflict(signingMessages.signerWithoutEmail(withoutEmail.name), [{ field: 'status', message: signingMessages.signerWithoutEmail(withoutEmail.name) }]);
  // A round left open by an earlier pass through 'signature' ends before the new one starts.
  await cancelOpenRound(tx, actor.id, start.policyId);

  const documents = pack.filter((document) => kinds.includes(document.kind));
  const merged = await mergePack(await Promise.all(documents.map(async (document) => ({ bytes: await readStored(files, document.storedName) }))), `Contratos para firmar ${state.folio}`);
  const stored = await storePdf(files, merged, written);
  const sequential = state.signingOrder === 'sequential';
  const roundId = await repo.insertRound(tx, {
    policyId: start.policyId,
    packVersion: pack[0]!.packVersion,
    documentKinds: kinds,
    packStoredName: stored.storedName,
    packSha256: stored.sha256,
    packSize: stored.size,
    createdBy: actor.id,
    methods: plan.methods,
    paperReason: paperReasonOf(plan.paperReason, kinds, office),
    sequential,
    expiresAt: new Date(Date.now() + state.signingRoundDays * dayMs),
    verificationCode: newVerificationCode(),
    linksBaseUrl: start.baseUrl,
  });
  await inviteSigners(tx, actor, { policyId: start.policyId, roundId, signers, branchName: state.branchName, baseUrl: start.baseUrl, linkDays: state.signingRoundDays, sequential });
  const note = (start.note ?? signingMessages.roundStartedNote)(signers.length);
  await insertEvent(tx, { policyId: start.policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note });
  return true;
}

/** Ends the policy's open round, if any: cancelled, its links revoked, and the history says so. */
async function cancelOpenRound(tx: Executor, actorId: number | null, policyId: number): Promise<void> {
  const round = await repo.openRoundOf(tx, policyId);
  if (!round) return;
  const now = new Date();
  await repo.closeRound(tx, round.id, 'cancelled', now);
  await repo.revokeRoundLinks(tx, round.id, now, actorId);
  await insertEvent(tx, { policyId, userId: actorId, fromStatus: null, toStatus: null, changes: [], note: signingMessages.roundCancelledNote });
}

/** What the policies module calls when a write enters or leaves 'signature' (app.ts wires it). */
export interface SigningOptions {
  /** Whether this server verifies e.firma signatures (EFIRMA_CA_CERTS is set): documents set to it go to paper otherwise. */
  efirmaAvailable: boolean;
}

export function signingHook(files: FileStore, onDiscardError: (error: unknown, storedName: string) => void, options: SigningOptions): SigningHook {
  return {
    async statusChanged(tx: Executor, actor: AuthUser, change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; baseUrl: string }, written: string[]) {
      if (change.to === 'signature') await startRound(tx, files, actor, { ...change, ...options }, written);
      else if (change.from === 'signature') await cancelOpenRound(tx, actor.id, change.policyId);
    },
    discard: async (written: string[]) => {
      for (const storedName of written) await files.remove(storedName).catch((error: unknown) => onDiscardError(error, storedName));
    },
  };
}
