/*
 * Asesores inmobiliarios and inmobiliarias who bring the business (issue 34), and the states of
 * what they earn. Ids in English, labels in Spanish, no zod.
 */

export const brokerKinds = ['asesor', 'inmobiliaria'] as const;
export type BrokerKind = (typeof brokerKinds)[number];
export const brokerKindLabels: Record<BrokerKind, string> = {
  asesor: 'Asesor inmobiliario',
  inmobiliaria: 'Inmobiliaria',
};

/** A commission: earned and not yet transferred, or transferred (with its date and reference). */
export const commissionStates = ['pending', 'paid'] as const;
export type CommissionState = (typeof commissionStates)[number];
export const commissionStateLabels: Record<CommissionState, string> = {
  pending: 'Pendiente',
  paid: 'Pagada',
};

/** A branch's commission when neither the broker nor the branch names one (percent of the fee before IVA). */
export const defaultCommissionPercent = '20.00';
