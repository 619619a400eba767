import { z } from 'zod';
import { optionalText } from '../common/fields';

/*
 * A branch's settings for the policy's year of rents (issue 32): how many days before each due
 * date the tenant is reminded by e-mail, and the highest yearly rent increase a renewal should
 * propose (Mexico City caps it at the previous year's inflation), entered with its source.
 */

export const rentSettingsLabels = {
  rentReminderDays: 'Recordatorio de renta al inquilino (días antes)',
  maxRentIncreasePercent: 'Aumento máximo de renta anual (%)',
  maxRentIncreaseSource: 'Fuente del aumento máximo',
} as const;

export const defaultRentReminderDays = 3;
export const maxRentReminderDays = 15;
export const maxRentIncreaseCap = 100;

const L = rentSettingsLabels;

/** 1–15 days, or null ('' or null) for no reminders. */
export const rentReminderDaysField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce
    .number({ error: `El campo ${L.rentReminderDays} debe ser un número` })
    .int(`El campo ${L.rentReminderDays} debe ser un número entero`)
    .min(1, `El campo ${L.rentReminderDays} debe estar entre 1 y ${maxRentReminderDays}, o vacío para no enviar recordatorios`)
    .max(maxRentReminderDays, `El campo ${L.rentReminderDays} debe estar entre 1 y ${maxRentReminderDays}, o vacío para no enviar recordatorios`)
    .nullable(),
);

const percentMessage = `El campo ${L.maxRentIncreasePercent} debe ser mayor que 0 y como máximo ${maxRentIncreaseCap}, con hasta dos decimales, o vacío si no hay tope`;

/** A percent with at most two decimals (3.69), or null ('' or null) when the branch sets no cap. */
export const maxRentIncreasePercentField = z.preprocess(
  (value) => (value === '' || (typeof value === 'string' && value.trim() === '') ? null : value),
  z.coerce
    .number({ error: percentMessage })
    .refine((value) => value > 0 && value <= maxRentIncreaseCap && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, percentMessage)
    .nullable(),
);

export const maxRentIncreaseSourceField = optionalText(L.maxRentIncreaseSource, 200);

export const rentSettingsMessages = {
  sourceRequired: `El campo ${L.maxRentIncreaseSource} es obligatorio cuando hay aumento máximo (por ejemplo: INPC 2025, INEGI)`,
} as const;

/** The source is required with the percent: a cap nobody can trace is not the office's to apply. */
export function checkRentIncreaseSource(value: { maxRentIncreasePercent?: number | null | undefined; maxRentIncreaseSource?: string | undefined }, context: z.RefinementCtx): void {
  if (typeof value.maxRentIncreasePercent === 'number' && !value.maxRentIncreaseSource) {
    context.addIssue({ code: 'custom', path: ['maxRentIncreaseSource'], message: rentSettingsMessages.sourceRequired });
  }
}

/** 3.69 → 369 (hundredths of a percent). */
const percentHundredths = (percent: number) => Math.round(percent * 100);

/** Half up for a positive quotient, in integers. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => Number((2n * numerator + denominator) / (2n * denominator));

/** The renewal's proposed rent in cents: the current one raised by the branch's cap, to the centavo; the current one without a cap. */
export function proposedRenewalRentCents(currentCents: number, capPercent: number | null): number {
  if (capPercent === null) return currentCents;
  return divideHalfUp(BigInt(currentCents) * BigInt(10_000 + percentHundredths(capPercent)), 10_000n);
}

/** The increase from `currentCents` to `newCents` in percent, two decimals (3.69). */
export function rentIncreasePercent(currentCents: number, newCents: number): number {
  if (currentCents <= 0) return 0;
  const diff = newCents - currentCents;
  const hundredths = diff >= 0 ? divideHalfUp(BigInt(diff) * 10_000n, BigInt(currentCents)) : -divideHalfUp(BigInt(-diff) * 10_000n, BigInt(currentCents));
  return hundredths / 100;
}

const percentText = (percent: number) => percent.toLocaleString('es-MX', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * The warning when a renewal's rent rises above the branch's cap (a warning, never a block: the
 * owner and tenant may agree otherwise); null when within it or there is no cap.
 */
export function rentIncreaseWarning(currentCents: number, newCents: number, cap: { percent: number | null; source: string }): string | null {
  if (cap.percent === null || currentCents <= 0) return null;
  // Compared in cents: the proposal itself (rounded to the centavo) is never 'above'.
  if (newCents <= proposedRenewalRentCents(currentCents, cap.percent)) return null;
  const source = cap.source ? `, fuente: ${cap.source}` : '';
  return `El aumento (${percentText(rentIncreasePercent(currentCents, newCents))} %) supera el máximo de la sucursal (${percentText(cap.percent)} %${source}).`;
}
