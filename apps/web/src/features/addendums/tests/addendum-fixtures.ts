import type { Addendum, AddendumSearchResult, PolicySearchResult, PolicySummary, SessionUser } from '@portal/domain';
import { agentUser, makeSummary } from '@/test/fixtures';

/** A stored addendum of policy 4 with its PDF; times without offset, so shown times do not depend on the machine. */
export function makeAddendum(overrides: Partial<Addendum> = {}): Addendum {
  const id = overrides.id ?? 1;
  return {
    id,
    policyId: 4,
    policyNumber: 'POL-2026-00042',
    clientName: 'Mariana Ávila Cortés',
    description: 'Incremento de renta anual',
    amount: 1500.5,
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    status: 'pending',
    branchId: 1,
    files: [{ originalFilename: 'addendum firmado.pdf', mimeType: 'application/pdf', size: 245_760, uploadedAt: '2026-03-05T14:30:00' }],
    createdBy: 7,
    createdAt: '2026-03-01T10:00:00',
    updatedAt: '2026-03-05T14:30:00',
    version: 1,
    ...overrides,
  };
}

export function page(items: Addendum[], nextCursor: string | null = null, total = items.length): AddendumSearchResult {
  return { items, nextCursor, total, totalIsCapped: false };
}

/** The list's URL: the query string in the order the api client writes it. */
export function searchUrl({ q, status, cursor }: { q?: string; status?: string; cursor?: string } = {}) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  params.set('limit', '25');
  if (cursor) params.set('cursor', cursor);
  return `GET /api/addendum/search?${params.toString()}`;
}

/** The form's policy choice: the branch's active policies. */
export function activePoliciesUrl(q?: string) {
  const params = new URLSearchParams({ status: 'active' });
  if (q) params.set('q', q);
  params.set('limit', '25');
  return `GET /api/policy/search?${params.toString()}`;
}

export function activePolicy(overrides: Partial<PolicySummary> = {}): PolicySummary {
  return makeSummary({ id: 4, policyNumber: 'POL-2026-00042', status: 'active', tenantNames: ['Mariana Ávila Cortés'], ...overrides });
}

export function policyPage(items: PolicySummary[]): PolicySearchResult {
  return { items, nextCursor: null, total: items.length, totalIsCapped: false };
}

export const itemUrl = (id: number) => `GET /api/addendum/item/${id}`;
export const uploadUrl = (addendum: Pick<Addendum, 'id' | 'policyId'>) => `/api/addendum/upload-file/${addendum.id}/${addendum.policyId}`;

export function pdf(name = 'addendum.pdf') {
  return new File(['%PDF-1.4 prueba'], name, { type: 'application/pdf' });
}

export const approverUser: SessionUser = { ...agentUser, id: 9, email: 'aprobador@example.com', username: 'aprobador', role: 'approver' };
