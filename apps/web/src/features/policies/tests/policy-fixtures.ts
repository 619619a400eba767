import { vi } from 'vitest';
import type { PolicySearchResult, PolicySummary } from '@portal/domain';

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

export function page(items: PolicySummary[], nextCursor: string | null = null, total = items.length): PolicySearchResult {
  return { items, nextCursor, total };
}

/** The URL the screens ask for: the query string in the order the api client writes it. */
export function searchUrl({ q, status, cursor }: { q?: string; status?: string; cursor?: string } = {}) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  params.set('limit', '25');
  if (cursor) params.set('cursor', cursor);
  return `GET /api/policy/search?${params.toString()}`;
}

/** A phone: every `min-width` media query fails, so the policy screens show cards. */
export function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
