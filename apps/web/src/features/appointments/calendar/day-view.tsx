import { MapPin } from 'lucide-react';
import { appointmentMessages, type Appointment } from '@portal/domain';
import { cn } from '@/lib/cn';
import type { CalendarDeadlines } from '@/features/claims';
import { appointmentButtonName, byStart, displayTitle, formatSchedule } from '../components/appointment-format';
import { AppointmentStatusBadge, styleOf } from '../components/appointment-status';

interface DayViewProps {
  day: string;
  appointments: Appointment[];
  onOpen: (appointment: Appointment) => void;
  /** The incidencias' deadlines of the day, above its appointments. */
  deadlines?: CalendarDeadlines;
}

/** 'Día': the day's appointments in time order, or 'No hay citas para este día.' */
export function DayView({ day, appointments, onOpen, deadlines }: DayViewProps) {
  const rows = deadlines?.rows(day);
  if (!rows) return <DayAppointments day={day} appointments={appointments} onOpen={onOpen} />;
  return (
    <div className="space-y-3">
      {rows}
      <DayAppointments day={day} appointments={appointments} onOpen={onOpen} />
    </div>
  );
}

function DayAppointments({ day, appointments, onOpen }: DayViewProps) {
  const items = appointments.filter((appointment) => appointment.date === day).sort(byStart);
  if (items.length === 0) {
    return (
      <p data-testid="calendar-day" className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {appointmentMessages.emptyDay}
      </p>
    );
  }
  return (
    <ul data-testid="calendar-day" aria-label="Citas del día" className="space-y-2">
      {items.map((appointment) => {
        const style = styleOf(appointment.status);
        return (
          <li key={appointment.id}>
            <button
              type="button"
              aria-label={appointmentButtonName(appointment)}
              data-testid={`calendar-appointment-${appointment.id}`}
              onClick={() => onOpen(appointment)}
              className={cn(
                'flex w-full cursor-pointer flex-col gap-1 rounded-lg border-l-4 px-4 py-3 text-left sm:flex-row sm:items-center sm:gap-4',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                style.stripe,
                style.chip,
              )}
            >
              <span className="w-28 shrink-0 text-sm font-semibold tabular-nums">{formatSchedule(appointment)}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{displayTitle(appointment)}</span>
                {appointment.location ? (
                  <span className="flex items-center gap-1 text-xs opacity-80">
                    <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="truncate">{appointment.location}</span>
                  </span>
                ) : null}
              </span>
              <AppointmentStatusBadge status={appointment.status} className="self-start sm:self-center" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
