import { queryClient } from '@/lib/query-client';
import { hasToken } from '@/features/auth';
import { policySearchQueryOptions } from './api';
import { readListFilters } from './components/policy-list-params';

/**
 * The list route's loader (issue 13, /policies LCP): asks for the first page of the search the
 * URL's filters name (issue 14 keeps them in the URL) at once, beside the session check and the
 * screen's code, instead of after the screen has rendered. The screen's query is the same one,
 * so it takes this request's answer (or waits for it) rather than sending its own. Never blocks
 * the navigation.
 */
export function prefetchPolicyList(url: string): null {
  const filters = readListFilters(new URL(url).searchParams);
  if (hasToken()) void queryClient.prefetchInfiniteQuery(policySearchQueryOptions(filters));
  return null;
}
