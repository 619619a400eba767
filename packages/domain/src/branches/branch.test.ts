import { describe, expect, it } from 'vitest';
import { branchMatchesSearch, createBranchRequestSchema, formatAddress, updateBranchRequestSchema } from '../index';

const address = { street: 'Av. Insurgentes Sur', exteriorNumber: '1235', interiorNumber: '', colony: 'Del Valle', municipality: 'Benito Juárez', state: 'Ciudad de México', zipCode: '03100' };
const valid = { name: 'Sucursal Del Valle', address, phone: '5555555555', email: 'DelValle@Portal.mx', manager: '' };

describe('branch schemas', () => {
  it("accepts 'Sin gerente' as null and defaults status to active", () => {
    expect(createBranchRequestSchema.parse(valid)).toMatchObject({ manager: null, status: 'active', email: 'delvalle@portal.mx' });
    expect(createBranchRequestSchema.parse({ ...valid, manager: '7' }).manager).toBe(7);
  });

  it('requires a zip code of exactly 5 digits', () => {
    for (const zipCode of ['0310', '031000', 'ABCDE', '03 10']) {
      const result = createBranchRequestSchema.safeParse({ ...valid, address: { ...address, zipCode } });
      expect(result.error?.issues[0]?.message, zipCode).toBe('El código postal debe tener exactamente 5 dígitos');
    }
    expect(createBranchRequestSchema.safeParse({ ...valid, address: { ...address, zipCode: '' } }).error?.issues[0]?.message).toBe(
      'El campo Código postal es obligatorio',
    );
  });

  it('keeps interior number optional and every other address field required', () => {
    const { interiorNumber: _omit, ...withoutInterior } = address;
    expect(createBranchRequestSchema.parse({ ...valid, address: withoutInterior }).address.interiorNumber).toBe('');
    const result = createBranchRequestSchema.safeParse({ ...valid, address: { ...address, street: '', colony: ' ' } });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['address.street', 'address.colony']);
  });

  it('requires the status on a full update', () => {
    expect(updateBranchRequestSchema.safeParse(valid).error?.issues[0]?.path).toEqual(['status']);
  });
});

describe('formatAddress and search', () => {
  it('formats the full address with the interior number when there is one', () => {
    expect(formatAddress(address)).toBe('Av. Insurgentes Sur 1235, Del Valle, Benito Juárez, Ciudad de México, C.P. 03100');
    expect(formatAddress({ ...address, interiorNumber: '4B' })).toContain('1235 Int. 4B');
  });

  it('searches name, street, colony and municipality without accents or case', () => {
    const branch = { name: 'Sucursal Del Valle', address };
    for (const query of ['del valle', 'INSURGENTES', 'benito juarez']) expect(branchMatchesSearch(branch, query), query).toBe(true);
    expect(branchMatchesSearch(branch, '03100')).toBe(false);
  });
});

describe('branch code and expiry notice (issue 15)', () => {
  it('upper-cases a code, leaves a blank one to the server and defaults the notice to 30 days', () => {
    expect(createBranchRequestSchema.parse({ ...valid, code: ' pol2 ' })).toMatchObject({ code: 'POL2', expiryNoticeDays: 30 });
    expect(createBranchRequestSchema.parse({ ...valid, code: '' }).code).toBeUndefined();
    const update = updateBranchRequestSchema.parse({ ...valid, status: 'active', expiryNoticeDays: '45' });
    expect(update.expiryNoticeDays).toBe(45);
    expect(update.code).toBeUndefined();
  });

  it('refuses a code outside 2–6 letters or digits and a notice outside 1–365 days', () => {
    for (const code of ['P', 'POLANCO', 'PO-1', 'Ñú']) {
      expect(createBranchRequestSchema.safeParse({ ...valid, code }).error?.issues[0]?.message, code).toBe(
        'El campo Clave debe tener de 2 a 6 letras mayúsculas o dígitos',
      );
    }
    for (const expiryNoticeDays of [0, 366, 2.5]) {
      expect(createBranchRequestSchema.safeParse({ ...valid, expiryNoticeDays }).error?.issues[0]?.path, String(expiryNoticeDays)).toEqual(['expiryNoticeDays']);
    }
  });
});

describe('document retention (issue 19)', () => {
  it('defaults to 6 months and 10 years, takes empty as never, and keeps them out of an update that leaves them out', () => {
    expect(createBranchRequestSchema.parse(valid)).toMatchObject({ retainRejectedDocumentsMonths: 6, retainEndedPolicyDocumentsYears: 10 });
    expect(createBranchRequestSchema.parse({ ...valid, retainRejectedDocumentsMonths: '', retainEndedPolicyDocumentsYears: null })).toMatchObject({
      retainRejectedDocumentsMonths: null,
      retainEndedPolicyDocumentsYears: null,
    });
    const update = updateBranchRequestSchema.parse({ ...valid, status: 'active', retainRejectedDocumentsMonths: '12' });
    expect(update.retainRejectedDocumentsMonths).toBe(12);
    expect(update.retainEndedPolicyDocumentsYears).toBeUndefined();
  });

  it('refuses periods outside 1–120 months and 1–30 years, naming the field', () => {
    for (const months of [0, 121, 1.5, 'seis']) {
      const issue = createBranchRequestSchema.safeParse({ ...valid, retainRejectedDocumentsMonths: months }).error?.issues[0];
      expect(issue?.path, String(months)).toEqual(['retainRejectedDocumentsMonths']);
      expect(issue?.message).toMatch(/^El campo Documentos de investigaciones rechazadas \(meses\)/);
    }
    for (const years of [0, 31]) {
      const issue = createBranchRequestSchema.safeParse({ ...valid, retainEndedPolicyDocumentsYears: years }).error?.issues[0];
      expect(issue?.message).toBe('El campo Documentos de pólizas terminadas (años) debe estar entre 1 y 30, o vacío para no eliminarlos nunca');
    }
  });
});
