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

/** Positive integer ids; path params arrive as strings, bodies may send either. */
export const idSchema = z.coerce
  .number({ error: 'El identificador no es válido' })
  .int('El identificador no es válido')
  .positive('El identificador no es válido');

export function requiredId(label: string) {
  return z.coerce
    .number({ error: messages.required(label) })
    .int(messages.required(label))
    .positive(messages.required(label));
}

export const idParamsSchema = z.object({ id: idSchema });
