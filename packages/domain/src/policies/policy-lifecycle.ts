import { z } from 'zod';
import { messages } from '../common/messages';
import { hasRole, managerRoles, renewalRoles } from '../auth/permissions';
import type { Role } from '../auth/role-values';
import type { PolicyStatus } from './policy-status-values';

/*
 * What happens to a policy after it is signed: renewal and early termination (issue 15). The
 * daily status changes (active → expiring → expired) are the server's; these are the rules the
 * web shows and the server enforces.
 */

/** A policy that is or was in force may be renewed, once. */
export const renewableStatuses: readonly PolicyStatus[] = ['active', 'expiring', 'expired'];
/** Only a policy still in force can end early. */
export const terminableStatuses: readonly PolicyStatus[] = ['active', 'expiring'];

export function canRenewRole(role: Role): boolean {
  return hasRole(role, renewalRoles);
}

export function canRenewPolicy(role: Role, policy: { status: PolicyStatus; renewedToPolicyId: number | null }): boolean {
  return canRenewRole(role) && renewableStatuses.includes(policy.status) && policy.renewedToPolicyId === null;
}

export function canTerminateRole(role: Role): boolean {
  return hasRole(role, managerRoles);
}

export function canTerminatePolicy(role: Role, policy: { status: PolicyStatus }): boolean {
  return canTerminateRole(role) && terminableStatuses.includes(policy.status);
}

export const terminationReasonLabel = 'Motivo';
export const terminationReasonMax = 500;

/** POST /api/policy/{id}/terminate: why the policy ends before its term. */
export const policyTerminationInputSchema = z.object({
  reason: z
    .string({ error: messages.required(terminationReasonLabel) })
    .trim()
    .min(1, messages.required(terminationReasonLabel))
    .max(terminationReasonMax, messages.tooLong(terminationReasonLabel, terminationReasonMax)),
});
export type PolicyTerminationInput = z.input<typeof policyTerminationInputSchema>;
export type PolicyTermination = z.output<typeof policyTerminationInputSchema>;

export const policyLifecycleMessages = {
  renewRoleForbidden: 'Su rol no puede renovar pólizas',
  terminateRoleForbidden: 'Solo un gerente o administrador puede terminar anticipadamente una póliza',
  notRenewable: 'Solo se puede renovar una póliza activa, por vencer o vencida',
  alreadyRenewed: 'Esta póliza ya fue renovada',
  notTerminable: 'Solo se puede terminar anticipadamente una póliza activa o por vencer',
  renewed: 'Póliza renovada: complete los datos de la nueva póliza',
  terminated: 'Póliza terminada anticipadamente',
  /** The history's notes, with the other policy's folio. */
  renewedAsNote: (folio: string) => `Renovada como ${folio}`,
  renewalOfNote: (folio: string) => `Renovación de ${folio}`,
  /** Whose the renewal is: the policy's agent, or (when they left the branch) whoever renewed it. */
  renewalAgentNote: (keptAgent: boolean) => (keptAgent ? 'Agente: el de la póliza anterior' : 'Agente: quien la renovó (el de la póliza anterior ya no está en la sucursal)'),
  terminationNote: 'Terminación anticipada',
  reasonNote: (reason: string) => `Motivo: ${reason}`,
  expiringNote: 'Vigencia próxima a terminar',
  expiredNote: 'Vigencia terminada',
  numberAssignedNote: (number: string) => `Folio de póliza asignado: ${number}`,
} as const;

/** The actor the history shows for what the server did by itself (the daily status changes). */
export const systemActorName = 'Sistema';

/**
 * Who acted when no staff member did (issue 29): the history and the lead notes name the person
 * outside, the web form or WhatsApp, never 'Usuario eliminado' (which stays for deleted accounts).
 */
export const outsideActorNames = {
  webForm: 'Formulario web',
  whatsapp: 'WhatsApp',
  /** 'Lucía Gómez (inquilino, por enlace)'. */
  byLink: (name: string, role: string) => `${name} (${role.toLowerCase()}, por enlace)`,
  /** A signer who declined: 'Jorge Ríos (firmante, por enlace)'. */
  signer: (name: string) => `${name} (firmante, por enlace)`,
} as const;

/** The days before a policy's end date on which its agent and manager are reminded. */
export const expiryReminderDays = [60, 30, 7] as const;
export type ExpiryReminderDay = (typeof expiryReminderDays)[number];
