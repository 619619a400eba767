import { describe, expect, it } from 'vitest';

import { amountInWords, formatMoney, moneyWithWords, spanishLongDate } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [0.01, 'CERO PESOS 01/100 M.N.'],
    [1, 'UN PESO 00/100 M.N.'],
    [16, 'DIECISÉIS PESOS 00/100 M.N.'],
    [21, 'VEINTIÚN PESOS 00/100 M.N.'],
    [22, 'VEINTIDÓS PESOS 00/100 M.N.'],
    [30, 'TREINTA PESOS 00/100 M.N.'],
    [31, 'TREINTA Y UN PESOS 00/100 M.N.'],
    [100, 'CIEN PESOS 00/100 M.N.'],
    [101, 'CIENTO UN PESOS 00/100 M.N.'],
    [200, 'DOSCIENTOS PESOS 00/100 M.N.'],
    [500, 'QUINIENTOS PESOS 00/100 M.N.'],
    [700, 'SETECIENTOS PESOS 00/100 M.N.'],
    [900, 'NOVECIENTOS PESOS 00/100 M.N.'],
    [1_001, 'MIL UN PESOS 00/100 M.N.'],
    [18_500, 'DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.'],
    [15_000.5, 'QUINCE MIL PESOS 50/100 M.N.'],
    [21_000, 'VEINTIÚN MIL PESOS 00/100 M.N.'],
    [100_000, 'CIEN MIL PESOS 00/100 M.N.'],
    [1_000_000, 'UN MILLÓN DE PESOS 00/100 M.N.'],
    [1_100_000, 'UN MILLÓN CIEN MIL PESOS 00/100 M.N.'],
    [1_500_000, 'UN MILLÓN QUINIENTOS MIL PESOS 00/100 M.N.'],
    [2_000_000, 'DOS MILLONES DE PESOS 00/100 M.N.'],
    [21_000_000, 'VEINTIÚN MILLONES DE PESOS 00/100 M.N.'],
    [
      999_999_999.99,
      'NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS 99/100 M.N.',
    ],
  ])('%d → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds to the cent once, so binary fractions do not lose a cent', () => {
    expect(amountInWords(0.1 + 0.2)).toBe('CERO PESOS 30/100 M.N.');
    expect(amountInWords(1.005 * 1000)).toBe('MIL CINCO PESOS 00/100 M.N.');
  });

  it('refuses negative and non-finite amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});

describe('moneyWithWords', () => {
  it('writes the figure and the words the Mexican way', () => {
    expect(moneyWithWords(18_500)).toBe('$18,500.00 (DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.)');
    expect(formatMoney(1_234_567.8)).toBe('$1,234,567.80');
    expect(formatMoney(0.01)).toBe('$0.01');
  });
});

describe('spanishLongDate', () => {
  it('writes the day without a leading zero and the month in lower case', () => {
    expect(spanishLongDate('2026-12-01')).toBe('1 de diciembre de 2026');
    expect(spanishLongDate('2027-01-31')).toBe('31 de enero de 2027');
  });
});
