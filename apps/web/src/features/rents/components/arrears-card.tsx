import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { formatPesos } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Card } from '@/components/ui/card';
import { useArrearsReport } from '../arrears-api';

/**
 * The dashboard's 'Con atraso' card: policies with a month En mora and what they owe, for the
 * dashboard's branch (or every branch); it opens the policy list filtered 'Con atraso' with the
 * dashboard's `listFilters` (an admin's chosen branch), as the status cards do.
 */
export function ArrearsCard({ branchId, listFilters }: { branchId: number | 'all'; listFilters: Record<string, number> }) {
  const filter = branchId === 'all' ? {} : { branchId };
  const report = useArrearsReport(filter);
  const total = report.data?.total;
  return (
    <Card className="p-0">
      <Link
        to={paths.policies.list.to({ ...listFilters, arrears: 1 })}
        className="flex items-center gap-4 rounded-xl p-5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800/60"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300">
          <AlertTriangle aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">Con atraso</span>
          {report.isError ? (
            <span className="block text-sm text-red-700 dark:text-red-400">No se pudo cargar el atraso.</span>
          ) : total ? (
            <span className="block">
              <span className="text-2xl font-semibold tabular-nums">{total.policies.toLocaleString('es-MX')}</span>
              <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">
                {total.policies === 1 ? 'póliza' : 'pólizas'} · {formatPesos(total.amount)}
              </span>
            </span>
          ) : (
            <span className="block text-sm text-slate-500">Cargando...</span>
          )}
        </span>
      </Link>
    </Card>
  );
}
