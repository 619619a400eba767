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
import { useBranches } from '@/features/branches';
import { useUpdateUser, useUser } from '../api';
import { UserForm } from '../form/user-form';
import { TemporaryPasswordButton } from '../components/temporary-password-button';
import { UnlockSignInButton } from '../components/unlock-sign-in-button';
import { UserMfaPanel } from '../components/user-mfa-panel';

/** /admin/users/:id/edit: 'Editar Usuario'. */
export function UserEditPage() {
  usePageTitle('Editar Usuario');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const user = useUser(id);
  const branches = useBranches();
  const updateUser = useUpdateUser();
  useErrorToast(user.error, user.errorUpdatedAt, 'Error al cargar el usuario');
  useErrorToast(branches.error, branches.errorUpdatedAt, 'Error al cargar las sucursales');

  const invalidId = !Number.isInteger(id) || id <= 0;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Editar Usuario" description={user.data ? user.data.email : undefined} />
      {invalidId ? (
        <ErrorState
          title="Error al cargar el usuario"
          message="El identificador del usuario no es válido."
          action={<BackToList />}
        />
      ) : user.isError ? (
        <QueryError query={user} title="Error al cargar el usuario" action={<BackToList />} />
      ) : branches.isError ? (
        <QueryError query={branches} title="Error al cargar las sucursales" action={<BackToList />} />
      ) : user.isPending || branches.isPending ? (
        <Spinner label="Cargando usuario..." className="py-16" />
      ) : (
        <>
          <UserForm
            key={user.data.id}
            mode="edit"
            user={user.data}
            branches={branches.data}
            onSubmit={async (body, ifMatch) => {
              await updateUser.mutateAsync({ id, body, ifMatch });
              notify.success('Usuario actualizado correctamente');
              await navigate(paths.admin.users.list.to());
            }}
            onReload={async () => (await user.refetch({ throwOnError: true })).data}
          />
          <UserMfaPanel user={user.data} />
          <UnlockSignInButton userId={user.data.id} />
          <TemporaryPasswordButton userId={user.data.id} />
        </>
      )}
    </div>
  );
}

function BackToList() {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.admin.users.list.to()}>Volver a usuarios</Link>
    </Button>
  );
}
