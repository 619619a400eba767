import { useId } from 'react';
import { History, AlertTriangle } from 'lucide-react';
import { policyStatusLabels, statusJumpChange, type PolicyEvent } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { usePolicyEvents } from '../api';

/** 'De «Creada» a «En investigación»'; the first event only names the status it started in. */
function statusChange(event: PolicyEvent): string | null {
  const { fromStatus: from, toStatus: to } = event;
  if (!to || from === to) return null;
  return from ? `De «${policyStatusLabels[from]}» a «${policyStatusLabels[to]}»` : `Estatus inicial «${policyStatusLabels[to]}»`;
}

function HistoryEntry({ event }: { event: PolicyEvent }) {
  const change = statusChange(event);
  // The jump mark travels in `changes` beside the section names; it is shown apart from them.
  const jumped = event.changes.includes(statusJumpChange);
  const sections = event.changes.filter((name) => name !== statusJumpChange);
  return (
    <li className="relative border-l-2 border-slate-200 pb-5 pl-5 last:pb-0 dark:border-slate-700">
      <span aria-hidden="true" className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500" />
      <p className="flex flex-wrap gap-x-2 text-sm">
        <time dateTime={event.createdAt} className="font-medium text-slate-900 dark:text-white">
          {formatDateTime(event.createdAt)}
        </time>
        {/* The server names the actor: 'Sistema' for its own changes (the daily job); no name is a deleted user. */}
        <span className="text-slate-600 dark:text-slate-400">{event.userName || 'Usuario eliminado'}</span>
      </p>
      {change ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          {change}
          {jumped ? <StatusJumpBadge /> : null}
        </p>
      ) : null}
      {sections.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Secciones modificadas: {sections.join(', ')}</p>
      ) : null}
      {event.note ? <p className="mt-1 text-sm whitespace-pre-line text-slate-600 italic dark:text-slate-400">{event.note}</p> : null}
    </li>
  );
}

/** A status set from the form outside the row menu's transitions (by a manager or an admin). */
function StatusJumpBadge() {
  return (
    <span
      title="Estatus cambiado desde el formulario, fuera de las transiciones del menú de acciones"
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <AlertTriangle aria-hidden="true" className="size-3" />
      {statusJumpChange}
    </span>
  );
}

/** The edit screen's 'Historial': who changed what and when, newest first (as the API sends it). */
export function PolicyHistory({ policyId }: { policyId: number }) {
  const events = usePolicyEvents(policyId);
  const headingId = useId();

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4 p-5 sm:p-6">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <History aria-hidden="true" className="size-4 text-slate-500" />
          Historial
        </h2>
        <QueryState
          query={events}
          loading="Cargando historial..."
          loadingClassName="py-8"
          errorTitle="Error al cargar el historial"
          empty={<EmptyState title="Sin movimientos registrados" />}
        >
          {(events) => (
            <ol className="pl-1">
              {events.map((event) => (
                <HistoryEntry key={event.id} event={event} />
              ))}
            </ol>
          )}
        </QueryState>
      </section>
    </Card>
  );
}
