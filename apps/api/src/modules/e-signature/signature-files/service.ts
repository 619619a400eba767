import { policyMessages, type SignatureFile } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { ensure, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { coversLabel } from '../evidence';
import { policyInScope } from '../repository';
import { signaturesOf } from '../repository/signature-files';

/*
 * Staff: a round's e.firma signatures, the .p7s files kept beside the signed pack (issue 35). Every
 * staff role that reads the policy's contracts reads them (they are the same evidence); outside the
 * actor's branch, a round of another policy or an unknown signature is the same 404.
 */

const signatureFileNotFound = 'La firma no existe';

async function ensureInScope(db: Executor, actor: AuthUser, policyId: number): Promise<void> {
  if (!(await policyInScope(db, policyId, actorScope(actor)))) throw notFound(policyMessages.notFound);
}

/** GET /api/policy/{id}/signing/rounds/{roundId}/signatures */
export async function roundSignatureFiles(db: Executor, actor: AuthUser, policyId: number, roundId: number): Promise<SignatureFile[]> {
  await ensureInScope(db, actor, policyId);
  const rows = await signaturesOf(db, policyId, roundId);
  return rows.map(({ storedName, covers, ...row }) => ({ ...row, covers: coversLabel(covers), available: storedName !== null }));
}

/** GET …/signatures/{signatureId}/file: the stored .p7s and the name it is saved under. */
export async function signatureFile(db: Executor, actor: AuthUser, policyId: number, roundId: number, signatureId: number) {
  await ensureInScope(db, actor, policyId);
  const [row] = await signaturesOf(db, policyId, roundId, signatureId);
  const found = ensure(row?.storedName ? row : undefined, notFound(signatureFileNotFound));
  return { storedName: found.storedName!, size: found.size, downloadName: `firma-efirma-${roundId}-${found.covers}-${found.id}.p7s` };
}
