import curp from 'curp';
import { optionalText } from './fields';

/*
 * A person's RFC and CURP (issue 35): the e.firma certificate names both, and the server matches
 * them against the signer recorded on the policy. The browser checks their form and the CURP's
 * check digit; the server also checks the RFC's date and check digit (@nodecfdi/rfc, lib/rfc.ts).
 */

export const taxIdMessages = {
  rfc: (label: string) => `El campo ${label} no es válido (revise sus letras, la fecha y la homoclave)`,
  curp: (label: string) => `El campo ${label} no es válido (revise sus 18 caracteres y el dígito verificador)`,
} as const;

/** The RFC's form (3 or 4 letters, the date, the homoclave), upper-cased; '' when none. */
export const optionalRfcField = (label = 'RFC') =>
  optionalText(label, 13)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/.test(value), taxIdMessages.rfc(label));

/** Whether a CURP is well formed and its last digit is RENAPO's check digit (the `curp` library). */
export const isValidCurp = (value: string): boolean => Boolean(curp.validar(value));

/** The CURP, upper-cased and checked with its check digit; '' when none. */
export const optionalCurpField = (label = 'CURP') =>
  optionalText(label, 18)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || isValidCurp(value), taxIdMessages.curp(label));
