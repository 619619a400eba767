import { describe, expect, it } from 'vitest';
import { addDays, dayAfter, policyEndDate } from './policy-term';

describe('policyEndDate', () => {
  it('ends the day before the same day N months later', () => {
    expect(policyEndDate('2026-01-15', 12)).toBe('2027-01-14');
    expect(policyEndDate('2026-03-01', 1)).toBe('2026-03-31');
    expect(policyEndDate('2026-11-20', 3)).toBe('2027-02-19');
    expect(policyEndDate('2026-01-01', 60)).toBe('2030-12-31');
  });

  it('ends on the last day of the target month when the start day does not exist there', () => {
    expect(policyEndDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(policyEndDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(policyEndDate('2026-01-30', 1)).toBe('2026-02-28');
    expect(policyEndDate('2026-03-31', 1)).toBe('2026-04-30');
    expect(policyEndDate('2028-02-29', 12)).toBe('2029-02-28');
  });

  it('keeps the day before when the start day exists in the target month', () => {
    expect(policyEndDate('2028-01-29', 1)).toBe('2028-02-28');
    expect(policyEndDate('2026-01-28', 1)).toBe('2026-02-27');
    expect(policyEndDate('2026-02-28', 12)).toBe('2027-02-27');
  });

  it('is null without a start date', () => {
    expect(policyEndDate(null, 12)).toBeNull();
    expect(policyEndDate('', 12)).toBeNull();
  });

  it('makes consecutive terms meet without a gap or an overlap', () => {
    const firstEnd = policyEndDate('2026-01-31', 1)!;
    expect(dayAfter(firstEnd)).toBe('2026-03-01');
    expect(policyEndDate(dayAfter(policyEndDate('2026-01-15', 12)!), 12)).toBe('2028-01-14');
  });
});

describe('calendar days', () => {
  it('moves across months and years', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-15', 60)).toBe('2026-03-16');
  });
});
