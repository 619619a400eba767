import type { Appointment } from '@portal/domain';
import { cn } from '@/lib/cn';
import { appointmentButtonName, displayTitle, shortTime, statusLabel } from '../components/appointment-format';
import { styleOf } from '../components/appointment-status';

interface AppointmentChipProps {
  appointment: Appointment;
  onOpen: (appointment: Appointment) => void;
  className?: string;
}

/**
 * An appointment in a calendar grid: a button named '{title}, {HH:mm}' that opens its detail.
 * The colour repeats the status, which the tooltip (and the detail) say in words.
 */
export function AppointmentChip({ appointment, onOpen, className }: AppointmentChipProps) {
  const style = styleOf(appointment.status);
  return (
    <button
      type="button"
      aria-label={appointmentButtonName(appointment)}
      title={`${appointmentButtonName(appointment)} · ${statusLabel(appointment.status)}`}
      data-testid={`calendar-appointment-${appointment.id}`}
      onClick={() => onOpen(appointment)}
      className={cn(
        'flex w-full min-w-0 cursor-pointer items-baseline gap-1 rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs leading-5',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
        style.stripe,
        style.chip,
        className,
      )}
    >
      <span className="shrink-0 font-semibold tabular-nums">{shortTime(appointment.startTime)}</span>
      <span className="min-w-0 truncate">{displayTitle(appointment)}</span>
    </button>
  );
}
