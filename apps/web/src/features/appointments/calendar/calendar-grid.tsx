import { cn } from '@/lib/cn';
import type { ReactNode } from 'react';
import type { Appointment } from '@portal/domain';
import { byStart } from '../components/appointment-format';
import { AppointmentChip } from './appointment-chip';

/**
 * The month and week grids' frame: a labelled, keyboard-scrollable region (phones scroll it
 * sideways) around a fixed-layout table captioned with the period.
 */
export function CalendarTable({ title, testId, fitsPhone = false, children }: { title: string; testId: string; fitsPhone?: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={title}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900"
    >
      {/* The week and day grids scroll sideways on a phone; the month fits its seven columns (issue 20). */}
      <table data-testid={testId} className={cn('w-full table-fixed border-collapse text-sm', fitsPhone ? 'sm:min-w-[48rem]' : 'min-w-[48rem]')}>
        <caption className="sr-only">{title}</caption>
        {children}
      </table>
    </div>
  );
}

/** A cell's appointments, as chips that open the detail. */
export function AppointmentChips({ appointments, onOpen }: { appointments: Appointment[]; onOpen: (appointment: Appointment) => void }) {
  if (appointments.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <AppointmentChip appointment={appointment} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/** Appointments in start order, grouped by the cell `keyOf` puts them in. */
export function groupAppointments(appointments: Appointment[], keyOf: (appointment: Appointment) => string): Map<string, Appointment[]> {
  const groups = new Map<string, Appointment[]>();
  for (const appointment of [...appointments].sort(byStart)) {
    const key = keyOf(appointment);
    groups.set(key, [...(groups.get(key) ?? []), appointment]);
  }
  return groups;
}
