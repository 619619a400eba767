import { describe, expect, it } from 'vitest';
import { createBranchRequestSchema, updateBranchRequestSchema } from './branch';
import { proposedRenewalRentCents, rentIncreasePercent, rentIncreaseWarning } from './rent-settings';

const branch = {
  name: 'Centro',
  address: { street: 'Calle', exteriorNumber: '1', colony: 'Centro', municipality: 'Cuauhtémoc', state: 'CDMX', zipCode: '06000' },
  phone: '5555555555',
  email: 'centro@test.mx',
};

describe('branch rent settings', () => {
  it('defaults the tenant reminder to 3 days and no cap', () => {
    const parsed = createBranchRequestSchema.parse(branch);
    expect(parsed).toMatchObject({ rentReminderDays: 3, maxRentIncreasePercent: null, maxRentIncreaseSource: '' });
  });

  it('takes empty reminder days as no reminders and refuses 0 or 16, naming the field', () => {
    expect(createBranchRequestSchema.parse({ ...branch, rentReminderDays: '' }).rentReminderDays).toBeNull();
    for (const days of [0, 16, 2.5]) {
      expect(createBranchRequestSchema.safeParse({ ...branch, rentReminderDays: days }).error?.issues[0]?.message).toMatch(/Recordatorio de renta al inquilino/);
    }
  });

  it('requires the source with the cap, and refuses a cap with more than two decimals', () => {
    const missing = updateBranchRequestSchema.safeParse({ ...branch, status: 'active', maxRentIncreasePercent: '3.69' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['maxRentIncreaseSource'] });
    expect(missing.error?.issues[0]?.message).toMatch(/Fuente del aumento máximo/);
    const ok = updateBranchRequestSchema.parse({ ...branch, status: 'active', maxRentIncreasePercent: '3.69', maxRentIncreaseSource: 'INPC 2025, INEGI' });
    expect(ok).toMatchObject({ maxRentIncreasePercent: 3.69, maxRentIncreaseSource: 'INPC 2025, INEGI' });
    expect(updateBranchRequestSchema.safeParse({ ...branch, status: 'active', maxRentIncreasePercent: '3.691', maxRentIncreaseSource: 'x' }).error?.issues[0]?.message).toMatch(/Aumento máximo/);
  });
});

describe('the renewal cap', () => {
  it('proposes the current rent raised by the cap, to the centavo half up', () => {
    expect(proposedRenewalRentCents(1_850_000, 3.69)).toBe(1_918_265);
    // $10,000.50 × 1.0369 = 10,369.518... → $10,369.52.
    expect(proposedRenewalRentCents(1_000_050, 3.69)).toBe(1_036_952);
    expect(proposedRenewalRentCents(1_850_000, null)).toBe(1_850_000);
  });

  it('warns above the cap only, naming both percents and the source', () => {
    const cap = { percent: 3.69, source: 'INPC 2025, INEGI' };
    expect(rentIncreaseWarning(1_850_000, 1_918_265, cap)).toBeNull();
    expect(rentIncreaseWarning(1_850_000, 1_850_000, cap)).toBeNull();
    expect(rentIncreaseWarning(1_850_000, 2_000_000, cap)).toBe('El aumento (8.11 %) supera el máximo de la sucursal (3.69 %, fuente: INPC 2025, INEGI).');
    expect(rentIncreaseWarning(1_850_000, 2_000_000, { percent: null, source: '' })).toBeNull();
    expect(rentIncreasePercent(1_850_000, 2_000_000)).toBe(8.11);
  });
});
