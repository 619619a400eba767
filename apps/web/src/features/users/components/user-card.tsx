import { useId } from 'react';
import { Link } from 'react-router';
import { Mail, Pencil, Power, PowerOff } from 'lucide-react';
import { roleLabels, type User } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { StatusBadge } from '@/components/ui/status-badge';

interface UserCardProps {
  user: User;
  /** The signed-in admin's own card: it cannot be deactivated from here. */
  isSelf: boolean;
  busy: boolean;
  onToggleStatus: (user: User) => void;
}

export function UserCard({ user, isSelf, busy, onToggleStatus }: UserCardProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const active = user.status === 'active';
  const headingId = useId();
  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">
            {fullName}
            {isSelf ? (
              <Badge tone="neutral" className="ml-2 align-middle">
                Su cuenta
              </Badge>
            ) : null}
          </h2>
          <StatusBadge status={user.status} />
        </div>
        {/* The role badge sits inside the e-mail's line: one element to find for either. */}
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-sm break-all text-slate-600 dark:text-slate-400">
          <Mail aria-hidden="true" className="size-3.5 shrink-0" />
          {user.email}
          <Badge tone="brand" className="break-normal">
            <span className="sr-only">Rol: </span>
            {roleLabels[user.role] ?? user.role}
          </Badge>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <DetailList
          items={[
            { label: 'Teléfono', value: user.phone || '—' },
            { label: 'Celular', value: user.mobile || '—' },
            { label: 'Sucursal', value: user.branchName ?? 'Sin sucursal', wide: true },
            { label: 'Creado', value: formatDateTime(user.createdAt) },
            { label: 'Actualizado', value: formatDateTime(user.updatedAt) },
          ]}
        />
      </CardContent>
      <CardFooter>
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.admin.users.edit.to(user.id)}>
            <Pencil aria-hidden="true" />
            Editar
          </Link>
        </Button>
        {isSelf ? null : (
          <Button
            variant={active ? 'danger-outline' : 'success-outline'}
            size="sm"
            disabled={busy}
            onClick={() => onToggleStatus(user)}
          >
            {active ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
            {active ? 'Desactivar' : 'Activar'}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
