import { contractDocumentLabels, policyMessages, signingMessages } from '@portal/domain';
import { readTogether, type Executor } from '../../db/client';
import { ensure, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { notifySignatureCompleted } from '../notifications/index';
import { insertEvent, updatePolicyRow } from '../policies/index';
import { signedDocument, type EvidenceFacts, type SignerEvidence } from './pdf';
import * as repo from './repository';
import { readStored, storePdf } from './stored-pdf';

// --- the last signature: the signed pack drawn, stored as a new version, the round completed ------------

/** What a drawn pack was drawn from: the signers and their signing times. */
export const evidenceKey = (signers: repo.RoundSigner[]) => signers.map((signer) => `${signer.linkId}:${signer.signedAt?.toISOString()}`).join(',');

export interface DrawnDocument {
  source: repo.PackDocument;
  stored: { storedName: string; size: number; sha256: string };
  pageCount: number;
  signed: boolean;
}

function evidenceOf(signer: repo.RoundSigner): SignerEvidence {
  return {
    name: signer.signerName,
    party: signer.party,
    email: signer.signerEmail,
    ip: signer.ip ?? '',
    userAgent: signer.userAgent ?? '',
    signedAt: signer.signedAt!,
    signature: signer.signatureKind === 'drawn' ? { kind: 'drawn', image: signer.signatureImage ?? '' } : { kind: 'typed', text: signer.signatureText ?? signer.signerName },
    packSha256: signer.packSha256 ?? '',
  };
}

/**
 * Every document of the round's pack version for the new version: the signed ones with the
 * signatures and evidence pages, the others (the pagarés when left out) unchanged, each stored
 * under a new name.
 */
export async function drawSignedPack(db: Executor, files: FileStore, round: repo.RoundRow, signers: repo.RoundSigner[], written: string[]): Promise<DrawnDocument[]> {
  const [documents, state] = await readTogether(db, [() => repo.packDocuments(db, round.policyId, round.packVersion), () => repo.policySigningState(db, round.policyId)]);
  const folio = state?.folio ?? '';
  const signedSources = documents.filter((document) => round.documentKinds.includes(document.kind));
  const facts: EvidenceFacts = {
    folio,
    roundId: round.id,
    packVersion: round.packVersion,
    packSha256: round.packSha256,
    documents: signedSources.map((document) => ({ kind: document.kind, fileName: document.fileName, sha256: document.sha256 })),
    signers: signers.map(evidenceOf),
  };
  const drawn: DrawnDocument[] = [];
  for (const source of documents) {
    const original = await readStored(files, source.storedName);
    const signed = round.documentKinds.includes(source.kind);
    const result = signed ? await signedDocument(original, facts, `${contractDocumentLabels[source.kind]} ${folio} (firmado)`) : { bytes: original, pageCount: source.pageCount };
    const stored = await storePdf(files, result.bytes, written);
    drawn.push({ source, stored, pageCount: result.pageCount, signed });
  }
  return drawn;
}

/** Stores the signed pack as the policy's new version, closes the round and makes the policy active. */
export async function completeRound(tx: Executor, round: repo.RoundRow, drawn: DrawnDocument[], now: Date): Promise<void> {
  const state = ensure(await repo.policySigningState(tx, round.policyId, true), notFound(policyMessages.notFound));
  const packVersion = (await repo.latestPackVersion(tx, round.policyId)) + 1;
  await repo.insertSignedPack(
    tx,
    round.policyId,
    drawn.map(({ source, stored, pageCount, signed }) => ({
      policyId: round.policyId,
      kind: source.kind,
      packVersion,
      templateId: source.templateId,
      templateVersion: source.templateVersion,
      templateIsBranchOverride: source.templateIsBranchOverride,
      storedName: stored.storedName,
      fileName: signed ? source.fileName.replace(/-v\d+\.pdf$/, `-firmado-v${packVersion}.pdf`) : source.fileName.replace(/-v\d+\.pdf$/, `-v${packVersion}.pdf`),
      size: stored.size,
      sha256: stored.sha256,
      pageCount,
      signed,
      createdBy: null,
    })),
  );
  await repo.closeRound(tx, round.id, 'completed', now, packVersion);
  // A policy moved out of 'signature' meanwhile would have cancelled the round: it is in 'signature' here.
  if (state.status === 'signature') {
    // The signers completed it, not a user: the 412 of a stale form says 'Alguien más' (decision 023).
    await updatePolicyRow(tx, round.policyId, { status: 'active', updatedAt: now, updatedBy: null });
    await insertEvent(tx, { policyId: round.policyId, userId: null, fromStatus: 'signature', toStatus: 'active', changes: [], note: signingMessages.completedNote, bySystem: true });
  } else {
    await insertEvent(tx, { policyId: round.policyId, userId: null, fromStatus: null, toStatus: null, changes: [], note: signingMessages.completedNote, bySystem: true });
  }
  await notifySignatureCompleted(tx, { policyId: round.policyId, roundId: round.id });
}
