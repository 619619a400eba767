import { describe, expect, it } from 'vitest';

import { addMonthsClamped, promissoryNoteDueDates } from './promissory-notes';

describe('promissoryNoteDueDates', () => {
  it('gives one date a month, the start day plus the grace period', () => {
    const dates = promissoryNoteDueDates('2026-12-01', 12, 5);
    expect(dates).toHaveLength(12);
    expect(dates[0]).toBe('2026-12-06');
    expect(dates[1]).toBe('2027-01-06');
    expect(dates[11]).toBe('2027-11-06');
  });

  it('keeps the month when the start day does not exist in it, and lets the grace cross months', () => {
    expect(addMonthsClamped('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(promissoryNoteDueDates('2027-01-30', 2, 3)).toEqual(['2027-02-02', '2027-03-03']);
  });
});
