import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { addendumStatuses, type AddendumStatus } from '@portal/domain';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { useAddendumSearch } from '../api';

/**
 * The list's search box and the paged search it drives. The box shows every keystroke at once;
 * the server is asked only once typing pauses.
 */
export function useAddendumList() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, searchDebounceMs);
  const [status, setStatus] = useStatusFilter();
  const query = useAddendumSearch(q, status);
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPage = query.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const totalIsCapped = lastPage?.totalIsCapped ?? false;
  // Old rows stay visible while a new search runs (placeholder data): say that it is searching.
  const searching = search.trim() !== q.trim() || (query.isPlaceholderData && query.isFetching);
  return { search, setSearch, status, setStatus, q: q.trim(), query, rows, total, totalIsCapped, searching };
}

export type AddendumListState = ReturnType<typeof useAddendumList>;

/** The 'Estado' filter (issue 20), kept in the URL (?estado=pending|active|canceled); none shows every status. */
function useStatusFilter(): [AddendumStatus | null, (next: AddendumStatus | null) => void] {
  const [params, setParams] = useSearchParams();
  const status = addendumStatuses.find((candidate) => candidate === params.get('estado')) ?? null;
  const setStatus = (next: AddendumStatus | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete('estado');
        else updated.set('estado', next);
        return updated;
      },
      { replace: true },
    );
  return [status, setStatus];
}
