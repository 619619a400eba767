import type { Appointment } from '@portal/domain';
import { cn } from '@/lib/cn';
import type { CalendarDeadlines } from '@/features/claims';
import { AppointmentChips, CalendarTable, groupAppointments } from './calendar-grid';
import { calendarHourRows, dayOfMonth, hourLabel, hourRow, longDate, shortWeekday, weekDays, weekdayName } from './calendar-dates';

interface WeekViewProps {
  day: string;
  today: string;
  title: string;
  appointments: Appointment[];
  onOpen: (appointment: Appointment) => void;
  onOpenDay: (day: string) => void;
  /** The incidencias' deadlines: a 'Términos' row above the hours when the week has any. */
  deadlines?: CalendarDeadlines;
}

/**
 * 'Semana': Monday to Sunday across, 8:00 to 18:00 down (spec: 11 rows); each appointment in the
 * row of its start hour. On a phone the grid scrolls sideways.
 */
export function WeekView({ day, today, title, appointments, onOpen, onOpenDay, deadlines }: WeekViewProps) {
  const days = weekDays(day);
  const cells = groupAppointments(appointments, (appointment) => `${appointment.date}|${hourRow(appointment.startTime)}`);

  return (
    <CalendarTable title={title} testId="calendar-week">
        <colgroup>
          <col className="w-16" />
        </colgroup>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            <th scope="col" className="px-2 py-2 text-xs font-medium text-slate-500">
              <span className="sr-only">Hora</span>
            </th>
            {days.map((column) => (
              <th key={column} scope="col" abbr={weekdayName(column)} className="px-1 py-1.5 text-center">
                <button
                  type="button"
                  aria-label={`Ver el día ${longDate(column)}`}
                  aria-current={column === today ? 'date' : undefined}
                  onClick={() => onOpenDay(column)}
                  className={cn(
                    'inline-flex cursor-pointer flex-col items-center rounded-md px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                    'focus-visible:outline-2 focus-visible:outline-brand-500',
                    column === today && 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
                  )}
                >
                  <span className="capitalize">{shortWeekday(column)}</span>
                  <span className="text-base font-semibold tabular-nums">{dayOfMonth(column)}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {deadlines?.any(days) ? (
            <tr data-testid="week-row-deadlines">
              <th scope="row" className="px-2 py-1 text-right align-top text-xs font-medium text-slate-500 dark:text-slate-400">
                Términos
              </th>
              {days.map((column) => (
                <td key={column} className="border-l border-slate-100 p-0.5 align-top dark:border-slate-800">
                  {deadlines.chips(column)}
                </td>
              ))}
            </tr>
          ) : null}
          {calendarHourRows.map((hour) => (
            <tr key={hour} data-testid={`week-row-${hour}`}>
              <th scope="row" className="px-2 py-1 text-right align-top text-xs font-medium whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
                {hourLabel(hour)}
              </th>
              {days.map((column) => {
                const items = cells.get(`${column}|${hour}`) ?? [];
                return (
                  <td
                    key={column}
                    data-testid={`week-cell-${column}-${hour}`}
                    className={cn('h-12 border-l border-slate-100 p-0.5 align-top dark:border-slate-800', column === today && 'bg-brand-50/40 dark:bg-brand-950/20')}
                  >
                    <AppointmentChips appointments={items} onOpen={onOpen} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
    </CalendarTable>
  );
}
