import { monthCellLimit, type Appointment } from '@portal/domain';
import { cn } from '@/lib/cn';
import { AppointmentChips, CalendarTable, groupAppointments } from './calendar-grid';
import { dayOfMonth, longDate, monthWeeks, sameMonth, shortWeekday, weekdayName } from './calendar-dates';

interface MonthViewProps {
  day: string;
  today: string;
  title: string;
  appointments: Appointment[];
  onOpen: (appointment: Appointment) => void;
  onOpenDay: (day: string) => void;
}

/**
 * 'Mes': a Monday-first grid of whole weeks; each day shows at most three appointments (spec) and
 * '+N más', which opens that day. On a phone the grid scrolls sideways.
 */
export function MonthView({ day, today, title, appointments, onOpen, onOpenDay }: MonthViewProps) {
  const weeks = monthWeeks(day);
  const byDay = groupAppointments(appointments, (appointment) => appointment.date);

  return (
    <CalendarTable title={title} testId="calendar-month">
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            {weeks[0]!.map((column) => (
              <th key={column} scope="col" abbr={weekdayName(column)} className="px-2 py-2 text-center text-xs font-semibold text-slate-600 capitalize dark:text-slate-300">
                {shortWeekday(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]} className="border-t border-slate-100 dark:border-slate-800">
              {week.map((cell) => {
                const items = byDay.get(cell) ?? [];
                const shown = items.slice(0, monthCellLimit);
                const more = items.length - shown.length;
                const outside = !sameMonth(cell, day);
                return (
                  <td
                    key={cell}
                    data-testid={`month-day-${cell}`}
                    data-outside={outside || undefined}
                    className={cn(
                      'h-28 border-l border-slate-100 p-1 align-top first:border-l-0 dark:border-slate-800',
                      outside && 'bg-slate-50/70 dark:bg-slate-950/40',
                    )}
                  >
                    <button
                      type="button"
                      aria-label={`Ver el día ${longDate(cell)}`}
                      aria-current={cell === today ? 'date' : undefined}
                      onClick={() => onOpenDay(cell)}
                      className={cn(
                        'mb-0.5 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-xs font-medium tabular-nums hover:bg-slate-100 dark:hover:bg-slate-800',
                        'focus-visible:outline-2 focus-visible:outline-brand-500',
                        outside ? 'text-slate-400 dark:text-slate-500' : 'text-slate-700 dark:text-slate-200',
                        cell === today && 'bg-brand-600 text-white hover:bg-brand-700 dark:text-white dark:hover:bg-brand-500',
                      )}
                    >
                      {dayOfMonth(cell)}
                    </button>
                    <AppointmentChips appointments={shown} onOpen={onOpen} />
                    {more > 0 ? (
                      <button
                        type="button"
                        title={`Ver las ${items.length} citas del ${longDate(cell)}`}
                        onClick={() => onOpenDay(cell)}
                        className="mt-0.5 cursor-pointer rounded px-1.5 text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
                      >
                        +{more} más
                      </button>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
    </CalendarTable>
  );
}
