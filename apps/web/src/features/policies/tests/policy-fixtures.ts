import { vi } from 'vitest';
import type { PolicySearchResult, PolicySummary } from '@portal/domain';

/** Shared with the investigation screens' tests. */
export { makeSummary } from '@/test/fixtures';

export function page(items: PolicySummary[], nextCursor: string | null = null, total = items.length): PolicySearchResult {
  return { items, nextCursor, total, totalIsCapped: false };
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
