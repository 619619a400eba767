import { canJumpStatus, canSetPolicyNumber, isCreationJump, statusJumpChange, type Policy, type PolicyInput } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import type { AuthUser } from '../../../lib/auth-user';
import { JsonText } from '../../../lib/json-text';
import { withNewFolio } from '../new-folio';
import { insertEvent } from '../repository/history';
import { createWholePolicy, insertWholePolicy } from '../repository/insert-whole-policy';
import { assignPolicyNumberIfDue, policyNumberToWrite } from './policy-number';
import { getPolicy, getPolicyAnswer, type PolicyAnswer } from './read';
import { rowValues } from './row-values';
import { withPolicyBroker } from './broker';
import { writeBranch } from './scope';
import { withCheckedRfcs } from './tax-ids';
import {
  generatePackIfEntering,
  noteLines,
  signingStatusChanged,
  statusJumpForbidden,
  withPackFiles,
  type ContractPackHook,
  type SigningStep,
} from './write-steps';

/**
 * POST /api/policy: the whole aggregate and its first event in one transaction, under a new folio.
 * A policy created in any status but 'Creada' is a status jump (managers and admins only, 403 for
 * others, marked in the history like the form's).
 */
export async function createPolicy(db: Db, actor: AuthUser, input: PolicyInput, packHook?: ContractPackHook, signing?: SigningStep): Promise<Policy> {
  return insertNewPolicy(db, actor, input, (tx, id) => getPolicy(tx, actor, id), packHook, signing);
}

/**
 * POST /api/policy's answer: the new policy as the route sends it (see getPolicyAnswer). A policy
 * created 'Creada' or in any status that joins nothing else to the write (no pack, no policy
 * number, no signing round) is written, with its first event, by one statement that answers its
 * JSON too (issue 30: one statement on one pool checkout, no transaction around it).
 */
export async function createPolicyAnswer(db: Db, actor: AuthUser, input: PolicyInput, packHook?: ContractPackHook, signing?: SigningStep): Promise<PolicyAnswer> {
  if (!createsAlone(actor, input)) return insertNewPolicy(db, actor, input, (tx, id) => getPolicyAnswer(tx, actor, id), packHook, signing);
  input = withCheckedRfcs(input);
  const jump = isCreationJump(input.status);
  if (jump && !canJumpStatus(actor.role)) throw statusJumpForbidden('created', input.status);
  const branchId = await writeBranch(db, actor, input.branchId);
  input = await withPolicyBroker(db, input, branchId);
  const created = await withNewFolio(db, async (drawFolio) => {
    const investigationId = await drawFolio(db);
    const event = { userId: actor.id, fromStatus: null, toStatus: input.status, changes: jump ? [statusJumpChange] : [], note: noteLines('Póliza creada') };
    return createWholePolicy(db, { ...rowValues({ ...input, policyNumber: '' }, investigationId), branchId, userId: actor.id }, input, event);
  });
  return { text: new JsonText(JSON.stringify(JSON.parse(created.json))), version: created.version };
}

/** Whether a create writes only the policy and its event: nothing is generated, numbered, read or sent with it. */
function createsAlone(actor: AuthUser, input: PolicyInput): boolean {
  const typedNumber = input.policyNumber !== '' && canSetPolicyNumber(actor.role, '');
  return input.status !== 'contracts' && input.status !== 'signature' && !typedNumber;
}

/**
 * createPolicy's writes, then `readBack` of the new policy — all in one transaction, so that a
 * create takes one pool checkout (issue 30: the folio's read, the transaction and the answer's
 * read were three, and under load a create waited in the pool's queue three times).
 */
async function insertNewPolicy<T>(
  db: Db,
  actor: AuthUser,
  input: PolicyInput,
  readBack: (tx: Executor, id: number) => Promise<T>,
  packHook?: ContractPackHook,
  signing?: SigningStep,
): Promise<T> {
  input = withCheckedRfcs(input);
  const jump = isCreationJump(input.status);
  if (jump && !canJumpStatus(actor.role)) throw statusJumpForbidden('created', input.status);
  const branchId = await writeBranch(db, actor, input.branchId);
  input = await withPolicyBroker(db, input, branchId);
  return withNewFolio(db, (drawFolio) =>
    withPackFiles(packHook, input.status, (written) =>
      db.transaction(async (tx) => {
        const policyNumber = await policyNumberToWrite(tx, actor, input.policyNumber, '');
        const investigationId = await drawFolio(tx);
        const policyId = await insertWholePolicy(tx, { ...rowValues({ ...input, policyNumber }, investigationId), branchId, userId: actor.id }, input);
        const assigned = await assignPolicyNumberIfDue(tx, policyId, input.status);
        await generatePackIfEntering(tx, packHook, actor, { policyId, from: null, to: input.status, written });
        const changes = jump ? [statusJumpChange] : [];
        await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: input.status, changes, note: noteLines('Póliza creada', assigned) });
        await signingStatusChanged(tx, signing, actor, { policyId, from: null, to: input.status, written });
        return readBack(tx, policyId);
      }),
      signing,
    ),
  );
}
