import type { ReactNode } from 'react';
import { appointmentMessages, monthCellLimit, type Appointment } from '@portal/domain';
import { cn } from '@/lib/cn';
import type { CalendarDeadlines } from '@/features/claims';
import { AppointmentChips, CalendarTable, groupAppointments } from './calendar-grid';
import { dayOfMonth, longDate, monthWeeks, sameMonth, shortWeekday, weekdayName } from './calendar-dates';

interface MonthViewProps {
  day: string;
  today: string;
  title: string;
  appointments: Appointment[];
  onOpen: (appointment: Appointment) => void;
  onOpenDay: (day: string) => void;
  /** The incidencias' deadlines, above each day's appointments. */
  deadlines?: CalendarDeadlines;
}

/**
 * 'Mes': a Monday-first grid of whole weeks; each day shows at most three appointments (spec) and
 * '+N más', which opens that day. On a phone (issue 20) all seven days fit: a cell shows its
 * number and how many appointments it has (a dot and a count, a button that opens the day), and
 * the chosen day's appointments are listed below the grid.
 */
export function MonthView({ day, today, title, appointments, onOpen, onOpenDay, deadlines }: MonthViewProps) {
  const weeks = monthWeeks(day);
  const byDay = groupAppointments(appointments, (appointment) => appointment.date);

  return (
    <>
    <CalendarTable title={title} testId="calendar-month" fitsPhone>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            {weeks[0]!.map((column) => (
              <th key={column} scope="col" abbr={weekdayName(column)} className="px-0.5 py-2 text-center text-xs font-semibold text-slate-600 capitalize sm:px-2 dark:text-slate-300">
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
                      'h-14 border-l border-slate-100 p-0.5 text-center align-top first:border-l-0 sm:h-28 sm:p-1 sm:text-left dark:border-slate-800',
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
                    {items.length > 0 ? <PhoneDayCount day={cell} count={items.length} onOpenDay={onOpenDay} /> : null}
                    {deadlines?.count(cell)}
                    <div className="hidden sm:block">
                      {deadlines?.chips(cell)}
                      <AppointmentChips appointments={shown} onOpen={onOpen} />
                    </div>
                    {more > 0 ? (
                      <button
                        type="button"
                        title={`Ver las ${items.length} citas del ${longDate(cell)}`}
                        onClick={() => onOpenDay(cell)}
                        className="mt-0.5 hidden cursor-pointer rounded px-1.5 text-xs font-medium text-brand-700 hover:underline sm:inline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
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
    <ChosenDayList day={day} appointments={byDay.get(day) ?? []} onOpen={onOpen} deadlines={deadlines?.chips(day)} />
    </>
  );
}

/** On a phone, a day's appointments as a dot and a count: a button that opens the day. */
function PhoneDayCount({ day, count, onOpenDay }: { day: string; count: number; onOpenDay: (day: string) => void }) {
  return (
    <button
      type="button"
      aria-label={`${count} ${count === 1 ? 'cita' : 'citas'} el ${longDate(day)}`}
      onClick={() => onOpenDay(day)}
      className="inline-flex cursor-pointer items-center gap-0.5 rounded px-1 text-xs font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 sm:hidden dark:text-brand-300"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600 dark:bg-brand-400" />
      {count}
    </button>
  );
}

/** On a phone, below the grid: the chosen day's appointments (today's unless another day is chosen). */
function ChosenDayList({ day, appointments, onOpen, deadlines }: { day: string; appointments: Appointment[]; onOpen: (appointment: Appointment) => void; deadlines: ReactNode }) {
  return (
    <section aria-label={`Citas del ${longDate(day)}`} data-testid="month-day-list" className="mt-3 space-y-2 sm:hidden">
      <h2 className="text-sm font-semibold text-slate-700 first-letter:uppercase dark:text-slate-200">{longDate(day)}</h2>
      {deadlines}
      {appointments.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{appointmentMessages.emptyDay}</p>
      ) : (
        <AppointmentChips appointments={appointments} onOpen={onOpen} />
      )}
    </section>
  );
}
