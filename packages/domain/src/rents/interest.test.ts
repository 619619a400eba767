import { describe, expect, it } from 'vitest';
import { lateInterestCents } from './interest';
import { rateToHundredths } from './money';
import { policyDraftSchema } from '../policies/policy-draft';

describe('moratorium interest (lateInterestCents)', () => {
  it('is unpaid × rate/100 × days/30 on integer cents', () => {
    // $18,500.00 at 3 % a month for 30 days: exactly 3 % = $555.00.
    expect(lateInterestCents(1_850_000, 300, 30)).toBe(55_500);
    // 12 days: 1,850,000 × 300 × 12 / 300,000 = 22,200 cents.
    expect(lateInterestCents(1_850_000, 300, 12)).toBe(22_200);
  });

  it('rounds to the centavo half up, once', () => {
    // 100 cents × 1.50 % × 1 day / 30 = 0.05 cents → 0; 1,000 cents: 0.5 → 1 (half up).
    expect(lateInterestCents(100, 150, 1)).toBe(0);
    expect(lateInterestCents(1_000, 150, 1)).toBe(1);
    // 999 cents: 0.4995 → 0 (just below half).
    expect(lateInterestCents(999, 150, 1)).toBe(0);
    // $10,000.01 at 2.75 % for 7 days = 6,416.673... cents → 6,417.
    expect(lateInterestCents(1_000_001, 275, 7)).toBe(6_417);
  });

  it('is zero without a rate, without days late or without an unpaid amount', () => {
    expect(lateInterestCents(1_850_000, null, 30)).toBe(0);
    expect(lateInterestCents(1_850_000, 0, 30)).toBe(0);
    expect(lateInterestCents(1_850_000, 300, 0)).toBe(0);
    expect(lateInterestCents(0, 300, 30)).toBe(0);
  });

  it('counts days, not calendar months: a leap year changes nothing but the days counted', () => {
    // 29 days late (a February 29th in between or not) is 29 days of interest at 1/30 of the month each.
    expect(lateInterestCents(3_000_000, 100, 29)).toBe(29_000);
  });

  it('stays exact for amounts where a float would not', () => {
    // The column's largest amount, 20 %, ten years late: beyond 2^53 before the division.
    const cents = 99_999_999_999;
    expect(lateInterestCents(cents, 2000, 3650)).toBe(2_433_333_333_309);
    // 1,999 hundredths: 2,432,116,666,642.35 cents → 2,432,116,666,642 (the product, 7.3e20, is beyond a float's 2^53).
    expect(lateInterestCents(cents, 1999, 3650)).toBe(2_432_116_666_642);
    // 0.1 + 0.2 style: 30 cents × 3.33 % × 30 days = 0.999 → 1.
    expect(lateInterestCents(30, 333, 30)).toBe(1);
  });

  it('reads a rate with at most two decimals as hundredths of a percent', () => {
    expect(rateToHundredths('3.50')).toBe(350);
    expect(rateToHundredths(3.5)).toBe(350);
    expect(rateToHundredths('20')).toBe(2000);
    expect(rateToHundredths('3.555')).toBeNull();
  });
});

describe('the lease term Interés moratorio mensual (%)', () => {
  const draft = (rate: unknown) => ({ tenants: [{ name: 'Ana' }], property: { owner: { name: 'Luis' }, address: {}, rent: { price: 18500, lateInterestMonthlyRate: rate } } });
  const rateOf = (rate: unknown) => policyDraftSchema.safeParse(draft(rate));

  it('is optional: empty means the lease sets none', () => {
    for (const empty of ['', null, undefined]) {
      const result = rateOf(empty);
      expect(result.error?.issues.find((issue) => issue.path.includes('lateInterestMonthlyRate'))).toBeUndefined();
    }
  });

  it('accepts more than 0 and up to 20 with two decimals, and names the field otherwise', () => {
    const issue = (rate: unknown) => rateOf(rate).error?.issues.find((found) => found.path.includes('lateInterestMonthlyRate'))?.message;
    expect(issue('3.5')).toBeUndefined();
    expect(issue(20)).toBeUndefined();
    for (const wrong of [0, -1, 20.01, '3.555', 'tres']) expect(issue(wrong)).toMatch(/Interés moratorio mensual/);
  });
});
