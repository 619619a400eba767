// The statuses, labels and transitions without zod: what the list screens show (the schema is in policy-status.ts).
/** The ten stages of a policy, in the order a policy normally lives them. */
export const policyStatuses = [
  'created',
  'investigation',
  'investigation_approved',
  'investigation_rejected',
  'contracts',
  'signature',
  'active',
  'cancelled',
  'expiring',
  'expired',
] as const;
export type PolicyStatus = (typeof policyStatuses)[number];

/** Labels of the form and the tracking screen (spec section 4). */
export const policyStatusLabels: Record<PolicyStatus, string> = {
  created: 'Creada',
  investigation: 'En investigación',
  investigation_approved: 'Investigación aprobada',
  investigation_rejected: 'Investigación rechazada',
  contracts: 'Contratos generados',
  signature: 'Pendiente de firma',
  active: 'Activa',
  cancelled: 'Cancelada',
  expiring: 'Por vencer',
  expired: 'Vencida',
};

/** Labels of the list's status filter (spec, Policy list), after 'Todos los estatus'. */
export const policyStatusFilterLabels: Record<PolicyStatus, string> = {
  created: 'Creada',
  investigation: 'Investigación',
  investigation_approved: 'Investigación Aprobada',
  investigation_rejected: 'Investigación Rechazada',
  contracts: 'Contratos',
  signature: 'Firma',
  active: 'Activa',
  cancelled: 'Cancelada',
  expiring: 'Por Vencer',
  expired: 'Vencida',
};
export const allStatusesLabel = 'Todos los estatus';

/** The dashboard's cards: the spec's nine in its order, and Inv. Rechazada beside Inv. Aprobada (issue 14). */
export const dashboardCards: ReadonlyArray<{ status: PolicyStatus; label: string }> = [
  { status: 'created', label: 'Creadas' },
  { status: 'investigation', label: 'En Investigación' },
  { status: 'investigation_approved', label: 'Inv. Aprobada' },
  { status: 'investigation_rejected', label: 'Inv. Rechazada' },
  { status: 'contracts', label: 'Contratos' },
  { status: 'signature', label: 'En Firma' },
  { status: 'active', label: 'Activas' },
  { status: 'cancelled', label: 'Canceladas' },
  { status: 'expiring', label: 'Por Vencer' },
  { status: 'expired', label: 'Vencidas' },
];

/** A status change the tracking row menu may ask for. */
export interface PolicyTransition {
  from: PolicyStatus;
  to: PolicyStatus;
  label: string;
}

/** The row menu's transitions (spec section 4); the form may still set any status. */
export const policyTransitions: readonly PolicyTransition[] = [
  { from: 'investigation_approved', to: 'contracts', label: 'Generar Contratos' },
  { from: 'contracts', to: 'signature', label: 'Enviar Contratos' },
  { from: 'signature', to: 'active', label: 'Confirmar Firma' },
  { from: 'signature', to: 'cancelled', label: 'Cancelar Firma' },
];

export function transitionsFrom(status: PolicyStatus): PolicyTransition[] {
  return policyTransitions.filter((transition) => transition.from === status);
}

export function isAllowedTransition(from: PolicyStatus, to: PolicyStatus): boolean {
  return policyTransitions.some((transition) => transition.from === from && transition.to === to);
}

export function invalidTransitionMessage(from: PolicyStatus, to: PolicyStatus): string {
  return `No se puede cambiar una póliza de «${policyStatusLabels[from]}» a «${policyStatusLabels[to]}»`;
}
