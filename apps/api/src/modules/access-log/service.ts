import type { FastifyRequest } from 'fastify';
import { accessLogPageSize, type AccessAction, type AccessLogPage } from '@portal/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { currentUser } from '../../plugins/auth';
import * as repo from './repository';

export interface AccessRecord {
  action: AccessAction;
  policyId: number | null;
  /** What was reached, in words: "INE de Ana López (ine.pdf)", "Pólizas (CSV), filtros: …". */
  subject: string;
}

/**
 * Records a view, download or export by the signed-in user (issue 19, LFPDPPP): one insert in
 * the same request, before the file is sent, so a download that is answered is a download logged.
 */
export async function recordAccess(db: Db, request: FastifyRequest, record: AccessRecord): Promise<void> {
  await repo.insertAccess(db, {
    userId: currentUser(request).id,
    action: record.action,
    policyId: record.policyId,
    subject: record.subject.slice(0, 2000),
    ip: request.ip.slice(0, 64),
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
  });
}

/** GET /api/policy/{id}/access-log: the policy's accesses, newest first (another branch's policy: 404). */
export async function policyAccessLog(db: Db, actor: AuthUser, policyId: number, page: number): Promise<AccessLogPage> {
  if (!(await repo.policyInScope(db, policyId, actorScope(actor)))) throw notFound('No se encontró la póliza');
  const { rows, total } = await repo.listForPolicy(db, policyId, accessLogPageSize, (page - 1) * accessLogPageSize);
  return { entries: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total, page, pageSize: accessLogPageSize };
}
