import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import { userMatchesSearch } from '@portal/domain';
import { paths } from '@/lib/paths';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { useUsers } from '../api';
import { UsersGrid } from '../components/users-grid';
import { useUserStatusToggle } from '../components/use-user-status-toggle';

/** /admin/users: 'Gestión de Usuarios'. */
export function UsersPage() {
  usePageTitle('Gestión de Usuarios');
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const users = useUsers();
  const toggle = useUserStatusToggle();
  useErrorToast(users.error, users.errorUpdatedAt, 'Error al cargar los usuarios');

  const visible = useMemo(() => (users.data ?? []).filter((user) => userMatchesSearch(user, search)), [users.data, search]);
  const searching = search.trim() !== '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Gestión de Usuarios"
        description="Cuentas del personal, su rol y su sucursal."
        actions={
          <Button asChild>
            <Link to={paths.admin.users.new.to()}>
              <UserPlus aria-hidden="true" />
              Nuevo Usuario
            </Link>
          </Button>
        }
      />
      <SearchInput value={search} onChange={setSearch} placeholder="Buscar usuarios..." />

      <QueryState
        query={users}
        loading="Cargando usuarios..."
        errorTitle="No se pudieron cargar los usuarios"
        isEmpty={() => visible.length === 0}
        empty={
          <EmptyState
            title="No se encontraron usuarios"
            description={
              searching ? `Ningún usuario coincide con «${search.trim()}». Pruebe con otro nombre, correo o rol.` : 'Aún no hay usuarios registrados.'
            }
          />
        }
      >
        {() => (
          <>
            <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
              {visible.length === 1 ? '1 usuario' : `${visible.length} usuarios`}
            </p>
            <UsersGrid users={visible} currentUserId={me?.id} busyUserId={toggle.busyUserId} onToggleStatus={toggle.request} />
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={toggle.confirming !== null}
        onOpenChange={(open) => (open ? undefined : toggle.cancel())}
        title="¿Desactivar usuario?"
        description={
          toggle.confirming
            ? `${toggle.confirming.firstName} ${toggle.confirming.lastName} (${toggle.confirming.email}) ya no podrá iniciar sesión hasta que se active de nuevo.`
            : ''
        }
        confirmLabel="Desactivar"
        tone="danger"
        busy={toggle.busyUserId !== null}
        onConfirm={toggle.confirm}
      />
    </div>
  );
}
