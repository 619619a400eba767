import { policyMessages, type PolicyFile } from '@portal/domain';
import type { Db } from '../../db/client';
import { ensure, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { listPolicyAddendums } from '../addendums/index';
import { listPolicyAppointments } from '../appointments/index';
import { policyClaimDocuments } from '../claims/index';
import { policyDocumentChecklist } from '../investigations/index';
import * as repo from './repository';

/**
 * GET /api/policy/{id}/file: the expediente's branch and agent, its documents checklist, its
 * addendums and appointments, and its incidencias' documents (issue 33). Every read is scoped to the caller's branch (admins: all), so
 * another branch's policy is a 404 and nothing of it is read.
 */
export async function getPolicyFile(db: Db, actor: AuthUser, id: number): Promise<PolicyFile> {
  const header = ensure(await repo.findPolicyHeader(db, id, actorScope(actor)), notFound(policyMessages.notFound));
  const [checklist, addendums, appointments, claimDocuments] = await Promise.all([
    policyDocumentChecklist(db, header),
    listPolicyAddendums(db, actor, id),
    listPolicyAppointments(db, actor, id),
    policyClaimDocuments(db, id),
  ]);
  return {
    policyId: header.policyId,
    branch: { id: header.branchId, name: header.branchName },
    agent: header.agentId === null ? null : { id: header.agentId, name: header.agentName ?? '' },
    checklist,
    addendums,
    appointments,
    claimDocuments,
  };
}
