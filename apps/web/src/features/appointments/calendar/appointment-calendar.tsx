import { useId } from 'react';
import { appointmentMessages, type Appointment } from '@portal/domain';
import { useErrorToast } from '@/lib/use-error-toast';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { DeadlinesToggle, useCalendarDeadlines } from '@/features/claims';
import { useAppointmentRange } from '../api';
import { loadErrorTitle } from '../components/appointment-list';
import type { AppointmentsViewState } from '../components/use-appointments-view';
import { CalendarToolbar } from './calendar-toolbar';
import { periodTitle, shiftPeriod, visibleRange } from './calendar-dates';
import { DayView } from './day-view';
import { MonthView } from './month-view';
import { WeekView } from './week-view';

interface AppointmentCalendarProps {
  state: AppointmentsViewState;
  onOpen: (appointment: Appointment) => void;
}

/** 'Calendario de Citas': the days the view shows, asked of the API and nothing more. */
export function AppointmentCalendar({ state, onOpen }: AppointmentCalendarProps) {
  const headingId = useId();
  const { mode, date, today } = state;
  const range = visibleRange(mode, date);
  const query = useAppointmentRange(range.from, range.to);
  // Beside the appointments, the incidencias' deadlines of the same days (issue 33).
  const deadlines = useCalendarDeadlines(range.from, range.to, state.showDeadlines);
  useErrorToast(query.error, query.errorUpdatedAt, loadErrorTitle);
  const title = periodTitle(mode, date);
  const appointments = query.data ?? [];
  // While another period loads, the grids keep the previous one's entries (placed by their own
  // dates, so none lands on a wrong day); the day list waits, lest it say the day is empty.
  const stale = query.isPlaceholderData;

  let body;
  if (query.isPending || (mode === 'day' && stale)) body = <Spinner label="Cargando citas..." className="py-16" />;
  else if (query.isError && !query.data) {
    body = <QueryError query={query} title={loadErrorTitle} />;
  } else if (mode === 'day') body = <DayView day={date} appointments={appointments} onOpen={onOpen} deadlines={deadlines} />;
  else {
    const View = mode === 'week' ? WeekView : MonthView;
    body = <View day={date} today={today} title={title} appointments={appointments} onOpen={onOpen} onOpenDay={state.openDay} deadlines={deadlines} />;
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {appointmentMessages.calendarTitle}
      </h2>
      <CalendarToolbar
        mode={mode}
        title={title}
        busy={query.isFetching}
        onMode={state.setMode}
        onToday={() => state.setDate(today)}
        onStep={(step) => state.setDate(shiftPeriod(mode, date, step))}
      />
      <DeadlinesToggle shown={state.showDeadlines} onChange={state.setShowDeadlines} />
      {deadlines.failure}
      {body}
    </section>
  );
}
