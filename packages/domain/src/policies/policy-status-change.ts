import { z } from 'zod';
import { optionalText } from '../common/fields';
import { hasRole, managerRoles } from '../auth/permissions';
import type { Role } from '../auth/role-values';
import { isAllowedTransition, policyStatusLabels, policyStatusSchema, type PolicyStatus } from './policy-status';

/** The row menu's body: `{ status, userId, branchId }` (spec); userId and branchId are ignored. */
export const policyStatusChangeSchema = z.strictObject({
  status: policyStatusSchema,
  userId: z.unknown().optional(),
  branchId: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  note: optionalText('Nota', 500).optional(),
});
export type PolicyStatusChange = z.input<typeof policyStatusChangeSchema>;

/**
 * The form may set any status (spec), but a status outside the row menu's transitions — a jump —
 * is for managers and admins only; agents and approvers keep the status or follow a transition.
 */
export function canJumpStatus(role: Role): boolean {
  return hasRole(role, managerRoles);
}

/** A change of status that is not one of the row menu's transitions. */
export function isStatusJump(from: PolicyStatus, to: PolicyStatus): boolean {
  return from !== to && !isAllowedTransition(from, to);
}

/**
 * A new policy starts in 'Creada': created in any other status, it skipped the steps that bring
 * a policy there (even 'En investigación', which the first uploaded document starts), so it is a
 * jump from 'Creada'.
 */
export function isCreationJump(status: PolicyStatus): boolean {
  return status !== 'created';
}

/**
 * Marks a jump in the history event's `changes` (beside the sections a save changed): the
 * history shows it apart, and the event needs no column of its own.
 */
export const statusJumpChange = 'Salto de estatus';

export function statusJumpForbiddenMessage(from: PolicyStatus, to: PolicyStatus): string {
  return (
    `Solo un gerente o administrador puede cambiar el estatus de «${policyStatusLabels[from]}» ` +
    `a «${policyStatusLabels[to]}» desde el formulario`
  );
}
