import { describe, expect, it } from 'vitest';
import { moveOutInputSchema } from './move-out';
import { settleDeposit, settlementLabel } from './settlement';

describe('settleDeposit', () => {
  it('refunds what the deposit leaves after damages, rent and services, in exact cents', () => {
    const settlement = settleDeposit({ depositCents: 1_850_000, damagesCents: [120_050, 30_010], unpaidRentCents: 0, unpaidServicesCents: 45_000 });
    expect(settlement).toMatchObject({ damagesCents: 150_060, balanceCents: 1_654_940, kind: 'refund', label: 'Reembolso al inquilino: $16,549.40' });
  });

  it('says what the tenant owes when the deductions exceed the deposit', () => {
    const settlement = settleDeposit({ depositCents: 1_000_000, damagesCents: [250_000], unpaidRentCents: 1_850_000, unpaidServicesCents: 1 });
    expect(settlement.balanceCents).toBe(-1_100_001);
    expect(settlement.kind).toBe('owed');
    expect(settlement.label).toBe('Adeudo del inquilino: $11,000.01');
  });

  it('is even at zero, and never sees a float', () => {
    // 0.1 + 0.2 in pesos: in cents the sum is exact.
    expect(settleDeposit({ depositCents: 30, damagesCents: [10, 20], unpaidRentCents: 0, unpaidServicesCents: 0 })).toMatchObject({ balanceCents: 0, kind: 'even' });
    expect(settlementLabel(0)).toBe('Sin saldo pendiente: $0.00');
    expect(() => settleDeposit({ depositCents: 10.5, damagesCents: [], unpaidRentCents: 0, unpaidServicesCents: 0 })).toThrow(RangeError);
    expect(() => settleDeposit({ depositCents: 0, damagesCents: [-1], unpaidRentCents: 0, unpaidServicesCents: 0 })).toThrow(RangeError);
  });
});

describe('moveOutInputSchema', () => {
  const valid = { deliveredOn: '2027-03-01', keysCount: 3, rooms: [{ key: 'sala', name: 'Sala', condition: 'good' }], damages: [{ description: 'Vidrio roto', amount: '1,200.50' }], unpaidServices: '350' };

  it('reads amounts as cents', () => {
    const parsed = moveOutInputSchema.parse(valid);
    expect(parsed.damages[0]!.amount).toBe(120_050);
    expect(parsed.unpaidServices).toBe(35_000);
    expect(parsed.meters).toEqual({ water: '', electricity: '', gas: '' });
  });

  it('names the field of a negative damage, a bad date, a bad condition or repeated rooms', () => {
    const issues = (input: object) => moveOutInputSchema.safeParse({ ...valid, ...input }).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ damages: [{ description: 'x', amount: '-5' }] })[0]).toMatch(/Importe del daño/);
    expect(issues({ deliveredOn: '2027-02-30' })[0]).toMatch(/Fecha de entrega/);
    expect(issues({ rooms: [{ key: 'a', name: 'Sala', condition: 'nuevo' }] })[0]).toMatch(/Estado/);
    expect(issues({ rooms: [{ key: 'a', name: 'Sala', condition: 'good' }, { key: 'a', name: 'Baño', condition: 'good' }] })[0]).toMatch(/repetidas/);
    expect(issues({ unpaidServices: '1.005' })[0]).toMatch(/Servicios pendientes/);
    expect(issues({ keysCount: -1 })[0]).toMatch(/Llaves/);
  });
});
