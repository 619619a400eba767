import { z } from 'zod';

/*
 * A branch's settings for the office's money (issue 34): whether 'Generar Contratos' waits for
 * the policy's fee to be paid, and the commission brokers earn of the fee before IVA when their
 * own rule sets none.
 */

export const feeSettingsLabels = {
  requireFeeBeforeContracts: 'Exigir honorarios pagados antes de generar contratos',
  commissionPercent: 'Comisión de asesores e inmobiliarias (% de honorarios antes de IVA)',
} as const;


export const requireFeeBeforeContractsField = z.boolean({ error: `El campo ${feeSettingsLabels.requireFeeBeforeContracts} debe ser sí o no` });

const commissionMessage = `El campo ${feeSettingsLabels.commissionPercent} debe ser un porcentaje entre 0 y 100, con hasta dos decimales`;

/** 0–100 with at most two decimals ('20', 20.5, '12.50'), as the two-decimal string the database keeps. */
export const commissionPercentField = z.union([z.string(), z.number()], { error: commissionMessage }).transform((value, context) => {
  const text = String(value).trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(hundredths <= 10_000)) {
    context.addIssue({ code: 'custom', message: commissionMessage });
    return z.NEVER;
  }
  return (hundredths / 100).toFixed(2);
});
