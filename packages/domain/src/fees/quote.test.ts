import { describe, expect, it } from 'vitest';
import { defaultFeeTariff } from './fee-values';
import { percentOfCents } from '../rents/money';
import { quoteFee } from './quote';

const basica = defaultFeeTariff.basica;

describe('quoteFee', () => {
  it('quotes a básica at $18,500 rent as 6475.00 + 1036.00 IVA = 7511.00', () => {
    expect(quoteFee({ rent: '18500.00', ...basica })).toEqual({ baseAmount: '6475.00', extrasAmount: '0.00', discount: '0.00', subtotal: '6475.00', iva: '1036.00', total: '7511.00' });
  });

  it('charges the minimum when the percentage is less: $5,000 rent gives $3,500.00', () => {
    expect(quoteFee({ rent: '5000.00', ...basica })).toMatchObject({ baseAmount: '3500.00', subtotal: '3500.00', iva: '560.00', total: '4060.00' });
  });

  it('uses each policy type’s rate: plus 45 %, plus auto 50 %', () => {
    expect(quoteFee({ rent: '20000.00', ...defaultFeeTariff.plus }).baseAmount).toBe('9000.00');
    expect(quoteFee({ rent: '20000.00', ...defaultFeeTariff.plusAuto }).baseAmount).toBe('10000.00');
  });

  it('rounds each line to the centavo half away from zero, then sums', () => {
    // 12,345.67 × 35 % = 4,320.9845 → 4,320.98; IVA 16 % of 4,320.98 = 691.3568 → 691.36.
    expect(quoteFee({ rent: '12345.67', ...basica })).toMatchObject({ baseAmount: '4320.98', iva: '691.36', total: '5012.34' });
    // 10,000.10 × 35 % = 3,500.035 → 3,500.04 (half away from zero, not to even).
    expect(quoteFee({ rent: '10000.10', ...basica }).baseAmount).toBe('3500.04');
    expect(percentOfCents(5, '50.00')).toBe(3);
  });

  it('adds the extras and takes the discount before IVA, never below zero', () => {
    const extras = [{ key: 'aval', label: 'Investigación de obligado solidario adicional', amount: '500.00' }];
    expect(quoteFee({ rent: '18500.00', ...basica, extras, discount: '975.00' })).toEqual({
      baseAmount: '6475.00',
      extrasAmount: '500.00',
      discount: '975.00',
      subtotal: '6000.00',
      iva: '960.00',
      total: '6960.00',
    });
    expect(quoteFee({ rent: '18500.00', ...basica, discount: '99999.00' })).toMatchObject({ discount: '6475.00', subtotal: '0.00', total: '0.00' });
  });
});
