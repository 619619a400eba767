import { defaultLeadColumns, type Lead, type LeadColumn, type SessionUser } from '@portal/domain';
import { adminUser, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { LeadsPage } from '../pages/leads-page';

/** A lead of the board; the time has no offset, so the shown date does not depend on the machine. */
export function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 1,
    name: 'Óscar Ruiz',
    phone: '5512345678',
    phonewhats: '5512345678',
    email: '',
    source: 'Instagram',
    server: '',
    apikey: '',
    gatewayKind: '',
    gatewayInstance: '',
    notes: '',
    status: 'cotizacion',
    createdAt: '2026-03-05T14:30:00',
    ownerId: null,
    ownerName: '',
    followUpDate: null,
    policyId: null,
    noteList: [],
    version: 1,
    ...overrides,
  };
}

const managerUser: SessionUser = { ...adminUser, id: 3, email: 'gerente@example.com', username: 'gerente', role: 'manager' };

export const columns: LeadColumn[] = defaultLeadColumns.map((column) => ({ ...column }));

type Routes = Parameters<typeof mockFetch>[0];

/** The leads page on a board answered by the given routes (GET leads and columns by default). */
export function renderBoard(leads: Lead[], routes: Routes = {}, { user = managerUser, boardColumns = columns }: { user?: SessionUser; boardColumns?: LeadColumn[] } = {}) {
  storeSession(user);
  const net = mockFetch({ 'GET /api/leads': { body: leads }, 'GET /api/leads/columns': { body: boardColumns }, ...routes });
  const view = renderRoute(<LeadsPage />, { path: '/leads' });
  return { net, ...view };
}
