import { describe, expect, it } from 'vitest';
import {
  formatInvestigationFolio,
  freeFolioNumbers,
  investigationFolioMinute,
  guarantorRequiredFor,
  isAllowedTransition,
  joinNamesForDisplay,
  policyInputSchema,
  policySearchQuerySchema,
  transitionsFrom,
} from '../index';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '../testing/index';

function issues(input: unknown) {
  return (policyInputSchema.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('policy input', () => {
  it('accepts the example and fills the defaults', () => {
    const policy = policyInputSchema.parse(examplePolicyInput());
    expect(policy).toMatchObject({ status: 'created', policyType: 'basica', guarantorRequired: false, guarantors: [] });
    expect(policy.property.rent.price).toBe(18500);
    expect(policy.property.parkingSpots).toBe(1);
    expect(policy.tenants[0]!.references).toHaveLength(1);
  });

  it('ignores what the server sets: folio, user, timestamps, guarantorRequired', () => {
    const policy = policyInputSchema.parse({
      ...examplePolicyInput(),
      investigationId: 'INV-x',
      userId: 99,
      createdAt: '2000-01-01',
      guarantorRequired: true,
    });
    expect(policy).not.toHaveProperty('investigationId');
    expect(policy).not.toHaveProperty('userId');
    expect(policy.guarantorRequired).toBe(false);
  });

  it('needs a tenant with a name, an owner, a property address and a rent', () => {
    expect(issues(examplePolicyInput({ tenants: [] }))).toEqual(['tenants: Agregue al menos un inquilino']);
    expect(issues(examplePolicyInput({ tenants: [{ ...exampleTenant(''), name: ' ' }] }))).toEqual([
      'tenants.0.name: El campo Nombre del inquilino es obligatorio',
    ]);
    const noZip = examplePolicyInput();
    noZip.property!.address!.zipCode = '123';
    expect(issues(noZip)).toEqual(['property.address.zipCode: El código postal debe tener exactamente 5 dígitos']);
    const noRent = examplePolicyInput();
    noRent.property!.rent!.price = '';
    expect(issues(noRent)).toEqual(['property.rent.price: El campo Renta mensual es obligatorio']);
    noRent.property!.rent!.price = 'abc';
    expect(issues(noRent)).toEqual(['property.rent.price: El campo Renta mensual debe ser un número']);
  });

  it('drops blank reference rows', () => {
    const input = examplePolicyInput({ tenants: [{ ...exampleTenant('Luis'), references: [{ name: '', phone: '' }] }] });
    expect(policyInputSchema.parse(input).tenants[0]!.references).toEqual([]);
  });

  it('plus and plusAuto require a guarantor; other types drop them', () => {
    expect(guarantorRequiredFor('plus')).toBe(true);
    expect(guarantorRequiredFor('garantiaPlus')).toBe(false);
    expect(issues(examplePolicyInput({ policyType: 'plus' }))).toEqual([
      'guarantors: Este tipo de póliza requiere al menos un aval (obligado solidario)',
    ]);
    const plus = policyInputSchema.parse(examplePolicyInput({ policyType: 'plus', guarantors: [exampleGuarantor('Jorge')] }));
    expect(plus.guarantorRequired).toBe(true);
    expect(plus.guarantors).toHaveLength(1);
    const basica = policyInputSchema.parse(examplePolicyInput({ policyType: 'basica', guarantors: [exampleGuarantor('Jorge')] }));
    expect(basica.guarantors).toEqual([]);
  });

  it('asks the guarantee address only in plus with "same address" off, and the vehicle only in plusAuto', () => {
    const other = { ...exampleGuarantor('Jorge'), sameAddressAsGuarantee: false, vehicle: { brand: 'Nissan', model: 'Versa', licensePlate: 'ABC-123' } };
    expect(issues(examplePolicyInput({ policyType: 'plus', guarantors: [other] }))).toContain(
      'guarantors.0.guaranteeAddress.street: El campo Calle es obligatorio',
    );
    const auto = policyInputSchema.parse(examplePolicyInput({ policyType: 'plusAuto', guarantors: [other] }));
    expect(auto.guarantors[0]).toMatchObject({ guaranteeAddress: null, vehicle: { brand: 'Nissan' } });
    const noVehicle = { ...exampleGuarantor('Jorge'), vehicle: null };
    expect(issues(examplePolicyInput({ policyType: 'plusAuto', guarantors: [noVehicle] }))).toEqual([
      'guarantors.0.vehicle.brand: El campo Marca es obligatorio',
      'guarantors.0.vehicle.model: El campo Modelo es obligatorio',
      'guarantors.0.vehicle.licensePlate: El campo Placas es obligatorio',
    ]);
    const plusSameAddress = policyInputSchema.parse(
      examplePolicyInput({ policyType: 'plus', guarantors: [{ ...other, sameAddressAsGuarantee: true }] }),
    );
    expect(plusSameAddress.guarantors[0]).toMatchObject({ guaranteeAddress: null, vehicle: null });
  });

  it("requires a Plus guarantor's own full address when it is the property in guarantee", () => {
    const homeless = { ...exampleGuarantor('Jorge'), address: { street: '', exteriorNumber: '', colony: '', municipality: '', state: '', zipCode: '' } };
    expect(issues(examplePolicyInput({ policyType: 'plus', guarantors: [homeless] }))).toContain(
      'guarantors.0.address.street: El campo Calle es obligatorio',
    );
    expect(issues(examplePolicyInput({ policyType: 'plusAuto', guarantors: [{ ...homeless, vehicle: { brand: 'Kia', model: 'Rio', licensePlate: 'X-1' } }] }))).toEqual([]);
  });

  it('clears and requires the rent and property fields that depend on a switch', () => {
    const input = examplePolicyInput();
    Object.assign(input.property!.rent!, { includesMaintenance: true, bankDeposit: true, clabe: '123', realEstate: true });
    expect(issues(input)).toEqual([
      'property.rent.maintenanceAmount: El campo Monto de mantenimiento es obligatorio',
      'property.rent.bank: El campo Banco es obligatorio',
      'property.rent.accountHolder: El campo Titular de la cuenta es obligatorio',
      'property.rent.clabe: La CLABE debe tener exactamente 18 dígitos',
      'property.rent.realEstateInfo.name: El campo Inmobiliaria es obligatorio',
    ]);
    const hidden = examplePolicyInput();
    Object.assign(hidden.property!, { commercialUse: false, commercialServices: true, commercialServicesDetails: 'x', specialObjects: false, specialObjectsDetails: 'y' });
    Object.assign(hidden.property!.rent!, { includesMaintenance: false, maintenanceAmount: '900', bankDeposit: false, bank: 'BBVA', realEstate: false, realEstateInfo: { name: 'X', agent: 'Y' } });
    const parsed = policyInputSchema.parse(hidden);
    expect(parsed.property).toMatchObject({ commercialServices: false, commercialServicesDetails: '', specialObjectsDetails: '' });
    expect(parsed.property.rent).toMatchObject({ maintenanceAmount: null, bank: '', realEstateInfo: { name: '', agent: '' } });
  });
});

describe('policy rules', () => {
  it('formats the investigation folio in Mexico City time', () => {
    // 2026-03-05 02:07 UTC is 2026-03-04 20:07 in Mexico City (UTC-6).
    expect(formatInvestigationFolio(new Date('2026-03-05T02:07:00Z'), 7)).toBe('INV-04032026-2007-007');
    expect(formatInvestigationFolio(new Date('2026-11-22T18:30:00Z'), 999)).toBe('INV-22112026-1230-999');
    expect(investigationFolioMinute(new Date('2026-11-22T18:30:59Z'))).toBe('INV-22112026-1230-');
  });

  it('lists the folio numbers of a minute still free', () => {
    expect(freeFolioNumbers([])).toHaveLength(1000);
    expect(freeFolioNumbers(Array.from({ length: 1000 }, (_, n) => n).filter((n) => n !== 517))).toEqual([517]);
    expect(freeFolioNumbers(Array.from({ length: 1000 }, (_, n) => n))).toEqual([]);
    expect(freeFolioNumbers([0, 2, 999]).slice(0, 3)).toEqual([1, 3, 4]);
  });

  it('allows only the row-menu transitions', () => {
    expect(transitionsFrom('signature').map((t) => t.label)).toEqual(['Confirmar Firma', 'Cancelar Firma']);
    expect(transitionsFrom('created')).toEqual([]);
    expect(isAllowedTransition('investigation_approved', 'contracts')).toBe(true);
    expect(isAllowedTransition('created', 'active')).toBe(false);
  });

  it('joins names and cuts them at 50 characters', () => {
    expect(joinNamesForDisplay(['Ana', ' ', 'Luis'])).toBe('Ana, Luis');
    const long = joinNamesForDisplay(['María Fernanda López Ruiz', 'José Antonio Hernández Gutiérrez']);
    expect(long).toBe(`${'María Fernanda López Ruiz, José Antonio Hernández Gutiérrez'.slice(0, 50)}...`);
  });

  it('reads the search query: blank status is all, limit bounded', () => {
    expect(policySearchQuerySchema.parse({ q: ' ana ', status: '' })).toEqual({ q: 'ana', limit: 25, from: null, to: null, sort: 'newest' });
    expect(policySearchQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
    expect(policySearchQuerySchema.safeParse({ status: 'nope' }).success).toBe(false);
  });
});
