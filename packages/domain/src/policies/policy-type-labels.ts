// No zod here: texts that zod-free modules (investigation-messages) need too (issue 13).
export const policyTypes = ['basica', 'plus', 'plusAuto', 'garantiaPlus'] as const;
export type PolicyType = (typeof policyTypes)[number];

export const policyTypeLabels: Record<PolicyType, string> = {
  basica: 'Básica',
  plus: 'Plus',
  plusAuto: 'Plus Auto',
  garantiaPlus: 'Garantía Plus',
};
