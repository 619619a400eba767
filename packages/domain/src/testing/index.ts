import type { PolicyFormValues } from '../policies/policy-input';

/**
 * Ready-made policy bodies for tests (API, web, e2e helpers). Valid as they are; spread and
 * override what a test is about.
 */
export function examplePolicyInput(overrides: Partial<PolicyFormValues> = {}): PolicyFormValues {
  return {
    policyType: 'basica',
    status: 'created',
    policyNumber: '',
    previousPolicy: '',
    isElectronicSignature: false,
    specialnote: '',
    tenants: [exampleTenant('María Fernanda López Ruiz')],
    guarantors: [],
    property: {
      owner: { name: 'Roberto Sánchez Villa', phone: '5512345678', mobile: '', email: 'roberto@example.mx' },
      address: {
        street: 'Calle Durango',
        exteriorNumber: '214',
        interiorNumber: '3',
        colony: 'Roma Norte',
        municipality: 'Cuauhtémoc',
        state: 'Ciudad de México',
        zipCode: '06700',
      },
      propertyType: 'apartment',
      parkingSpots: '1',
      rent: {
        price: '18500',
        propertyDeliveryDate: '2026-12-01',
        contractStartDate: '2026-12-01',
        deposit: '18500',
      },
    },
    ...overrides,
  };
}

export function exampleTenant(name: string): NonNullable<PolicyFormValues['tenants']>[number] {
  return {
    name,
    phone: '5587654321',
    mobile: '5511122233',
    email: 'inquilino@example.mx',
    profession: 'Contadora',
    monthlyIncome: '55000',
    company: 'Grupo Norte SA de CV',
    references: [{ name: 'Ana Pérez', phone: '5544433322', type: 'personal' }],
  };
}

export function exampleGuarantor(name: string): NonNullable<PolicyFormValues['guarantors']>[number] {
  return {
    name,
    phone: '5599988877',
    email: 'aval@example.mx',
    sameAddressAsGuarantee: true,
    address: {
      street: 'Av. Universidad',
      exteriorNumber: '1000',
      interiorNumber: '',
      colony: 'Del Valle',
      municipality: 'Benito Juárez',
      state: 'Ciudad de México',
      zipCode: '03100',
    },
  };
}
