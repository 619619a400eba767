import { businessYear, canSetPolicyNumber, formatPolicyNumber, policyLifecycleMessages, policyMessages, policySearchText, type PolicyStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { conflict, type AppError } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { numberingState, policyNumberExists, takePolicyNumber } from '../repository/numbering';
import { updatePolicyRow } from '../repository/policy-row';

// --- the folio de póliza ---------------------------------------------------------------------------

/**
 * The folio de póliza a write stores: the stored one (the server gives it at 'contracts'), unless
 * an admin types one for a policy that has none (an old policy imported), which must be free.
 */
export async function policyNumberToWrite(tx: Executor, actor: AuthUser, typed: string, stored: string): Promise<string> {
  if (typed === '' || !canSetPolicyNumber(actor.role, stored)) return stored;
  if (await policyNumberExists(tx, typed)) throw policyNumberConflict(policyMessages.policyNumberTaken(typed));
  return typed;
}

export function policyNumberConflict(message: string): AppError {
  return conflict(message, [{ field: 'policyNumber', message }]);
}

/**
 * Gives a policy in 'contracts' without a folio de póliza the next number of its branch's year
 * (Mexico City), in the caller's transaction, whichever path brought it there (the row menu's
 * 'Generar Contratos', the form, an admin's jump, a new policy). Returns the history's line
 * about it, or null when nothing was due.
 */
export async function assignPolicyNumberIfDue(tx: Executor, id: number, status: PolicyStatus, now = new Date()): Promise<string | null> {
  // Only a write into 'contracts' can be due: the others skip the read.
  if (status !== 'contracts') return null;
  const state = await numberingState(tx, id);
  if (!state || state.status !== 'contracts' || state.policyNumber !== '') return null;
  const year = businessYear(now);
  let policyNumber: string;
  do {
    const { code, sequence } = await takePolicyNumber(tx, state.branchId, year);
    policyNumber = formatPolicyNumber(code, year, sequence);
    // An admin may have imported an old policy under a number the counter reaches later: skip it.
  } while (await policyNumberExists(tx, policyNumber));
  await updatePolicyRow(tx, id, { policyNumber, searchText: policySearchText({ ...state, policyNumber }) });
  return policyLifecycleMessages.numberAssignedNote(policyNumber);
}
