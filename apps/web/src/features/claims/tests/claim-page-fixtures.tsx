import type { ClaimDetail, ClaimSummary, SessionUser } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClaimPage } from '../pages/claim-page';

/** The case's GET, as the page asks for it. */
export const claimPath = 'GET /api/claims/42';

export const managerUser: SessionUser = { ...adminUser, id: 3, role: 'manager' };
export const approverUser: SessionUser = { ...adminUser, id: 4, role: 'approver' };
export const lawyerUser: SessionUser = { ...adminUser, id: 9, role: 'lawyer' };

/** A row of the policy's list: case 42 of policy 5, non-payment in Gestión extrajudicial. */
export function makeSummary(overrides: Partial<ClaimSummary> = {}): ClaimSummary {
  return {
    id: 42,
    number: 'INC-00042',
    policyId: 5,
    policyFolio: 'POL-77',
    branchId: 1,
    branchName: 'Sucursal Polanco',
    type: 'non_payment',
    status: 'open',
    stage: 'extrajudicial',
    stageLabel: 'Gestión extrajudicial',
    result: null,
    source: 'staff',
    tenantNames: 'María López',
    ownerName: 'Roberto Sánchez',
    propertyAddress: 'Calle Durango 214 int. 3, Roma Norte',
    amountClaimed: '39500.00',
    assignee: { id: 9, name: 'Lucía Abogada' },
    openedAt: '2027-03-01T17:00:00.000Z',
    closedAt: null,
    daysOpen: 9,
    nextDeadline: null,
    ...overrides,
  };
}

/**
 * Case 42 on 10 March 2027: two months of rent in arrears ($37,000.00) plus $2,500.00 of
 * services, in Gestión extrajudicial, version 3; nothing else recorded unless told.
 */
export function makeClaim(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return {
    ...makeSummary(),
    description: 'El inquilino no pagó febrero ni marzo.',
    rentClaimed: '37000.00',
    servicesClaimed: '2500.00',
    damagesClaimed: '0.00',
    arrearsMonths: [
      { period: '2027-02', amount: '18500.00' },
      { period: '2027-03', amount: '18500.00' },
    ],
    people: [
      { party: 'tenant', name: 'María López', email: 'maria@example.mx', phone: '5587654321' },
      { party: 'guarantor', name: 'Jorge Ríos', email: '', phone: '' },
      { party: 'owner', name: 'Roberto Sánchez', email: 'roberto@example.mx', phone: '5512345678' },
    ],
    checklist: [
      { item: 'contract', label: 'Contrato de arrendamiento firmado', ok: true },
      { item: 'promissory_notes', label: 'Pagarés', ok: true },
      { item: 'rent_schedule', label: 'Estado de rentas', ok: true },
      { item: 'evidence', label: 'Evidencias', ok: false },
    ],
    reportedBy: 'Laura Méndez',
    events: [
      { id: 1, fromStage: null, toStage: 'report', result: null, note: '', actor: 'Laura Méndez', ownerNotified: false, at: '2027-03-01T17:00:00.000Z' },
      { id: 2, fromStage: 'report', toStage: 'extrajudicial', result: null, note: 'Documentos completos', actor: 'Lucía Abogada', ownerNotified: true, at: '2027-03-02T16:30:00.000Z' },
    ],
    contacts: [],
    deadlines: [],
    documents: [],
    files: [],
    movements: [],
    totals: { costs: '0.00', recovered: '0.00', paidToOwner: '0.00' },
    agreement: null,
    lawsuit: null,
    ownerNextStep: 'Estamos en contacto con el inquilino y los obligados solidarios para que cumplan.',
    updatedBy: 'Lucía Abogada',
    updatedAt: '2027-03-02T16:30:00.000Z',
    version: 3,
    ...overrides,
  };
}

/** The API's 400 naming a field. */
export function fieldError(field: string, message: string, status = 400) {
  return { status, body: { statusCode: status, error: 'Bad Request', code: 'validation', message, details: [{ field, message }] } };
}

/** The case's page at /claims/42 (its `seccion` when given), signed in as `user`, with the network given. */
export function renderClaimPage(user: SessionUser, routes: Parameters<typeof mockFetch>[0], section?: string) {
  storeSession(user);
  const net = mockFetch(routes);
  const view = renderRoute(<ClaimPage />, { path: '/claims/:id', url: section ? `/claims/42?seccion=${section}` : '/claims/42' });
  return { ...net, ...view };
}
