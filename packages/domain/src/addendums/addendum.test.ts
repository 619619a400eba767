import { describe, expect, it } from 'vitest';
import { addendumDownloadName, addendumInputSchema } from '../index';

const valid = { policyId: '12', description: 'Incremento de renta', amount: '1500.50', startDate: '2026-12-01', endDate: '2027-11-30' };

const issues = (input: unknown) =>
  addendumInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('addendum form and API rules', () => {
  it('accepts the form as typed and defaults the status to pending', () => {
    expect(addendumInputSchema.parse(valid)).toEqual({ ...valid, policyId: 12, amount: 1500.5, status: 'pending' });
    expect(addendumInputSchema.parse({ ...valid, policyId: 12, amount: 99, status: 'active', policyNumber: 'x', branchId: '1' })).toMatchObject({
      policyId: 12,
      status: 'active',
    });
  });

  it("requires policy, description, amount and both dates with 'El campo {field} es obligatorio'", () => {
    expect(issues({ policyId: '', description: '  ', amount: '', startDate: '', endDate: '' })).toEqual([
      ['policyId', 'El campo Póliza es obligatorio'],
      ['description', 'El campo Descripción es obligatorio'],
      ['amount', 'El campo Monto es obligatorio'],
      ['startDate', 'El campo Fecha inicial es obligatorio'],
      ['endDate', 'El campo Fecha final es obligatorio'],
    ]);
  });

  it('wants an amount over zero and a start not after the end', () => {
    expect(issues({ ...valid, amount: '0' })).toEqual([['amount', 'El monto debe ser mayor a cero']]);
    expect(issues({ ...valid, amount: '-5' })).toContainEqual(['amount', 'El monto debe ser mayor a cero']);
    expect(issues({ ...valid, amount: '0.004' })).toEqual([['amount', 'El monto debe ser mayor a cero']]);
    expect(addendumInputSchema.parse({ ...valid, amount: '0.005' }).amount).toBe(0.01);
    expect(issues({ ...valid, startDate: '2027-12-01' })).toEqual([['startDate', 'La fecha inicial no puede ser posterior a la fecha final']]);
    expect(issues({ ...valid, endDate: valid.startDate })).toEqual([]);
    expect(issues({ ...valid, endDate: '2027-02-30' })).toEqual([['endDate', 'El campo Fecha final debe ser una fecha válida']]);
  });

  it('names the download after the policy', () => {
    expect(addendumDownloadName(7)).toBe('addendum_7.pdf');
    expect(addendumDownloadName(7, '.docx')).toBe('addendum_7.docx');
  });
});
