import { format } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { emptyDashboardStats } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { BranchScopeSelect } from '@/features/branches';
import { useDashboardStats } from '@/features/policies';
import { ArrearsCard } from '@/features/rents';
import { CollectionsCard } from '@/features/fees';
import { ClaimsCards } from '@/features/claims';
import { useDashboardScope, useScopeDescription } from '../components/dashboard-scope';
import { classifyDashboardFailure, dashboardLogoutDelayMs, dashboardMessages } from '../components/dashboard-failure';
import { StatCards } from '../components/stat-cards';
import { StatusBar } from '../components/status-bar';
import { useDelayedLogout } from '../components/use-delayed-logout';

/**
 * /: 'Dashboard de Pólizas', the counts of the signed-in user's branch; an admin chooses a branch
 * or all of them. Each card opens the list filtered by its status.
 */
export function DashboardPage() {
  usePageTitle('Dashboard de Pólizas');
  const { user } = useSession();
  const { isAdmin, scope, choose, listFilters } = useDashboardScope(user);
  const description = useScopeDescription(scope, user);
  const stats = useDashboardStats(scope);
  const failure = stats.isError ? classifyDashboardFailure(stats.error) : null;
  useDelayedLogout(failure === 'session-or-network', dashboardLogoutDelayMs);
  // Spec section 8: any failure shows all-zero counts, never numbers that may be stale.
  const counts = stats.isError ? emptyDashboardStats : (stats.data ?? emptyDashboardStats);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard de Pólizas"
        description={description}
        actions={
          scope !== null ? (
            <>
              {isAdmin ? <BranchScopeSelect value={scope} onChange={choose} /> : null}
              {stats.dataUpdatedAt > 0 ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Última actualización: {format(stats.dataUpdatedAt, 'HH:mm:ss')}
                </p>
              ) : null}
              <Button
                variant="secondary"
                onClick={() => void stats.refetch()}
                disabled={stats.isFetching || failure === 'session-or-network'}
                aria-busy={stats.isFetching || undefined}
              >
                <RefreshCw aria-hidden="true" className={stats.isFetching ? 'animate-spin' : undefined} />
                Actualizar
              </Button>
            </>
          ) : null
        }
      />
      {scope === null ? (
        <EmptyState title="Sin sucursal asignada" description="Su usuario no tiene una sucursal; las estadísticas se muestran por sucursal." />
      ) : stats.isPending ? (
        <Spinner label={dashboardMessages.loading} className="py-16" />
      ) : (
        <>
          {failure === 'session-or-network' ? <Alert>{dashboardMessages.sessionOrNetwork}</Alert> : null}
          {failure === 'other' ? (
            <Alert className="items-center">
              <span className="flex flex-wrap items-center gap-3">
                {dashboardMessages.other}
                <Button variant="secondary" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
                  Reintentar
                </Button>
              </span>
            </Alert>
          ) : null}
          <StatCards stats={counts} listFilters={listFilters} />
          {/* Issue 32: the policies with a month En mora, opening the list filtered 'Con atraso'. */}
          <ArrearsCard branchId={scope} listFilters={listFilters} />
          {/* Issue 34: 'Cobranza del mes' (managers, admins), opening 'Facturación'. */}
          <CollectionsCard />
          {/* Issue 33: the incidencias' counts, each opening their list filtered. */}
          <ClaimsCards branchId={scope} listBranch={listFilters.branch} />
          <StatusBar stats={counts} />
        </>
      )}
    </div>
  );
}
