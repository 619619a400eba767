import { adminRoles, businessDate, exportFileName, hasRole, type ClaimList } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { DownloadButton } from '@/components/download-button';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { BranchScopeSelect } from '@/features/branches';
import { fetchClaimsFile, useClaimList } from '../api/list';
import { ClaimsBoard } from '../components/board/claims-board';
import { ClaimFilters, useSeenAssignees, useStageNames } from '../components/list/claim-filters';
import { ClaimsTable } from '../components/list/claims-table';
import { ToggleGroup } from '../components/list/toggle-group';
import { useClaimsScreen, type ClaimsScreen } from '../components/list/use-claim-filters';
import { MonthlySummary } from '../components/summary/monthly-summary';

const tabs = [
  { value: 'cases', label: 'Incidencias' },
  { value: 'summary', label: 'Resumen mensual' },
] as const;
const views = [
  { value: 'list', label: 'Lista' },
  { value: 'board', label: 'Tablero' },
] as const;

/** /claims: 'Incidencias', the cases of the user's branch (admins: one or all) as a list or a board, and the monthly summary. */
export function ClaimsPage() {
  usePageTitle('Incidencias');
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const screen = useClaimsScreen(isAdmin);
  const { filter } = screen;
  const today = businessDate();
  const { page: _page, ...exportFilter } = filter;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Incidencias"
        description="Casos de falta de pago, daños o no entrega del inmueble, con sus etapas y términos."
        actions={
          <>
            {isAdmin ? <BranchScopeSelect value={filter.branchId ?? 'all'} onChange={(chosen) => screen.change({ ...filter, branchId: chosen === 'all' ? undefined : chosen })} /> : null}
            {screen.tab === 'cases'
              ? (['csv', 'xlsx'] as const).map((format) => (
                  <DownloadButton
                    key={format}
                    variant="secondary"
                    label={`Exportar ${format.toUpperCase()}`}
                    fetchFile={() => fetchClaimsFile(format, exportFilter)}
                    fileName={exportFileName('incidencias', format, today)}
                    errorTitle="No se pudo exportar"
                  />
                ))
              : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ToggleGroup label="Sección" options={tabs} value={screen.tab} onChange={screen.setTab} />
        {screen.tab === 'cases' ? <ToggleGroup label="Vista" options={views} value={screen.view} onChange={screen.setView} /> : null}
      </div>
      {screen.tab === 'summary' ? (
        <MonthlySummary month={screen.month || today.slice(0, 7)} onMonth={screen.setMonth} branchId={filter.branchId} />
      ) : (
        <CasesTab screen={screen} showBranch={isAdmin && !filter.branchId} />
      )}
    </div>
  );
}

function CasesTab({ screen, showBranch }: { screen: ClaimsScreen; showBranch: boolean }) {
  const list = useClaimList(screen.filter);
  const assignees = useSeenAssignees(list.data?.items);
  const stageLabels = useStageNames(list.data?.items);
  return (
    <div className="space-y-4">
      <ClaimFilters filter={screen.filter} change={screen.change} stageLabels={stageLabels} assignees={assignees} />
      <QueryState
        query={list}
        loading="Cargando incidencias..."
        errorTitle="Error al cargar las incidencias"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="No hay incidencias con estos filtros" description="Cambie o quite algún filtro para ver más casos." />}
      >
        {(data) => (
          <div className="space-y-3" aria-busy={list.isPlaceholderData || undefined}>
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {`${data.total.toLocaleString('es-MX')} ${data.total === 1 ? 'incidencia' : 'incidencias'}`}
            </p>
            {screen.view === 'board' ? <ClaimsBoard items={data.items} stageLabels={stageLabels} /> : <ClaimsTable items={data.items} showBranch={showBranch} />}
            <Pages list={data} onPage={screen.setPage} />
          </div>
        )}
      </QueryState>
    </div>
  );
}

function Pages({ list, onPage }: { list: ClaimList; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label="Páginas" className="flex items-center justify-between gap-3 text-sm">
      <span className="text-slate-600 dark:text-slate-400">
        Página {list.page} de {pages}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)}>
          Anterior
        </Button>
        <Button variant="secondary" size="sm" disabled={list.page >= pages} onClick={() => onPage(list.page + 1)}>
          Siguiente
        </Button>
      </span>
    </nav>
  );
}
