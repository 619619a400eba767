import { z } from 'zod';

/*
 * Money (issue 32, decision 026): integer cents in arithmetic, `numeric(12,2)` in the database,
 * a string with two decimals in JSON ('18500.00'). Never a float: 0.1 + 0.2 is not 0.3 in
 * binary, and a ledger that is off by a centavo is wrong.
 */

/** The most a single amount may be: the database column's numeric(12,2). */
export const maxMoneyCents = 99_999_999_999;

const moneyPattern = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** '18500', '18500.5', '18,500.00' → cents; null when it is not an amount of money. */
export function moneyToCents(text: string): number | null {
  const match = moneyPattern.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents → the JSON form, '18500.00'. */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A money string or cents as people read it: '$18,500.00'. */
export function formatPesos(amount: string | number): string {
  const cents = typeof amount === 'number' ? amount : (moneyToCents(amount.replace(/^-/, '')) ?? 0) * (amount.startsWith('-') ? -1 : 1);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const pesos = Math.floor(whole / 100).toLocaleString('en-US');
  return `${sign}$${pesos}.${String(whole % 100).padStart(2, '0')}`;
}

/** The JSON form of an amount in an answer: always a string with two decimals. */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * An amount a person sends: a string ('18500.00', '18,500') or a number with at most two
 * decimals, more than zero; given as cents. The message names the field.
 */
export function positiveMoneyInput(label: string) {
  const invalid = `El campo ${label} debe ser un importe mayor que cero, con hasta dos decimales`;
  return z
    .union([z.string(), z.number()], { error: invalid })
    .transform((value, context) => {
      const cents = typeof value === 'number' ? numberToCents(value) : moneyToCents(value);
      if (cents === null || cents <= 0 || cents > maxMoneyCents) {
        context.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return cents;
    });
}

/** A JSON number with at most two decimals → cents (1850.5 → 185050); null otherwise. */
function numberToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  // 18500.005 is not an amount of money: refuse it rather than round it silently.
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/** '3.5', '3.50', 3.5 → 350 (hundredths of a percent); null when it is not a percentage with at most two decimals. */
export function rateToHundredths(rate: string | number): number | null {
  const text = typeof rate === 'number' ? String(rate) : rate.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** numerator / denominator, rounded to the nearest integer, half away from zero (BigInt: products pass 2^53). */
export function divideRounded(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return Number(negative ? -quotient : quotient);
}

/**
 * `percent` ('35.00', '16') of an amount in cents, to the centavo half away from zero, as the SAT
 * rounds (issue 34): percentOfCents(1_850_000, '35.00') → 647_500. No percent, or not one: 0.
 */
export function percentOfCents(cents: number, percent: string | null | undefined): number {
  return divideRounded(BigInt(cents) * BigInt(rateToHundredths(percent ?? '') ?? 0), 10_000n);
}
