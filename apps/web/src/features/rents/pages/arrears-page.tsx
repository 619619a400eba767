import { useSearchParams } from 'react-router';
import { adminRoles, agingBuckets, exportFileName, formatPesos, hasRole, type AgingBucket, type ArrearsReport } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { DownloadButton } from '@/components/download-button';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { BranchScopeSelect } from '@/features/branches';
import { fetchArrearsFile, useArrearsReport, type ArrearsFilter } from '../arrears-api';
import { BucketTiles } from '../components/arrears-filters';
import { ArrearsTable } from '../components/arrears-table';

/** The filters as the URL keeps them: `?sucursal=2&antiguedad=61-90&pagina=2` (a reload or a shared link keeps them). */
function useArrearsFilter(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const branch = Number(params.get('sucursal'));
  const bucket = params.get('antiguedad');
  const page = Number(params.get('pagina'));
  const filter: ArrearsFilter = {
    ...(isAdmin && Number.isInteger(branch) && branch > 0 ? { branchId: branch } : {}),
    ...(agingBuckets.includes(bucket as AgingBucket) ? { bucket: bucket as AgingBucket } : {}),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const change = (next: ArrearsFilter) => {
    const query: Record<string, string> = {};
    if (next.branchId) query.sucursal = String(next.branchId);
    if (next.bucket) query.antiguedad = next.bucket;
    if (next.page && next.page > 1) query.pagina = String(next.page);
    setParams(query);
  };
  return { filter, change };
}

/** /rents/arrears: 'Rentas en mora', the aging report of the user's branch (admins: one or all). */
export function ArrearsPage() {
  usePageTitle('Rentas en mora');
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const { filter, change } = useArrearsFilter(isAdmin);
  const report = useArrearsReport(filter);
  const { page: _page, ...exportFilter } = filter;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Rentas en mora"
        description="Pólizas con al menos un mes vencido y no pagado, por antigüedad del mes más antiguo."
        actions={
          <>
            {isAdmin ? (
              <BranchScopeSelect value={filter.branchId ?? 'all'} onChange={(chosen) => change({ branchId: chosen === 'all' ? undefined : chosen, bucket: filter.bucket })} />
            ) : null}
            {(['csv', 'xlsx'] as const).map((format) => (
              <DownloadButton
                key={format}
                variant="secondary"
                label={`Exportar ${format.toUpperCase()}`}
                fetchFile={() => fetchArrearsFile(format, exportFilter)}
                fileName={exportFileName('rentas_en_mora', format, report.data?.today ?? new Date().toISOString().slice(0, 10))}
                errorTitle="No se pudo exportar"
              />
            ))}
          </>
        }
      />
      <QueryState query={report} loading="Cargando rentas en mora..." errorTitle="Error al cargar las rentas en mora" isEmpty={() => false}>
        {(data) => <ArrearsContent report={data} filter={filter} change={change} showBranch={isAdmin && !filter.branchId} />}
      </QueryState>
    </div>
  );
}

function ArrearsContent({ report, filter, change, showBranch }: { report: ArrearsReport; filter: ArrearsFilter; change: (next: ArrearsFilter) => void; showBranch: boolean }) {
  const pages = Math.max(1, Math.ceil(report.totalItems / report.pageSize));
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {report.total.policies === 0 ? 'Ninguna póliza con atraso.' : `${report.total.policies.toLocaleString('es-MX')} ${report.total.policies === 1 ? 'póliza' : 'pólizas'} con atraso, ${formatPesos(report.total.amount)} en total.`}
      </p>
      <BucketTiles report={report} chosen={filter.bucket} onChoose={(bucket) => change({ branchId: filter.branchId, bucket })} />
      {report.items.length === 0 ? (
        <EmptyState title="Sin pólizas con atraso" description={filter.bucket ? 'Ninguna póliza tiene atraso en esta antigüedad.' : 'Todas las pólizas están al corriente.'} />
      ) : (
        <>
          <ArrearsTable report={report} showBranch={showBranch} />
          <nav aria-label="Páginas" className="flex items-center justify-between gap-3 text-sm">
            <span className="text-slate-600 dark:text-slate-400">
              Página {report.page} de {pages}
            </span>
            <span className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={report.page <= 1} onClick={() => change({ ...filter, page: report.page - 1 })}>
                Anterior
              </Button>
              <Button variant="secondary" size="sm" disabled={report.page >= pages} onClick={() => change({ ...filter, page: report.page + 1 })}>
                Siguiente
              </Button>
            </span>
          </nav>
        </>
      )}
    </>
  );
}
