import { appointmentWhenLabels, appointmentWhens, type AppointmentWhen } from '@portal/domain';
import { cn } from '@/lib/cn';

/** 'Próximas' / 'Pasadas' / 'Todas' (issue 20): toggle buttons, the one shown pressed. */
export function ListTabs({ when, onChange }: { when: AppointmentWhen; onChange: (when: AppointmentWhen) => void }) {
  return (
    <div role="group" aria-label="Mostrar citas" className="inline-flex self-start rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
      {appointmentWhens.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={when === option}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex h-8 cursor-pointer items-center rounded-md px-3 text-sm font-medium whitespace-nowrap',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
            when === option ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {appointmentWhenLabels[option]}
        </button>
      ))}
    </div>
  );
}
