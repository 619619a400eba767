import { describe, expect, it } from 'vitest';
import { brokerInputSchema, monthBounds, payoutInputSchema } from './broker-inputs';
import { isValidClabe } from './clabe';
import { percentOfCents } from '../rents/money';
import { earnedToDateCents, payoutFigures } from './commission-math';

const fee = { subtotalCents: 647_500, totalCents: 751_100 };

describe('CLABE control digit', () => {
  it('accepts a CLABE whose last digit is the weighted mod 10 of the others', () => {
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('002010077777777771')).toBe(true);
  });
  it('refuses a mistyped digit, a wrong length or letters', () => {
    expect(isValidClabe('032180000118359718')).toBe(false);
    expect(isValidClabe('032180000118359791')).toBe(false);
    expect(isValidClabe('03218000011835971')).toBe(false);
    expect(isValidClabe('03218000011835971a')).toBe(false);
  });
});

describe('commission arithmetic (integer cents, half away from zero)', () => {
  it('earns in proportion to what was collected and exactly round(subtotal × %) for the whole fee', () => {
    expect(earnedToDateCents(0, fee, '20.00')).toBe(0);
    expect(earnedToDateCents(375_550, fee, '20.00')).toBe(64_750);
    expect(earnedToDateCents(751_100, fee, '20.00')).toBe(129_500);
    // More than the total (an overpayment) earns no more than the whole fee.
    expect(earnedToDateCents(900_000, fee, '20.00')).toBe(129_500);
    expect(earnedToDateCents(100, { subtotalCents: 100, totalCents: 116 }, '12.50')).toBe(11);
  });
  it('rounds each percentage of a payout on its own line', () => {
    expect(percentOfCents(12_345, '16.00')).toBe(1975);
    const figures = payoutFigures(129_500, { commissionIvaPercent: '16.00', isrWithholdingPercent: '10.00', ivaWithholdingPercent: '10.67' });
    expect(figures).toEqual({ grossCents: 129_500, ivaCents: 20_720, isrWithheldCents: 12_950, ivaWithheldCents: 13_818, netCents: 123_452 });
  });
});

describe('broker input', () => {
  const base = { kind: 'asesor', name: 'Laura Gómez' };
  it('normalises percentages to two decimals and phones to E.164', () => {
    const parsed = brokerInputSchema.parse({ ...base, commissionPercent: '25', isrWithholdingPercent: 10, phone: '55 9000 4000', rfc: 'goml800101ab1' });
    expect(parsed).toMatchObject({ commissionPercent: '25.00', isrWithholdingPercent: '10.00', ivaWithholdingPercent: '0.00', phone: '+525590004000', rfc: 'GOML800101AB1' });
    expect(brokerInputSchema.parse({ ...base, commissionPercent: '' }).commissionPercent).toBeNull();
  });
  it('names the field of a bad percent, CLABE, kind or RFC', () => {
    const issues = (input: object) => brokerInputSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues({ commissionPercent: '100.01' })).toEqual(['commissionPercent: El campo Comisión (%) debe ser un porcentaje de 0 a 100, con hasta dos decimales']);
    expect(issues({ isrWithholdingPercent: '1.234' })?.[0]).toContain('Retención de ISR (%)');
    expect(issues({ clabe: '032180000118359718' })?.[0]).toContain('CLABE');
    expect(issues({ kind: 'notario' })?.[0]).toMatch(/^kind:/);
    expect(issues({ rfc: 'ABC' })?.[0]).toContain('RFC');
  });
  it('takes a payout of distinct entries on a real day', () => {
    expect(payoutInputSchema.safeParse({ entryIds: [1, 1], paidOn: '2027-01-10', reference: 'SPEI' }).success).toBe(false);
    expect(payoutInputSchema.safeParse({ entryIds: [1, 2], paidOn: '2027-02-30', reference: 'SPEI' }).success).toBe(false);
    expect(payoutInputSchema.parse({ entryIds: ['1', 2], paidOn: '2027-01-10', reference: ' SPEI 1 ' })).toEqual({ entryIds: [1, 2], paidOn: '2027-01-10', reference: 'SPEI 1' });
  });
  it('knows the last day of a month', () => {
    expect(monthBounds('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthBounds('2028-02').to).toBe('2028-02-29');
  });
});
