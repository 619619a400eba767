import type { ReactNode } from 'react';
import { addendumMessages, totalText, type Addendum } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { useErrorToast } from '@/lib/use-error-toast';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-panels';
import { LoadMore } from '@/components/ui/load-more';
import type { AddendumListState } from './use-addendum-list';

function addendumCountText(total: number, totalIsCapped: boolean): string {
  return totalText({ total, totalIsCapped }, 'addendum', 'addendums');
}

/** Loading, error, empty, or the count, the table (children) and the next page. */
export function AddendumResults({ list, children }: { list: AddendumListState; children: (rows: Addendum[]) => ReactNode }) {
  const { query, rows, total, totalIsCapped, searching } = list;
  useErrorToast(query.error, query.errorUpdatedAt, addendumMessages.loadError);

  if (query.isPending) return <Spinner label="Cargando..." className="py-16" />;
  if (query.isError && rows.length === 0) {
    return <QueryError query={query} title={addendumMessages.loadError} />;
  }
  if (rows.length === 0) return <EmptyState title={addendumMessages.empty} />;

  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        <span>{addendumCountText(total, totalIsCapped)}</span>
        {rows.length < total || totalIsCapped ? <span>Mostrando {rows.length}</span> : null}
        {searching ? <span className="text-brand-700 dark:text-brand-300">Buscando...</span> : null}
      </p>
      {children(rows)}
      {query.isFetchNextPageError || query.isRefetchError ? (
        <Alert>
          {addendumMessages.dataError}. {errorMessage(query.error)}
        </Alert>
      ) : null}
      <LoadMore query={query} />
    </div>
  );
}
