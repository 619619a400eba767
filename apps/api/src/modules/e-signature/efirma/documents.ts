import { contractDocumentLabels, signingSubjectLabels, type ContractDocumentKind } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { documentFileName } from '../document-rounds';
import * as repo from '../repository';

/*
 * The documents of a round one by one (issue 35): what an e.firma signs. For the contract pack,
 * the pack version's stored documents of the kinds in the round (their SHA-256 are the view's);
 * for a document of its own (the acta), the round's one PDF.
 */

export type DocumentKind = ContractDocumentKind | 'move_out';

export interface RoundDocument {
  kind: DocumentKind;
  label: string;
  sha256: string;
  /** Null once retention emptied the round's own PDF. */
  storedName: string | null;
  fileName: string;
}

export async function roundDocuments(db: Executor, round: repo.RoundRow, folio: string): Promise<RoundDocument[]> {
  if (round.subject !== 'contracts') {
    return [{ kind: 'move_out', label: signingSubjectLabels.move_out, sha256: round.packSha256, storedName: round.packStoredName, fileName: documentFileName(round, folio) }];
  }
  const pack = await repo.packDocuments(db, round.policyId, round.packVersion);
  return pack
    .filter((document) => round.documentKinds.includes(document.kind))
    .map((document) => ({ kind: document.kind, label: contractDocumentLabels[document.kind], sha256: document.sha256, storedName: document.storedName, fileName: document.fileName }));
}
