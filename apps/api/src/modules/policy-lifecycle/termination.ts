import { canTerminateRole, policyLifecycleMessages, policyMessages, terminableStatuses, type Policy, type PolicyTermination } from '@portal/domain';
import type { Db } from '../../db/client';
import { conflict, ensure, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { getPolicy, insertEvent, lockPolicy, noteLines, updatePolicyRow } from '../policies/index';

/**
 * POST /api/policy/{id}/terminate: a policy in force cancelled before its end date by a manager
 * or an admin, with the reason in its history.
 */
export async function terminatePolicy(db: Db, actor: AuthUser, id: number, input: PolicyTermination): Promise<Policy> {
  if (!canTerminateRole(actor.role)) throw forbidden(policyLifecycleMessages.terminateRoleForbidden);
  await db.transaction(async (tx) => {
    const locked = ensure(await lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
    if (!terminableStatuses.includes(locked.status)) throw conflict(policyLifecycleMessages.notTerminable);
    await updatePolicyRow(tx, id, { status: 'cancelled', updatedAt: new Date(), updatedBy: actor.id });
    await insertEvent(tx, {
      policyId: id,
      userId: actor.id,
      fromStatus: locked.status,
      toStatus: 'cancelled',
      changes: [],
      note: noteLines(policyLifecycleMessages.terminationNote, policyLifecycleMessages.reasonNote(input.reason)),
    });
  });
  return getPolicy(db, actor, id);
}
