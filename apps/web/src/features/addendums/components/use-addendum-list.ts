import { useState } from 'react';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { useAddendumSearch } from '../api';

/**
 * The list's search box and the paged search it drives. The box shows every keystroke at once;
 * the server is asked only once typing pauses.
 */
export function useAddendumList() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, searchDebounceMs);
  const query = useAddendumSearch(q);
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPage = query.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const totalIsCapped = lastPage?.totalIsCapped ?? false;
  // Old rows stay visible while a new search runs (placeholder data): say that it is searching.
  const searching = search.trim() !== q.trim() || (query.isPlaceholderData && query.isFetching);
  return { search, setSearch, q: q.trim(), query, rows, total, totalIsCapped, searching };
}

export type AddendumListState = ReturnType<typeof useAddendumList>;
