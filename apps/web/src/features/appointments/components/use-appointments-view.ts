import { useSearchParams } from 'react-router';
import { calendarModes, parseDay, todayInBusinessZone, type CalendarMode } from '../calendar/calendar-dates';

export type AppointmentsView = 'list' | 'calendar';

/**
 * Which view the screen shows, kept in the URL (?view=calendar&mode=week&date=2026-11-23) so a
 * reload, a shared link or the back button keep the place. Defaults: the list; the calendar by
 * month, on today's date in Mexico City.
 */
export function useAppointmentsView() {
  const [params, setParams] = useSearchParams();
  const view: AppointmentsView = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const modeParam = params.get('mode');
  const mode: CalendarMode = calendarModes.includes(modeParam as CalendarMode) ? (modeParam as CalendarMode) : 'month';
  const today = todayInBusinessZone();
  const dateParam = params.get('date');
  // The incidencias' deadlines show unless turned off (issue 33): only 'off' is kept in the URL.
  const showDeadlines = params.get('terminos') !== 'ocultos';
  const date = parseDay(dateParam) ? dateParam! : today;

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  return {
    view,
    mode,
    date,
    today,
    showDeadlines,
    setShowDeadlines: (shown: boolean) => update({ terminos: shown ? null : 'ocultos' }),
    setView: (next: AppointmentsView) => update({ view: next === 'calendar' ? 'calendar' : null }),
    setMode: (next: CalendarMode) => update({ mode: next }),
    setDate: (next: string) => update({ date: next === today ? null : next }),
    /** '+N más' and a day's number: that day, in the day view. */
    openDay: (day: string) => update({ mode: 'day', date: day === today ? null : day }),
  };
}

export type AppointmentsViewState = ReturnType<typeof useAppointmentsView>;
