import { useState } from 'react';
import { accessActionLabels, hasRole, managerRoles, type AccessAction, type AccessLogEntry, type Policy } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { usePolicyAccessLog } from '../../api';
import { FileSection } from './file-section';

const actionLabel = (action: string) => accessActionLabels[action as AccessAction] ?? action;

function AccessLine({ entry }: { entry: AccessLogEntry }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-4 gap-y-1 p-4 text-sm">
      <p className="min-w-0 flex-1 basis-72">
        <span className="font-medium text-slate-900 dark:text-white">{entry.userName || 'Usuario eliminado'}</span>{' '}
        <span className="text-slate-700 dark:text-slate-300">{actionLabel(entry.action).toLowerCase()}</span>
        <span className="block break-words text-slate-600 dark:text-slate-400">{entry.subject}</span>
      </p>
      <p className="text-slate-600 dark:text-slate-400">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        <span className="block text-xs" title={entry.userAgent}>
          Desde {entry.ip || 'dirección desconocida'}
        </span>
      </p>
    </li>
  );
}

/** Whether the signed-in user may see who reached the policy's documents (managers and admins). */
export function useCanSeeAccessLog(): boolean {
  return hasRole(useSession().user?.role, managerRoles);
}

/**
 * 'Accesos' (issue 19, LFPDPPP): every view or download of the policy's people's documents,
 * newest first, 20 a page. Shown to managers and admins only; the API refuses agents too.
 */
export function AccessLogSection({ policy }: { policy: Policy }) {
  const [page, setPage] = useState(1);
  const canSee = useCanSeeAccessLog();
  const log = usePolicyAccessLog(policy.id, page, { enabled: canSee });
  if (!canSee) return null;
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <FileSection id="accesos" title="Accesos" className="print:hidden">
      <QueryState
        query={log}
        loading="Cargando accesos..."
        loadingClassName="py-8"
        errorTitle="Error al cargar los accesos"
        isEmpty={({ entries }) => entries.length === 0}
        empty={<EmptyState title="Sin accesos registrados" description="Aquí aparece quién vio o descargó los documentos de esta póliza." />}
      >
        {({ entries }) => (
          <Card>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-busy={log.isFetching}>
              {entries.map((entry) => (
                <AccessLine key={entry.id} entry={entry} />
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Páginas de accesos" className="flex items-center justify-between gap-2 border-t border-slate-100 p-3 text-sm dark:border-slate-800">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Más recientes
                </Button>
                <span>
                  Página {page} de {pages}
                </span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Anteriores
                </Button>
              </nav>
            ) : null}
          </Card>
        )}
      </QueryState>
    </FileSection>
  );
}
