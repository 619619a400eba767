/*
 * Moratorium interest (issue 32): when the lease sets a monthly rate, each month En mora accrues
 * simple interest on what is still unpaid of it, per day late counted from the due date:
 * unpaid × rate/100 × daysLate/30, rounded to the centavo half away from zero (decision 026).
 * It is shown as an amount, never added to what is due: the contract's clause is the office's
 * lawyer's to apply. Integer arithmetic only (BigInt): a rate with two decimals is hundredths of a
 * percent, so the quotient is exact before the one rounding.
 */

/** The highest monthly rate the form accepts (20 %): above it a court would call it usury. */
export const maxLateInterestMonthlyRate = 20;

/**
 * The interest, in cents, on `unpaidCents` at `rateHundredths` (350 = 3.50 % a month) for
 * `daysLate` days: unpaid × rate × days / (100 % × 100 hundredths × 30 days), half up.
 */
export function lateInterestCents(unpaidCents: number, rateHundredths: number | null, daysLate: number): number {
  if (rateHundredths === null || rateHundredths <= 0 || unpaidCents <= 0 || daysLate <= 0) return 0;
  const numerator = BigInt(unpaidCents) * BigInt(rateHundredths) * BigInt(daysLate);
  const denominator = 300_000n;
  // Half up for a positive quotient: floor((2n + d) / 2d).
  return Number((2n * numerator + denominator) / (2n * denominator));
}
