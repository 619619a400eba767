import { useState } from 'react';
import { Plus } from 'lucide-react';
import { appointmentEndpoints, appointmentMessages, type Appointment } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { ExportButtons } from '@/components/export-buttons';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { AppointmentCalendar } from '../calendar/appointment-calendar';
import { AppointmentDetailDialog } from '../components/appointment-detail-dialog';
import { AppointmentList } from '../components/appointment-list';
import { DeleteAppointmentDialog } from '../components/delete-appointment-dialog';
import { useAppointmentList } from '../components/use-appointment-list';
import { useAppointmentsView } from '../components/use-appointments-view';
import { ViewToggle } from '../components/view-toggle';
import { CalendarFeedDialog } from '../feed/calendar-feed-dialog';
import { AppointmentFormDialog } from '../form/appointment-form-dialog';
import type { AppointmentFormTarget } from '../form/appointment-form-values';

/**
 * /appointments: 'Control de Citas', the list (searched and paged on the server) or the calendar
 * (day, week, month), with one create/edit dialog, one detail popup and one delete confirmation.
 */
export function AppointmentsPage() {
  usePageTitle(appointmentMessages.title);
  const viewState = useAppointmentsView();
  const inCalendar = viewState.view === 'calendar';
  const list = useAppointmentList({ enabled: !inCalendar });
  const [editing, setEditing] = useState<AppointmentFormTarget | null>(null);
  const [viewing, setViewing] = useState<Appointment | null>(null);
  const [deleting, setDeleting] = useState<Appointment | null>(null);

  const edit = (appointment: Appointment) => {
    setViewing(null);
    setEditing({ kind: 'edit', appointment });
  };
  // From the calendar, a new appointment starts on the day it shows (the list: no day chosen yet).
  const createNew = () => setEditing({ kind: 'create', ...(inCalendar ? { date: viewState.date } : {}) });

  return (
    <div className="space-y-6">
      <PageHeader
        title={appointmentMessages.title}
        actions={
          <>
            {/* The list's export: every appointment its search selects (the calendar has no search). */}
            {inCalendar ? null : (
              <ExportButtons endpoint={appointmentEndpoints.export} list="citas" query={{ q: list.q || undefined }} errorTitle="No se pudieron exportar las citas" />
            )}
            <CalendarFeedDialog />
            <Button onClick={createNew}>
              <Plus aria-hidden="true" />
              {appointmentMessages.newButton}
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {inCalendar ? <span /> : <SearchInput value={list.search} onChange={list.setSearch} placeholder={appointmentMessages.search} className="sm:max-w-md" />}
        <ViewToggle view={viewState.view} onChange={viewState.setView} />
      </div>

      {inCalendar ? (
        <AppointmentCalendar state={viewState} onOpen={setViewing} />
      ) : (
        <AppointmentList list={list} onEdit={edit} onDelete={setDeleting} />
      )}

      <AppointmentDetailDialog appointment={viewing} onClose={() => setViewing(null)} onEdit={edit} onDelete={setDeleting} />
      <AppointmentFormDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteAppointmentDialog appointment={deleting} onClose={() => setDeleting(null)} onDeleted={() => setViewing(null)} />
    </div>
  );
}
