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
