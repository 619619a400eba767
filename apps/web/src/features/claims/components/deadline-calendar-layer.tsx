import { useId, type ReactNode } from 'react';
import type { ClaimCalendarEntry } from '@portal/domain';
import { Label } from '@/components/ui/label';
import { useClaimDeadlines } from '../api/list';
import { DeadlineChips, DeadlineCount, DeadlineRows } from './deadline-calendar-marks';

/**
 * What the appointments' calendar shows of the incidencias' deadlines (issue 33), day by day:
 * chips for a grid's cell, a count for a phone's month cell, rows for the day view. Each is null
 * on a day without deadlines (or while they are hidden or loading).
 */
export interface CalendarDeadlines {
  chips: (day: string) => ReactNode;
  count: (day: string) => ReactNode;
  rows: (day: string) => ReactNode;
  /** Whether any deadline falls in these days (the week's 'Términos' row shows only then). */
  any: (days: string[]) => boolean;
  /** Said beside the calendar when they could not be read. */
  failure: ReactNode;
}

/** The deadlines between `from` and `to` ('YYYY-MM-DD', the calendar's visible days), asked only while `shown`. */
export function useCalendarDeadlines(from: string, to: string, shown: boolean): CalendarDeadlines {
  const query = useClaimDeadlines(from, to, shown);
  const byDay = new Map<string, ClaimCalendarEntry[]>();
  if (shown) {
    const sorted = [...(query.data ?? [])].sort((a, b) => Number(b.missed) - Number(a.missed) || a.claimNumber.localeCompare(b.claimNumber));
    for (const entry of sorted) byDay.set(entry.dueOn, [...(byDay.get(entry.dueOn) ?? []), entry]);
  }
  const of = (day: string) => byDay.get(day) ?? [];
  return {
    chips: (day) => (of(day).length ? <DeadlineChips entries={of(day)} /> : null),
    count: (day) => (of(day).length ? <DeadlineCount entries={of(day)} /> : null),
    rows: (day) => (of(day).length ? <DeadlineRows entries={of(day)} /> : null),
    any: (days) => days.some((day) => of(day).length > 0),
    failure:
      shown && query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          No se pudieron cargar los términos de incidencias.
        </p>
      ) : null,
  };
}

/** 'Mostrar términos de incidencias' (on unless the user turned it off). */
export function DeadlinesToggle({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={shown} onChange={(event) => onChange(event.target.checked)} className="size-4 cursor-pointer accent-brand-600" />
      <Label htmlFor={id} className="cursor-pointer">
        Mostrar términos de incidencias
      </Label>
    </div>
  );
}
