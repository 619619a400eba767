import { transitionsFrom, type PolicyStatus } from '@portal/domain';

export type RowAction =
  | { kind: 'upload-documents'; label: 'Subir Documentos' }
  | { kind: 'show-results'; label: 'Mostrar Resultados' }
  | { kind: 'change-status'; label: string; to: PolicyStatus }
  | { kind: 'confirm-signature'; label: string }
  | { kind: 'renew'; label: 'Renovar' };

/** Statuses whose investigation is open: its documents can still be uploaded and reviewed. */
const investigationOpenStatuses: readonly PolicyStatus[] = ['created', 'investigation'];

export function isInvestigationOpen(status: PolicyStatus): boolean {
  return investigationOpenStatuses.includes(status);
}

/**
 * The tracking row menu by status (spec section 4). A created policy only navigates, and so does
 * one under investigation (the spec lists only 'created'; the first upload moves a policy to
 * 'investigation', and its documents must stay reachable until it is approved or rejected, which
 * happens on the results screen, not in this menu). The two ways
 * out of 'signature' are one item, 'Confirmar Firma', whose dialog offers both (Cancelar Firma
 * and Confirmar Firma): cancelling a signature is never one stray click away. Every other
 * transition is applied directly. An empty list means no menu.
 */
export function rowActionsFor(status: PolicyStatus, renewable = false): RowAction[] {
  // A policy in force or expired that was not renewed yet, for a role that renews (issue 15).
  const renew: RowAction[] = renewable ? [{ kind: 'renew', label: 'Renovar' }] : [];
  return [...statusActionsFor(status), ...renew];
}

function statusActionsFor(status: PolicyStatus): RowAction[] {
  if (isInvestigationOpen(status)) {
    return [
      { kind: 'upload-documents', label: 'Subir Documentos' },
      { kind: 'show-results', label: 'Mostrar Resultados' },
    ];
  }
  const transitions = transitionsFrom(status);
  const confirm = transitions.find((transition) => transition.from === 'signature' && transition.to === 'active');
  if (confirm) return [{ kind: 'confirm-signature', label: confirm.label }];
  return transitions.map((transition) => ({ kind: 'change-status', label: transition.label, to: transition.to }));
}
