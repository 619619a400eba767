import { brokerMessages, messages, type Broker, type BrokerValues, type IfMatch } from '@portal/domain';
import type { z } from 'zod';
import type { brokerListQuerySchema } from '@portal/domain';
import type { Db } from '../../db/client';
import { staleVersionError } from '../../db/record-versions';
import { conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope, listBranch, writeBranch } from '../../lib/branch-scope';
import { parseRfc } from '../../lib/rfc';
import { branchExists } from '../branches/index';
import * as repo from './repository/brokers';

/*
 * The directory of asesores and inmobiliarias (issue 34): a branch's staff read it (to pick one
 * on a policy), its managers and the admins keep it. A broker is never deleted — their
 * commissions name them — only deactivated.
 */

type ListQuery = z.output<typeof brokerListQuerySchema>;

const listMessages = { otherBranchList: brokerMessages.otherBranchList, branchNotFound: messages.branchNotFound };

export async function listBrokers(db: Db, actor: AuthUser, query: ListQuery): Promise<Broker[]> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  return repo.listBrokers(db, { scope: { branchId }, q: query.q, kind: query.kind, status: query.status });
}

/** Another branch's broker, or none, is a 404 (the SQL filters by the actor's branch). */
export async function getBroker(db: Db, actor: AuthUser, id: number): Promise<Broker> {
  return ensure(await repo.findBroker(db, id, actorScope(actor)), notFound(brokerMessages.notFound));
}

/** The RFC's check digit and date, which only the server reads (@nodecfdi/rfc): 400 naming 'RFC'. */
function checkedRfc(rfc: string): string {
  if (rfc === '') return '';
  const parsed = parseRfc(rfc);
  if (!parsed) throw invalidField('rfc', brokerMessages.rfc);
  return parsed.rfc;
}

export async function createBroker(db: Db, actor: AuthUser, input: BrokerValues): Promise<Broker> {
  const branchId = await writeBranch(actor, input.branchId, undefined, messages.branchNotFound, (id) => branchExists(db, id));
  const values = { ...input, rfc: checkedRfc(input.rfc), branchId, status: input.status ?? 'active' };
  const id = await withNameCheck(() => repo.insertBroker(db, values, actor.id));
  return getBroker(db, actor, id);
}

/** The whole record; with If-Match only the version the form was loaded at (412 otherwise). */
export async function updateBroker(db: Db, actor: AuthUser, id: number, input: BrokerValues, ifMatch: IfMatch | undefined): Promise<Broker> {
  const current = await getBroker(db, actor, id);
  const branchId = await writeBranch(actor, input.branchId, current.branchId, messages.branchNotFound, (branch) => branchExists(db, branch));
  const values = { ...input, rfc: checkedRfc(input.rfc), branchId, status: input.status ?? current.status };
  await withNameCheck(async () => {
    if (!(await repo.updateBroker(db, id, values, actor.id, ifMatch))) throw await staleVersionError(db, 'brokers', id);
  });
  return getBroker(db, actor, id);
}

/** One name per kind in a branch (the old text was matched to it): a second is a 409 on the name. */
async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'brokers_branch_kind_name_key')) throw conflict(brokerMessages.nameTaken, [{ field: 'name', message: brokerMessages.nameTaken }]);
    throw error;
  }
}

