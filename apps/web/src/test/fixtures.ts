import type { Branch, Policy, PolicySummary, SessionUser, User } from '@portal/domain';

export const adminUser: SessionUser = {
  id: 1,
  email: 'admin@example.com',
  username: 'admin',
  firstName: 'Ana',
  lastName: 'Admin',
  role: 'admin',
  status: 'active',
  branchId: 1,
  branchName: 'Sucursal Polanco',
};

export const agentUser: SessionUser = { ...adminUser, id: 7, email: 'agente@example.com', username: 'agente', role: 'agent' };

export function makeBranch(overrides: Partial<Branch> = {}): Branch {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Sucursal ${id}`,
    address: {
      id,
      street: 'Av. Presidente Masaryk',
      exteriorNumber: '111',
      interiorNumber: '',
      colony: 'Polanco',
      municipality: 'Miguel Hidalgo',
      state: 'Ciudad de México',
      zipCode: '11560',
    },
    phone: '5555555555',
    email: `sucursal${id}@example.com`,
    manager: null,
    managerName: null,
    code: `SUC00${id}`,
    expiryNoticeDays: 30,
    paperSize: 'letter',
    signatureMethodLease: 'simple',
    signatureMethodPolicy: 'simple',
    signatureMethodPromissoryNotes: 'efirma',
    signingOrder: 'parallel',
    signingRoundDays: 15,
    signingReminderMax: 3,
    retainRejectedDocumentsMonths: 6,
    retainEndedPolicyDocumentsYears: 10,
    retainClosedClaimsYears: 10,
    rentReminderDays: 3,
    maxRentIncreasePercent: null,
    maxRentIncreaseSource: '',
    requireFeeBeforeContracts: false,
    commissionPercent: '20.00',
    status: 'active',
    createdAt: '2026-01-10T16:00:00.000Z',
    updatedAt: '2026-02-11T17:30:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? 10;
  return {
    id,
    email: `usuario${id}@example.com`,
    firstName: 'Luis',
    lastName: 'Pérez',
    role: 'agent',
    phone: '5511111111',
    mobile: '5522222222',
    status: 'active',
    branchId: 1,
    branchName: 'Sucursal 1',
    createdAt: '2026-01-10T16:00:00.000Z',
    updatedAt: '2026-02-11T17:30:00.000Z',
    mfaEnabled: false,
    legalRepresentative: false,
    rfc: '',
    curp: '',
    version: 1,
    ...overrides,
  };
}

/** Signs a user in the way the app stores it (tokens + 'auth-storage'). */
export function storeSession(user: SessionUser = adminUser, token = 'access-1', refreshToken = 'refresh-1') {
  window.localStorage.setItem('auth_token', token);
  window.localStorage.setItem('refresh_token', refreshToken);
  window.localStorage.setItem('auth-storage', JSON.stringify({ state: { user }, version: 0 }));
}

/** A row of GET /api/policy/search (list, tracking, and the investigation screens' folio lookup). */
export function makeSummary(overrides: Partial<PolicySummary> = {}): PolicySummary {
  const id = overrides.id ?? 1;
  return {
    id,
    investigationId: `INV-05032026-1030-00${id}`,
    policyNumber: `POL-000${id}`,
    status: 'created',
    policyType: 'basica',
    branchId: 1,
    tenantNames: ['Ana López'],
    guarantorNames: ['Jorge Ríos'],
    firstGuarantorId: 31,
    ownerName: 'María Fernández',
    propertyAddress: { street: 'Av. Reforma', exteriorNumber: '222', colony: 'Juárez', municipality: 'Cuauhtémoc' },
    deliveryDate: '2026-03-05',
    contractStartDate: '2026-03-05',
    endDate: '2027-03-04',
    renewedToPolicyId: null,
    createdAt: '2026-02-10T18:00:00.000Z',
    updatedAt: '2026-02-11T18:00:00.000Z',
    ...overrides,
  };
}

/** The address the policy fixtures use. */
const policyAddress = {
  street: 'Calle Durango',
  exteriorNumber: '214',
  interiorNumber: '3',
  colony: 'Roma Norte',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zipCode: '06700',
};
const blankAddress = { street: '', exteriorNumber: '', interiorNumber: '', colony: '', municipality: '', state: '', zipCode: '' };

/** A Plus policy whose guarantor pledges another property, paid by bank deposit. */
export function makePolicy(overrides: Partial<Policy> = {}): Policy {
  return {
    id: 5,
    investigationId: 'INV-01122026-1030-042',
    policyNumber: 'POL-77',
    version: 3,
    status: 'investigation',
    previousPolicy: '',
    policyType: 'plus',
    guarantorRequired: true,
    isElectronicSignature: true,
    specialnote: 'Cliente preferente',
    branchId: 1,
    userId: 7,
    termMonths: 12,
    endDate: '2027-11-30',
    renewedToPolicyId: null,
    renewedFromPolicyId: null,
    tenants: [
      {
        id: 21,
        name: 'María López',
        address: policyAddress,
        phone: '5587654321',
        mobile: '',
        email: 'maria@example.mx',
        rfc: '',
        curp: '',
        profession: 'Contadora',
        monthlyIncome: 55000,
        company: 'Grupo Norte',
        seniority: '3 años',
        immediateBoss: '',
        workAddress: blankAddress,
        requiresInvoice: false,
        references: [{ id: 3, name: 'Ana Pérez', phone: '5544433322', type: 'familiar' }],
      },
    ],
    guarantors: [
      {
        id: 31,
        name: 'Jorge Ríos',
        address: { ...policyAddress, street: 'Av. Universidad' },
        phone: '',
        mobile: '',
        email: '',
        rfc: '',
        curp: '',
        sameAddressAsGuarantee: false,
        guaranteeAddress: { ...policyAddress, street: 'Calle Sonora' },
        vehicle: null,
      },
    ],
    property: {
      id: 9,
      owner: { id: 4, name: 'Roberto Sánchez', address: blankAddress, phone: '', mobile: '', email: '', rfc: '', curp: '' },
      address: policyAddress,
      propertyType: 'apartment',
      parkingSpots: 1,
      identification: '',
      services: { water: true, electricity: false, maintenance: false, other: '', details: '' },
      commercialUse: false,
      commercialServices: false,
      commercialServicesDetails: '',
      specialObjects: false,
      specialObjectsDetails: '',
      description: '',
      rent: {
        id: 11,
        price: 18500,
        includesMaintenance: false,
        maintenanceAmount: null,
        providesInvoice: false,
        contractStartDate: '2026-12-01',
        propertyDeliveryDate: '2026-12-01',
        gracePeriod: 5,
        lateInterestMonthlyRate: null,
        deposit: 18500,
        bankDeposit: true,
        accountNumber: '',
        bank: 'BBVA',
        clabe: '012180001234567891',
        accountHolder: 'Roberto Sánchez',
        realEstate: false,
        realEstateInfo: { name: '', agent: '', brokerId: null, brokerName: null },
      },
    },
    guarantorNames: 'Jorge Ríos',
    ownerName: 'Roberto Sánchez',
    propertyAddress: 'Calle Durango 214',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-05T14:30:00.000Z',
    ...overrides,
  };
}
