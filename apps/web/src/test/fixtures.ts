import type { Branch, PolicySummary, SessionUser, User } from '@portal/domain';

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
    status: 'active',
    createdAt: '2026-01-10T16:00:00.000Z',
    updatedAt: '2026-02-11T17:30:00.000Z',
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
    createdAt: '2026-02-10T18:00:00.000Z',
    updatedAt: '2026-02-11T18:00:00.000Z',
    ...overrides,
  };
}
