import { describe, expect, it } from 'vitest';
import { moneyToCents } from '../rents/money';
import { invoiceAmounts } from './amounts';
import { cfdiLegalName, invoiceRequestSchema } from './invoices';
import { invoiceUsesFor, taxSystemsFor } from './sat-catalogs';

const request = (customer: Record<string, string>, use = 'G03') => ({ customer: { rfc: 'EKU9003173C9', legalName: 'Escuela Kemper Urgate', taxSystem: '601', zip: '42501', ...customer }, use });

/** What the PAC computes from the price: IVA per line rounded to the centavo, totals at two decimals. */
function pacTotal(unitPrice: string, ivaPercent: number): number {
  const price = Number(unitPrice);
  return Math.round(price * 100) + Math.round(price * ivaPercent);
}

describe('invoiceAmounts: the payment is the total with IVA', () => {
  it('splits a whole fee as the quote did: 7511.00 → 6475.00 + 1036.00', () => {
    expect(invoiceAmounts(751_100, '16.00')).toEqual({ unitPrice: '6475.00', subtotal: '6475.00', iva: '1036.00', total: '7511.00' });
  });

  it('splits a partial payment to the centavo: 1000.00 → 862.07 + 137.93', () => {
    expect(invoiceAmounts(100_000, '16.00')).toEqual({ unitPrice: '862.07', subtotal: '862.07', iva: '137.93', total: '1000.00' });
  });

  it('reaches every total: a price in centavos when one exists, six decimals otherwise', () => {
    let sixDecimals = 0;
    for (let cents = 1; cents <= 20_000; cents++) {
      const amounts = invoiceAmounts(cents, '16.00');
      expect(pacTotal(amounts.unitPrice, 16)).toBe(cents);
      expect(moneyToCents(amounts.subtotal)! + moneyToCents(amounts.iva)!).toBe(cents);
      if (amounts.unitPrice.split('.')[1]!.length === 6) sixDecimals++;
    }
    // About one total in seven cannot be reached with a price in centavos.
    expect(sixDecimals).toBeGreaterThan(2000);
    expect(sixDecimals).toBeLessThan(4000);
  });

  it('takes the fee’s own rate (8 % in the border region)', () => {
    expect(invoiceAmounts(108_000, '8.00')).toMatchObject({ subtotal: '1000.00', iva: '80.00' });
  });
});

describe('invoiceRequestSchema', () => {
  it('accepts a company with its régimen and uso, and writes its name as the CFDI wants it', () => {
    const parsed = invoiceRequestSchema.parse(request({ legalName: '  Inmobiliaria   Reforma, s.a. de c.v. ', rfc: 'eku9003173c9' }));
    expect(parsed.customer).toEqual({ rfc: 'EKU9003173C9', legalName: 'INMOBILIARIA REFORMA', taxSystem: '601', zip: '42501' });
  });

  it('names the RFC when its form is wrong', () => {
    const result = invoiceRequestSchema.safeParse(request({ rfc: 'ABC12' }));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['customer.rfc', expect.stringContaining('RFC')]]);
  });

  it('refuses a régimen of personas morales for a persona física, naming the régimen fiscal', () => {
    const result = invoiceRequestSchema.safeParse(request({ rfc: 'GODE561231GR8', taxSystem: '601' }));
    expect(result.error?.issues[0]).toMatchObject({ path: ['customer', 'taxSystem'], message: expect.stringContaining('régimen fiscal') });
  });

  it('refuses a uso the régimen may not ask for, naming the uso del CFDI', () => {
    const result = invoiceRequestSchema.safeParse(request({ rfc: 'GODE561231GR8', taxSystem: '605', legalName: 'Emilio González' }, 'G03'));
    expect(result.error?.issues[0]).toMatchObject({ path: ['use'], message: expect.stringContaining('uso del CFDI') });
    expect(invoiceRequestSchema.safeParse(request({ rfc: 'GODE561231GR8', taxSystem: '605' }, 'S01')).success).toBe(true);
  });

  it('refuses a zip that is not 5 digits', () => {
    expect(invoiceRequestSchema.safeParse(request({ zip: '4250' })).error?.issues[0]?.path).toEqual(['customer', 'zip']);
  });
});

describe('the catalogues', () => {
  it('filter the régimenes by the RFC’s kind and the usos by the régimen', () => {
    expect(taxSystemsFor('moral')).toContain('601');
    expect(taxSystemsFor('moral')).not.toContain('605');
    expect(taxSystemsFor('fisica')).toEqual(expect.arrayContaining(['605', '606', '612', '626']));
    expect(invoiceUsesFor('605')).toEqual(['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01']);
    expect(invoiceUsesFor('601')).toContain('G03');
  });

  it('keeps a person’s name whole, even when it ends like a company', () => {
    expect(cfdiLegalName('juan  pérez sa', 'fisica')).toBe('JUAN PÉREZ SA');
    expect(cfdiLegalName('Servicios Legales S.C.', 'moral')).toBe('SERVICIOS LEGALES');
    expect(cfdiLegalName('Grupo Uno SAPI de CV', 'moral')).toBe('GRUPO UNO');
  });
});
