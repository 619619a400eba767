import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCreateBranch, useManagerCandidates } from '../api';
import { BranchForm } from '../form/branch-form';

/** /admin/branches/new: 'Nueva Sucursal'. */
export function BranchCreatePage() {
  usePageTitle('Nueva Sucursal');
  const navigate = useNavigate();
  const managers = useManagerCandidates();
  const createBranch = useCreateBranch();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Nueva Sucursal" description="Alta de una oficina." />
      {managers.isPending ? (
        <Spinner label="Cargando gerentes..." className="py-16" />
      ) : (
        <BranchForm
          mode="create"
          managers={managers.data ?? []}
          managersUnavailable={managers.isError}
          onSubmit={async (body) => {
            await createBranch.mutateAsync(body);
            notify.success('Sucursal creada correctamente');
            await navigate(paths.admin.branches.list.to());
          }}
        />
      )}
    </div>
  );
}
