import { useId } from 'react';
import { Link } from 'react-router';
import { MapPin, Pencil, Power, PowerOff } from 'lucide-react';
import { formatAddress, type Branch } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { StatusBadge } from '@/components/ui/status-badge';

interface BranchCardProps {
  branch: Branch;
  busy: boolean;
  onToggleStatus: (branch: Branch) => void;
}

export function BranchCard({ branch, busy, onToggleStatus }: BranchCardProps) {
  const headingId = useId();
  const active = branch.status === 'active';
  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">
            {branch.name}
          </h2>
          <StatusBadge status={branch.status} />
        </div>
        <p className="flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-400">
          <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>{formatAddress(branch.address)}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <DetailList
          items={[
            { label: 'Teléfono', value: branch.phone || '—' },
            { label: 'Correo electrónico', value: branch.email || '—' },
            { label: 'Gerente', value: branch.managerName ?? 'Sin gerente', wide: true },
            { label: 'Creado', value: formatDateTime(branch.createdAt) },
            { label: 'Actualizado', value: formatDateTime(branch.updatedAt) },
          ]}
        />
      </CardContent>
      <CardFooter>
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.admin.branches.edit.to(branch.id)}>
            <Pencil aria-hidden="true" />
            Editar
          </Link>
        </Button>
        <Button
          variant={active ? 'danger-outline' : 'success-outline'}
          size="sm"
          disabled={busy}
          onClick={() => onToggleStatus(branch)}
        >
          {active ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
          {active ? 'Desactivar' : 'Activar'}
        </Button>
      </CardFooter>
    </Card>
  );
}
