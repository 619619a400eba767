import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { appointmentPageSize, appointmentWhens, searchTotalCap, type AppointmentWhen } from '@portal/domain';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { useAppointmentSearch } from '../api';

/**
 * The list's search box, its page and the paged search they drive. The box shows every keystroke
 * at once; the server is asked once typing pauses, from page 1 of the new search. Kept while the
 * calendar is shown (so coming back finds the same search and page), but not fetched then.
 */
export function useAppointmentList({ enabled }: { enabled: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, searchDebounceMs).trim();
  const [when, setWhen] = useListTab();
  // The page belongs to the search and tab it was chosen in: a new one starts at page 1.
  const [paging, setPaging] = useState({ q: '', when, page: 1 });
  const [knownTotal, setKnownTotal] = useState<number | null>(null);
  const requested = paging.q === q && paging.when === when ? paging.page : 1;
  // After deleting the last card of the last page, the page before is shown (never past the end).
  const page = knownTotal === null || knownTotal >= searchTotalCap ? requested : Math.min(requested, pageCountOf(knownTotal));
  const setPage = (next: number) => setPaging({ q, when, page: Math.max(1, next) });
  const query = useAppointmentSearch(q, when, page, { enabled });

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  // Past 1,000 matches the server stops counting: the pages go on while they come back full.
  const totalIsCapped = query.data?.totalIsCapped ?? false;
  const pageCount = pageCountOf(total);
  const hasNextPage = totalIsCapped ? items.length === appointmentPageSize : page < pageCount;
  if (query.data && query.data.total !== knownTotal) setKnownTotal(query.data.total);

  // Old cards stay visible while a new search or page loads (placeholder data): say so.
  const searching = search.trim() !== q || (query.isPlaceholderData && query.isFetching);
  return { search, setSearch, q, when, setWhen, page, setPage, pageCount, hasNextPage, query, items, total, totalIsCapped, searching };
}

/**
 * The list's tab (issue 20), kept in the URL (?cuando=pasadas|todas): 'Próximas' (from today on,
 * soonest first) is the default and leaves the URL clean.
 */
const whenInUrl: Record<AppointmentWhen, string | null> = { upcoming: null, past: 'pasadas', all: 'todas' };

function useListTab(): [AppointmentWhen, (next: AppointmentWhen) => void] {
  const [params, setParams] = useSearchParams();
  const when = appointmentWhens.find((candidate) => whenInUrl[candidate] === params.get('cuando')) ?? 'upcoming';
  const setWhen = (next: AppointmentWhen) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const value = whenInUrl[next];
        if (value === null) updated.delete('cuando');
        else updated.set('cuando', value);
        return updated;
      },
      { replace: true },
    );
  return [when, setWhen];
}

function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / appointmentPageSize));
}

export type AppointmentListState = ReturnType<typeof useAppointmentList>;
