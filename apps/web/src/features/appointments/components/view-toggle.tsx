import { CalendarDays, List } from 'lucide-react';
import { appointmentMessages } from '@portal/domain';
import { cn } from '@/lib/cn';
import type { AppointmentsView } from './use-appointments-view';

const options = [
  { view: 'list', label: appointmentMessages.listView, icon: List },
  { view: 'calendar', label: appointmentMessages.calendarView, icon: CalendarDays },
] as const;

/** 'Ver Lista' / 'Ver Calendario': two toggle buttons, the one shown pressed. */
export function ViewToggle({ view, onChange }: { view: AppointmentsView; onChange: (view: AppointmentsView) => void }) {
  return (
    <div role="group" aria-label="Vista" className="inline-flex self-start rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
      {options.map((option) => {
        const Icon = option.icon;
        return (
          <button
            key={option.view}
            type="button"
            aria-pressed={view === option.view}
            onClick={() => onChange(option.view)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
              view === option.view ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
