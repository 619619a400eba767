import { businessDate, claimMessages, claimNumber, claimOwnerMessages, type ClaimDetail } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import type { ReceivedUpload, StoredDownload } from '../../../plugins/files';
import { findClaim, type ClaimRow } from '../repository/claims';
import { findScopedClaimFile, insertClaimFiles } from '../repository/files';
import { claimSummaryById, scopeSql } from '../repository/summaries';
import { composeDetail } from '../service/read';
import { evidenceRow } from './evidence-files';

/*
 * Evidence staff attach to a case (issue 33): photos and PDFs, in the case's branch, while the
 * case is not closed (a closed case is read-only). The owner's own files come with their report.
 */

async function writableClaim(db: Executor, actor: AuthUser, claimId: number, lock = false): Promise<ClaimRow> {
  const claim = ensure(await findClaim(db, claimId, actorScope(actor), lock), notFound(claimMessages.notFound));
  if (claim.status === 'closed') throw conflict(claimMessages.closedReadOnly);
  return claim;
}

/** Before the file is read: the case in the actor's branch (404) and not closed (409). */
export async function checkEvidenceTarget(db: Db, actor: AuthUser, claimId: number): Promise<void> {
  await writableClaim(db, actor, claimId);
}

/** POST /api/claims/{id}/files: the file (already stored; the route removes it unless this commits) joins the case. */
export async function addEvidence(db: Db, actor: AuthUser, claimId: number, upload: ReceivedUpload, now = new Date()): Promise<ClaimDetail> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    await writableClaim(tx, actor, claimId, true);
    await insertClaimFiles(tx, [evidenceRow(claimId, upload, { userId: actor.id })]);
    const head = ensure(await claimSummaryById(tx, claimId, scopeSql(actorScope(actor).branchId), today), notFound(claimMessages.notFound));
    return composeDetail(tx, head, today);
  });
}

/** GET /api/claims/files/{id}: a file of a case in the actor's branch (another branch's: 404). */
export async function evidenceFile(db: Db, actor: AuthUser, fileId: number): Promise<StoredDownload & { policyId: number; subject: string }> {
  const file = ensure(await findScopedClaimFile(db, fileId, actorScope(actor)), notFound(claimOwnerMessages.fileNotFound));
  return {
    policyId: file.policyId,
    storedName: file.storedName,
    mimeType: file.mimeType,
    size: file.size,
    downloadName: file.fileName,
    subject: `Evidencia de la incidencia ${claimNumber(file.claimId)}: ${file.fileName}`,
  };
}
