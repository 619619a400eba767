import type { ReactNode } from 'react';
import { totalText, type PolicySummary } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-panels';
import { LoadMore } from '@/components/ui/load-more';
import type { PolicyListState } from './use-policy-list';

interface PolicyResultsProps {
  list: PolicyListState;
  emptyText: string;
  /** A line under the count while something is running ('Buscando...', 'Actualizando datos...'). */
  busyText?: string | null;
  children: (rows: PolicySummary[]) => ReactNode;
}

function policyCountText(total: number, totalIsCapped: boolean): string {
  return totalText({ total, totalIsCapped }, 'póliza', 'pólizas');
}

/** Loading, error, empty, or the count, the table (children) and the next page. */
export function PolicyResults({ list, emptyText, busyText, children }: PolicyResultsProps) {
  const { query, rows, total, totalIsCapped } = list;

  if (query.isPending) return <Spinner label="Cargando pólizas..." className="py-16" />;
  if (query.isError && rows.length === 0) {
    return <QueryError query={query} title="No se pudieron cargar las pólizas" />;
  }
  if (rows.length === 0) return <EmptyState title={emptyText} />;

  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        <span>{policyCountText(total, totalIsCapped)}</span>
        {rows.length < total || totalIsCapped ? <span>Mostrando {rows.length}</span> : null}
        {busyText ? <span className="text-brand-700 dark:text-brand-300">{busyText}</span> : null}
      </p>
      {children(rows)}
      {query.isFetchNextPageError ? <Alert>No se pudieron cargar más pólizas. {errorMessage(query.error)}</Alert> : null}
      {query.isRefetchError ? <Alert>No se pudieron actualizar las pólizas. {errorMessage(query.error)}</Alert> : null}
      <LoadMore query={query} />
    </div>
  );
}
