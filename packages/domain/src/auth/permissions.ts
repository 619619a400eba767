import type { Role } from './role-values';

/*
 * Who may do what, named once (issue 31): the API's route guards (`requireRole`), the web's
 * route guards, its navigation and its buttons all read these sets, so a rule changes here and
 * nowhere else. No zod: the web's shell reads them.
 */

/** The portal's administration: users, branches, contract templates, the privacy notice, jobs, e-mails, retention, ARCO. */
export const adminRoles: readonly Role[] = ['admin'];

/**
 * Running a branch: its settings (WhatsApp, lead capture, the lead board's columns), the access
 * log, anyone's appointments and lead notes, status jumps and early termination. Admins for every
 * branch, managers for their own.
 */
export const managerRoles: readonly Role[] = ['admin', 'manager'];

/** Roles that may approve or reject an investigation and answer on its documents. */
export const reviewerRoles: readonly Role[] = ['admin', 'manager', 'approver'];

/**
 * Who writes a policy's data (issue 33): the policy form (creating, editing, its status), its
 * investigation documents, regenerating its contract pack and the links sent to its people. Every
 * role but the lawyer, who reads the branch's policies and works their incidencias.
 */
export const policyEditorRoles: readonly Role[] = ['admin', 'manager', 'approver', 'agent'];

/** Who works the leads board and writes to leads by WhatsApp (sales, issue 20): not the lawyer (issue 33). */
export const leadWorkerRoles: readonly Role[] = ['admin', 'manager', 'approver', 'agent'];

/** Roles that write addendums (create, edit, cancel, attach the file); approvers only read them. */
export const addendumEditorRoles: readonly Role[] = ['admin', 'manager', 'agent'];

/** Approvers decide investigations; they do not sell renewals. */
export const renewalRoles: readonly Role[] = ['admin', 'manager', 'agent'];

/** Who records a rent payment (issue 32): staff who deal with the policy, not the approver. */
export const paymentRecorderRoles: readonly Role[] = ['admin', 'manager', 'agent'];

/** Who reverses a payment: those who answer for the money. */
export const paymentReverserRoles: readonly Role[] = ['admin', 'manager'];

/** Who writes the acta de entrega-recepción, adds its photos and sends it to signature (issue 32); the others read it. */
export const moveOutEditorRoles: readonly Role[] = ['admin', 'manager', 'agent'];

/** Who works the incidencias (issue 33): opens cases, logs contacts, moves stages, draws documents. Approvers only read them. */
export const claimEditorRoles: readonly Role[] = ['admin', 'manager', 'agent', 'lawyer'];

/** Who may be assigned a case: the office's lawyers and collectors, and the staff who sell and run the branch. */
export const claimAssigneeRoles: readonly Role[] = ['admin', 'manager', 'agent', 'lawyer'];

/** Who reverses a case's cost, recovery or instalment payment: those who answer for the money. */
export const claimMoneyReverserRoles: readonly Role[] = ['admin', 'manager'];

/** Who records a policy's fee payments and asks for their invoice (issue 34): staff who deal with the policy. */
export const feeRecorderRoles: readonly Role[] = ['admin', 'manager', 'agent'];

/**
 * Who answers for the office's money (issue 34): discounts on a fee (with a reason), reversing a
 * fee payment, cancelling an invoice, the asesores' directory and paying their commissions, the
 * billing reports and the dashboard's collections card. Admins for every branch, managers for theirs.
 */
export const feeManagerRoles: readonly Role[] = ['admin', 'manager'];

/** Who edits the tariffs (per branch and policy type) and sees the PAC's settings (issue 34). */
export const tariffEditorRoles: readonly Role[] = ['admin'];

/** Whether a role (none when signed out) is one of the allowed. */
export function hasRole(role: Role | null | undefined, allowed: readonly Role[]): boolean {
  return role != null && allowed.includes(role);
}

/** An admin works across branches (chooses one, or sees them all); everyone else in their own. */
export function isAdmin(role: Role | undefined | null): boolean {
  return role === 'admin';
}
