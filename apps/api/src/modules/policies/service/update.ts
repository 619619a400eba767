import type { z } from 'zod';
import {
  canJumpStatus,
  invalidTransitionMessage,
  isAllowedTransition,
  isStatusJump,
  policyMessages,
  statusJumpChange,
  statusJumpForbiddenMessage,
  type IfMatch,
  type Policy,
  type PolicyInput,
  type policyStatusChangeSchema,
} from '@portal/domain';
import type { Db } from '../../../db/client';
import { ensureVersion } from '../../../db/record-versions';
import { conflict, ensure, forbidden, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { syncPolicyCommissions } from '../../brokers/index';
import { notifyInvestigationDecided } from '../../notifications/index';
import { changedSections } from '../changes';
import { writeChildren } from '../repository/children';
import { insertEvent } from '../repository/history';
import { lockPolicy, updatePolicyRow } from '../repository/policy-row';
import { assignPolicyNumberIfDue, policyNumberToWrite } from './policy-number';
import { getPolicy } from './read';
import { rowValues } from './row-values';
import { withPolicyBroker } from './broker';
import { writeBranch } from './scope';
import { withCheckedRfcs } from './tax-ids';
import { generatePackIfEntering, noteLines, signingStatusChanged, withPackFiles, type ContractPackHook, type SigningStep } from './write-steps';

type StatusChange = z.output<typeof policyStatusChangeSchema>;

/**
 * A full update from the form: any status may be set (spec), but a jump outside the row menu's
 * transitions only by a manager or an admin (403 for others), and the history marks it. The
 * history also notes which sections changed. With `ifMatch` (the form's If-Match) it writes only
 * the version the form was loaded at, checked under the row's lock (412 otherwise, decision 023).
 */
export async function updatePolicy(
  db: Db,
  actor: AuthUser,
  id: number,
  input: PolicyInput,
  packHook?: ContractPackHook,
  signing?: SigningStep,
  ifMatch?: IfMatch,
): Promise<Policy> {
  input = withCheckedRfcs(input);
  return withPackFiles(packHook, input.status, (written) => db.transaction(async (tx) => {
    const locked = ensure(await lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
    await ensureVersion(tx, 'policies', id, locked.version, ifMatch);
    const jump = isStatusJump(locked.status, input.status);
    if (jump && !canJumpStatus(actor.role)) {
      const message = statusJumpForbiddenMessage(locked.status, input.status);
      throw forbidden(message, [{ field: 'status', message }]);
    }
    const before = await getPolicy(tx, actor, id);
    const branchId = await writeBranch(tx, actor, input.branchId, locked.branchId);
    input = await withPolicyBroker(tx, input, branchId, before.property.rent.realEstateInfo.brokerId);
    // The folio de póliza is the server's: the stored one stays, whatever the form sends.
    const kept = { ...input, policyNumber: await policyNumberToWrite(tx, actor, input.policyNumber, locked.policyNumber) };
    await updatePolicyRow(tx, id, { ...rowValues(kept, before.investigationId), branchId, updatedAt: new Date(), updatedBy: actor.id });
    await writeChildren(tx, id, input);
    // Issue 34: another broker takes over what is not paid yet of the policy's commissions.
    if (before.property.rent.realEstateInfo.brokerId !== input.property.rent.realEstateInfo.brokerId) await syncPolicyCommissions(tx, id);
    const assigned = await assignPolicyNumberIfDue(tx, id, input.status);
    await generatePackIfEntering(tx, packHook, actor, { policyId: id, from: locked.status, to: input.status, written });
    // Read back inside the transaction: the history's diff and the response are the same state.
    const after = await getPolicy(tx, actor, id);
    const changes = [...(jump ? [statusJumpChange] : []), ...changedSections(before, after)];
    if (changes.length > 0 || locked.status !== input.status) {
      await insertEvent(tx, { policyId: id, userId: actor.id, fromStatus: locked.status, toStatus: input.status, changes, note: noteLines(assigned) });
    }
    await signingStatusChanged(tx, signing, actor, { policyId: id, from: locked.status, to: input.status, written });
    // A decision set from the form tells the agent as the results screen does (issue 29); not
    // the agent who set it themselves.
    const decided = input.status === 'investigation_approved' || input.status === 'investigation_rejected';
    if (locked.status !== input.status && decided && before.userId !== actor.id) {
      await notifyInvestigationDecided(tx, { policyId: id, approved: input.status === 'investigation_approved' });
    }
    return after;
  }), signing);
}

/** The tracking row menu's change: only the spec's transitions are allowed (409 otherwise). */
export async function changePolicyStatus(db: Db, actor: AuthUser, id: number, change: StatusChange, packHook?: ContractPackHook, signing?: SigningStep): Promise<Policy> {
  await withPackFiles(packHook, change.status, (written) => db.transaction(async (tx) => {
    const locked = ensure(await lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
    if (!isAllowedTransition(locked.status, change.status)) {
      const message = invalidTransitionMessage(locked.status, change.status);
      throw conflict(message, [{ field: 'status', message }]);
    }
    await updatePolicyRow(tx, id, { status: change.status, updatedAt: new Date(), updatedBy: actor.id });
    const assigned = await assignPolicyNumberIfDue(tx, id, change.status);
    await generatePackIfEntering(tx, packHook, actor, { policyId: id, from: locked.status, to: change.status, written });
    await insertEvent(tx, {
      policyId: id,
      userId: actor.id,
      fromStatus: locked.status,
      toStatus: change.status,
      changes: [],
      note: noteLines(change.note, assigned),
    });
    await signingStatusChanged(tx, signing, actor, { policyId: id, from: locked.status, to: change.status, written });
  }), signing);
  return getPolicy(db, actor, id);
}
