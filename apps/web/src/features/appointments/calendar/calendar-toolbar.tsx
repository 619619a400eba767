import { ChevronLeft, ChevronRight } from 'lucide-react';
import { appointmentMessages } from '@portal/domain';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { calendarModeLabels, calendarModes, type CalendarMode } from './calendar-dates';

interface CalendarToolbarProps {
  mode: CalendarMode;
  title: string;
  busy: boolean;
  onMode: (mode: CalendarMode) => void;
  onToday: () => void;
  onStep: (step: 1 | -1) => void;
}

/** 'Hoy', previous and next, the period in words, and 'Día' / 'Semana' / 'Mes'. */
export function CalendarToolbar({ mode, title, busy, onMode, onToday, onStep }: CalendarToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onToday}>
          {appointmentMessages.today}
        </Button>
        <Button variant="ghost" size="icon" aria-label="Periodo anterior" onClick={() => onStep(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Periodo siguiente" onClick={() => onStep(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <p
          data-testid="calendar-period"
          aria-live="polite"
          aria-busy={busy || undefined}
          className="min-w-0 text-base font-semibold text-slate-900 first-letter:uppercase dark:text-white"
        >
          {title}
        </p>
      </div>
      <div role="group" aria-label="Vista del calendario" className="inline-flex self-start rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
        {calendarModes.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            onClick={() => onMode(option)}
            className={cn(
              'h-8 cursor-pointer rounded-md px-3 text-sm font-medium',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
              mode === option
                ? 'bg-brand-600 text-white'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            {calendarModeLabels[option]}
          </button>
        ))}
      </div>
    </div>
  );
}
