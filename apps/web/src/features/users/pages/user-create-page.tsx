import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useBranches } from '@/features/branches';
import { useSession } from '@/features/auth';
import { useCreateUser } from '../api';
import { UserForm } from '../form/user-form';

/** /admin/users/new: 'Nuevo Usuario'. Waits for the branches so the admin's own can be preselected. */
export function UserCreatePage() {
  usePageTitle('Nuevo Usuario');
  const { user } = useSession();
  const navigate = useNavigate();
  const branches = useBranches();
  const createUser = useCreateUser();
  useErrorToast(branches.error, branches.errorUpdatedAt, 'Error al cargar las sucursales');

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Nuevo Usuario" description="Alta de una cuenta del personal." />
      <QueryState query={branches} loading="Cargando sucursales..." errorTitle="Error al cargar las sucursales">
        {(branches) => (
          <UserForm
            mode="create"
            branches={branches}
            defaultBranchId={user?.branchId}
            onSubmit={async (body) => {
              await createUser.mutateAsync(body);
              notify.success('Usuario creado correctamente');
              await navigate(paths.admin.users.list.to());
            }}
          />
        )}
      </QueryState>
    </div>
  );
}
