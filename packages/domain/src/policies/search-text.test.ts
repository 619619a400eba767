import { describe, expect, it } from 'vitest';
import { policySearchText } from '../index';

const row = {
  investigationId: 'INV-01022025-1030-123',
  policyNumber: 'POL-9',
  tenantNames: ['Íñigo Pérez', 'Ana Núñez'],
  guarantorNames: ['José Ávila'],
  ownerName: 'Inmobiliaria Álamo',
  street: 'Av. Insurgentes Sur',
  exteriorNumber: '1602',
  colony: 'Crédito Constructor',
  municipality: 'Benito Juárez',
};

describe('policySearchText', () => {
  it('folds every searched column, one per line', () => {
    expect(policySearchText(row)).toBe(
      'inv-01022025-1030-123\npol-9\ninigo perez\nana nunez\njose avila\ninmobiliaria alamo\nav. insurgentes sur\n1602\ncredito constructor\nbenito juarez',
    );
  });

  it('leaves out empty columns, so no blank line can be matched', () => {
    expect(policySearchText({ ...row, policyNumber: '', guarantorNames: [] })).not.toContain('\n\n');
    expect(policySearchText({ ...row, policyNumber: '', guarantorNames: [] }).split('\n')).toHaveLength(8);
  });
});
