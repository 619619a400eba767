import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panels';
import { useBranch, useManagerCandidates, useUpdateBranch } from '../api';
import { BranchForm } from '../form/branch-form';

/** /admin/branches/:id/edit: 'Editar Sucursal'. */
export function BranchEditPage() {
  usePageTitle('Editar Sucursal');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const branch = useBranch(id);
  const managers = useManagerCandidates();
  const updateBranch = useUpdateBranch();
  useErrorToast(branch.error, branch.errorUpdatedAt, 'Error al cargar la sucursal');

  const invalidId = !Number.isInteger(id) || id <= 0;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Editar Sucursal" description={branch.data?.name} />
      {invalidId ? (
        <ErrorState
          title="Error al cargar la sucursal"
          message="El identificador de la sucursal no es válido."
          action={<BackToList />}
        />
      ) : branch.isError ? (
        <QueryError query={branch} title="Error al cargar la sucursal" action={<BackToList />} />
      ) : branch.isPending || managers.isPending ? (
        <Spinner label="Cargando sucursal..." className="py-16" />
      ) : (
        <BranchForm
          key={branch.data.id}
          mode="edit"
          branch={branch.data}
          managers={managers.data ?? []}
          managersUnavailable={managers.isError}
          onSubmit={async (body, ifMatch) => {
            await updateBranch.mutateAsync({ id, body, ifMatch });
            notify.success('Sucursal actualizada correctamente');
            await navigate(paths.admin.branches.list.to());
          }}
          onReload={async () => (await branch.refetch({ throwOnError: true })).data}
        />
      )}
    </div>
  );
}

function BackToList() {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.admin.branches.list.to()}>Volver a sucursales</Link>
    </Button>
  );
}
