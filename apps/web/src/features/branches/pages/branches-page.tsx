import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { branchMatchesSearch } from '@portal/domain';
import { paths } from '@/lib/paths';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState } from '@/components/ui/state-panels';
import { useBranches } from '../api';
import { BranchCard } from '../components/branch-card';
import { useBranchStatusToggle } from '../components/use-branch-status-toggle';

/** /admin/branches: 'Gestión de Sucursales'. */
export function BranchesPage() {
  usePageTitle('Gestión de Sucursales');
  const [search, setSearch] = useState('');
  const branches = useBranches();
  const toggle = useBranchStatusToggle();
  useErrorToast(branches.error, branches.errorUpdatedAt, 'Error al cargar las sucursales');

  const visible = useMemo(
    () => (branches.data ?? []).filter((branch) => branchMatchesSearch(branch, search)),
    [branches.data, search],
  );
  const searching = search.trim() !== '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Gestión de Sucursales"
        description="Oficinas de la empresa, su dirección y su gerente."
        actions={
          <Button asChild>
            <Link to={paths.admin.branches.new.to()}>
              <Plus aria-hidden="true" />
              Nueva Sucursal
            </Link>
          </Button>
        }
      />
      <SearchInput value={search} onChange={setSearch} placeholder="Buscar sucursales..." />

      <QueryState
        query={branches}
        loading="Cargando sucursales..."
        errorTitle="No se pudieron cargar las sucursales"
        isEmpty={() => visible.length === 0}
        empty={
          <EmptyState
            title="No se encontraron sucursales"
            description={
              searching
                ? `Ninguna sucursal coincide con «${search.trim()}». Pruebe con otro nombre, calle, colonia o municipio.`
                : 'Aún no hay sucursales registradas.'
            }
          />
        }
      >
        {() => (
          <>
            <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
              {visible.length === 1 ? '1 sucursal' : `${visible.length} sucursales`}
            </p>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Sucursales">
              {visible.map((branch) => (
                <li key={branch.id} className="flex [&>*]:flex-1">
                  <BranchCard branch={branch} busy={toggle.busyBranchId === branch.id} onToggleStatus={toggle.request} />
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={toggle.confirming !== null}
        onOpenChange={(open) => (open ? undefined : toggle.cancel())}
        title="¿Desactivar sucursal?"
        description={
          toggle.confirming
            ? `${toggle.confirming.name} quedará inactiva: no se podrá asignar a usuarios nuevos. Sus datos se conservan y puede activarla de nuevo.`
            : ''
        }
        confirmLabel="Desactivar"
        tone="danger"
        busy={toggle.busyBranchId !== null}
        onConfirm={toggle.confirm}
      />
    </div>
  );
}
