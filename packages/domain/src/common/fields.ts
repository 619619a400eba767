import { z } from 'zod';
import { messages } from './messages';

/** A required, trimmed text field whose messages name the field in Spanish. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.tooLong(label, max));
}

/** An optional text field: empty strings and null become undefined-free ''. */
export function optionalText(label: string, max = 200) {
  return z
    .string({ error: messages.invalidOption(label) })
    .trim()
    .max(max, messages.tooLong(label, max))
    .nullish()
    .transform((value) => value ?? '');
}

export function emailField(label = 'Correo electrónico') {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(254, messages.tooLong(label, 254))
    .pipe(z.email({ error: messages.invalidEmail }))
    .transform((value) => value.toLowerCase());
}

/**
 * What a phone number may hold: digits, spaces, +, -, parentheses, dots and an 'ext' for an
 * extension ('+52 (55) 1234-5678 ext. 12'). Anything else ('javascript:…', markup) is refused by
 * the API, so no client ever receives it back as a phone (issue 19).
 */
const phonePattern = /^[0-9 +\-().]*(?:\s*ext\.?\s*[0-9]+)?$/i;

export const phoneMessage = (label: string) => `El campo ${label} solo puede tener números, espacios, +, -, paréntesis`;

const isPhone = (value: string) => phonePattern.test(value);

/** An optional phone field ('' when empty). */
export function phoneField(label: string, max = 30) {
  return z
    .string({ error: messages.invalidOption(label) })
    .trim()
    .max(max, messages.tooLong(label, max))
    .refine(isPhone, phoneMessage(label))
    .nullish()
    .transform((value) => value ?? '');
}

export function requiredPhoneField(label: string, max = 30) {
  return requiredText(label, max).refine(isPhone, phoneMessage(label));
}

/** The largest id a PostgreSQL integer column holds: a larger one would fail in SQL, not in validation. */
export const maxId = 2_147_483_647;

/** Positive integer ids; path params arrive as strings, bodies may send either. */
export const idSchema = z.coerce
  .number({ error: 'El identificador no es válido' })
  .int('El identificador no es válido')
  .positive('El identificador no es válido')
  .max(maxId, 'El identificador no es válido');

export function requiredId(label: string) {
  return z.coerce
    .number({ error: messages.required(label) })
    .int(messages.required(label))
    .positive(messages.required(label))
    .max(maxId, messages.invalidOption(label));
}

export const idParamsSchema = z.object({ id: idSchema });
