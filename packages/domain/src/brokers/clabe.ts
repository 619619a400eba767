/*
 * The CLABE (Clave Bancaria Estandarizada), the 18 digits a SPEI transfer is sent to: bank (3),
 * plaza (3), account (11) and a control digit. The control digit is Banxico's weighted mod 10:
 * the first 17 digits times 3, 7, 1, 3, 7, 1…, each product mod 10, summed; the digit is
 * (10 − sum mod 10) mod 10. A typo in one digit changes it, so a commission is never sent to a
 * mistyped account.
 */

const weights = [3, 7, 1] as const;

/** The control digit of a CLABE's first 17 digits. */
export function clabeControlDigit(first17: string): number {
  let sum = 0;
  for (let index = 0; index < 17; index++) sum += (Number(first17[index]) * weights[index % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

/** Whether the text is 18 digits whose last is the control digit of the rest. */
export function isValidClabe(value: string): boolean {
  return /^\d{18}$/.test(value) && clabeControlDigit(value.slice(0, 17)) === Number(value[17]);
}
