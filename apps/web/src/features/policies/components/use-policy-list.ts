import { useEffect, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { usePolicySearch } from '../api';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { listFiltersQuery, readListFilters, type PolicyListFilters } from './policy-list-params';

/**
 * The search box: every keystroke shows at once, and the URL's `q` follows once typing pauses
 * (replacing the history entry: back goes to the previous filters, not to each letter). When
 * the URL's `q` changes otherwise (back/forward, a link) the box shows it.
 */
function useSearchBox(urlQ: string, writeQ: (q: string) => void) {
  const [search, setSearch] = useState(urlQ);
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== search.trim()) setSearch(urlQ);
  }
  const typed = useDebouncedValue(search, searchDebounceMs);
  const navigation = useNavigation();
  const location = useLocation();
  // A pause that ends while the user is already leaving (a row menu's 'Subir Documentos' whose
  // screen is still loading) must not write the URL: that navigation would cancel the user's.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (!leaving && typed.trim() !== urlQ) writeQ(typed);
    // Only a pause in typing writes the URL: after back/forward the URL has moved on while
    // `typed` still holds the old text, and writing it back would undo the navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return { search, setSearch };
}

/**
 * The filters of the list and tracking screens, kept in the URL, and the paged search they
 * drive. Changing a filter adds a history entry, so back/forward step through them.
 */
export function usePolicyList({ enabled = true }: { enabled?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params);
  const setFilters = (changes: Partial<PolicyListFilters>, options: { replace?: boolean } = {}) =>
    setParams((current) => listFiltersQuery({ ...readListFilters(current), ...changes }), { replace: options.replace ?? false });
  const { search, setSearch } = useSearchBox(filters.q, (q) => setFilters({ q }, { replace: true }));
  const clearFilters = () => {
    setSearch('');
    setParams(listFiltersQuery({ sort: filters.sort }));
  };

  const query = usePolicySearch(filters, { enabled });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPage = query.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  // Past 1,000 matches the server stops counting and says so: 'más de 1,000 pólizas'.
  const totalIsCapped = lastPage?.totalIsCapped ?? false;
  // Old rows stay visible while a new search runs (placeholder data): say that it is searching.
  const searching = search.trim() !== filters.q.trim() || (query.isPlaceholderData && query.isFetching);
  return { search, setSearch, filters, setFilters, clearFilters, query, rows, total, totalIsCapped, searching };
}

export type PolicyListState = ReturnType<typeof usePolicyList>;
