import { useState } from 'react';
import type { PolicyStatus } from '@portal/domain';
import { usePolicySearch } from '../api';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';

/** The search waits this long after the last keystroke before asking the server. */

/**
 * The filters of the list and tracking screens and the paged search they drive. The box shows
 * every keystroke at once; the server is asked only once typing pauses.
 */
export function usePolicyList({ enabled = true }: { enabled?: boolean } = {}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PolicyStatus | undefined>(undefined);
  const q = useDebouncedValue(search, searchDebounceMs);
  const query = usePolicySearch({ q, status }, { enabled });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPage = query.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  // Past 1,000 matches the server stops counting and says so: 'más de 1,000 pólizas'.
  const totalIsCapped = lastPage?.totalIsCapped ?? false;
  // Old rows stay visible while a new search runs (placeholder data): say that it is searching.
  const searching = search.trim() !== q.trim() || (query.isPlaceholderData && query.isFetching);
  return { search, setSearch, status, setStatus, query, rows, total, totalIsCapped, searching };
}

export type PolicyListState = ReturnType<typeof usePolicyList>;
