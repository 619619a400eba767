import { appointmentMessages, totalText, type Appointment } from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { useErrorToast } from '@/lib/use-error-toast';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-panels';
import { AppointmentCardList } from './appointment-card-list';
import { ListTabs } from './list-tabs';
import { Pager } from './pager';
import type { AppointmentListState } from './use-appointment-list';

export const loadErrorTitle = 'Error al cargar las citas';
const emptyHint = 'Agende la primera con «Nueva Cita».';

function appointmentCountText(total: number, totalIsCapped: boolean): string {
  return totalText({ total, totalIsCapped }, 'cita', 'citas');
}

interface AppointmentListProps {
  list: AppointmentListState;
  onEdit: (appointment: Appointment) => void;
  onDelete: (appointment: Appointment) => void;
}

const emptyByTab = { upcoming: 'No hay citas próximas', past: 'No hay citas pasadas', all: appointmentMessages.empty } as const;

/** 'Ver Lista': the tabs ('Próximas' first), then the tab's cards and pager, or its loading, error or empty state. */
export function AppointmentList(props: AppointmentListProps) {
  return (
    <div className="space-y-3">
      <ListTabs when={props.list.when} onChange={props.list.setWhen} />
      <ListBody {...props} />
    </div>
  );
}

function ListBody({ list, onEdit, onDelete }: AppointmentListProps) {
  const { query, items, total, totalIsCapped, page, pageCount, hasNextPage, setPage, searching, q, when } = list;
  useErrorToast(query.error, query.errorUpdatedAt, loadErrorTitle);

  // An empty page of a non-empty list (its last card was just deleted) is a page about to move back, not "no appointments".
  if (query.isPending || (items.length === 0 && total > 0)) return <Spinner label="Cargando citas..." className="py-16" />;
  if (query.isError && !query.data) {
    return <QueryError query={query} title={loadErrorTitle} />;
  }
  if (items.length === 0) {
    return <EmptyState title={emptyByTab[when]} description={q ? appointmentMessages.emptySearch : emptyHint} />;
  }

  return (
    <div className="space-y-3" aria-busy={searching || undefined}>
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        <span>{appointmentCountText(total, totalIsCapped)}</span>
        {searching ? <span className="text-brand-700 dark:text-brand-300">Buscando...</span> : null}
      </p>
      {query.isRefetchError ? (
        <Alert>
          {loadErrorTitle}. {errorMessage(query.error)}
        </Alert>
      ) : null}
      <AppointmentCardList items={items} onEdit={onEdit} onDelete={onDelete} />
      <Pager page={page} pageCount={pageCount} pageCountIsCapped={totalIsCapped} hasNextPage={hasNextPage} onPage={setPage} busy={query.isFetching} />
    </div>
  );
}
