import { z } from 'zod';
import { messages } from '../common/messages';
import { optionalText } from '../common/fields';

import { policyMessages } from './policy-messages';

export { policyMessages };

/** Form inputs send numbers as text; '' and null mean "not given". NaN is refused with the field named. */
function numberLike(label: string) {
  return z
    .union([z.number(), z.string().trim()], { error: policyMessages.invalidNumber(label) })
    .nullish()
    .transform((value) => (value === '' || value === null || value === undefined ? null : Number(value)))
    .pipe(z.number({ error: policyMessages.invalidNumber(label) }).nullable());
}

/** Pesos with centavos, not negative; null when not given. */
export function optionalMoney(label: string) {
  return numberLike(label)
    .refine((value) => value === null || value >= 0, policyMessages.notNegative(label))
    .refine((value) => value === null || value <= 999_999_999, policyMessages.tooLarge(label))
    .transform((value) => (value === null ? null : Math.round(value * 100) / 100));
}

export function requiredMoney(label: string) {
  return optionalMoney(label)
    .refine((value) => value !== null, messages.required(label))
    .refine((value) => value === null || value > 0, policyMessages.positive(label));
}

/**
 * A monthly interest rate in percent, more than 0 and at most `max`, with at most two decimals
 * (3.5 → 3.5); null when not given (the lease sets none). More decimals are refused, not rounded.
 */
export function optionalRate(label: string, max: number) {
  const invalid = `El campo ${label} debe ser mayor que 0 y como máximo ${max}, con hasta dos decimales`;
  return numberLike(label).refine((value) => value === null || (value > 0 && value <= max && Math.abs(Math.round(value * 100) - value * 100) < 1e-6), invalid);
}

export function optionalCount(label: string, max = 10_000) {
  return numberLike(label)
    .refine((value) => value === null || Number.isInteger(value), policyMessages.wholeNumber(label))
    .refine((value) => value === null || (value >= 0 && value <= max), policyMessages.range(label, 0, max));
}

/** Whole months in `min`–`max`; not given means `fallback` (the policy's term: 12). */
export function monthsField(label: string, min: number, max: number, fallback: number) {
  return numberLike(label)
    .transform((value) => value ?? fallback)
    .refine((value) => Number.isInteger(value), policyMessages.wholeNumber(label))
    .refine((value) => value >= min && value <= max, policyMessages.range(label, min, max));
}

/** A calendar date `yyyy-MM-dd` (what a date input gives), or null. */
export function optionalDate(label: string) {
  return z
    .string({ error: policyMessages.invalidDate(label) })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDate(value), policyMessages.invalidDate(label));
}

/** A real day between 1900 and 2199: a date input allows year 0, which PostgreSQL refuses. */
function isCalendarDate(value: string): boolean {
  if (!/^(19|2[01])\d{2}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const flag = z.boolean({ error: 'Debe ser sí o no' }).default(false);

/** An e-mail that may be left empty (tenants and owners do not always give one). */
export function optionalEmail(label = 'Correo electrónico') {
  return optionalText(label, 254)
    .refine((value) => value === '' || z.email().safeParse(value).success, messages.invalidEmail)
    .transform((value) => value.toLowerCase());
}
