import { Link } from 'react-router';
import { CalendarDays } from 'lucide-react';
import { attendeeAnswerLabel, type Appointment } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-panels';
import { AppointmentStatusBadge, displayTitle, formatSchedule, longDate, typeLabel } from '@/features/appointments';
import { FileSection } from './file-section';

function AppointmentLine({ appointment }: { appointment: Appointment }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <div className="min-w-0 flex-1 basis-60">
        <p className="text-sm font-medium break-words text-slate-900 dark:text-white">{displayTitle(appointment)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400 first-letter:uppercase">
          {longDate(appointment.date)}, {formatSchedule(appointment)} · {typeLabel(appointment.type)}
        </p>
        {appointment.location ? <p className="text-sm break-words text-slate-600 dark:text-slate-400">{appointment.location}</p> : null}
        {/* Issue 20: who answered the invitation. */}
        {appointment.attendees.length > 0 ? (
          <p className="text-sm break-words text-slate-600 dark:text-slate-400">
            {appointment.attendees.map((attendee) => `${attendee.name} (${attendeeAnswerLabel(attendee)})`).join(', ')}
          </p>
        ) : null}
      </div>
      <AppointmentStatusBadge status={appointment.status} />
    </li>
  );
}

/** 'Citas' that name this policy, in calendar order; they are managed on the appointments screen. */
export function AppointmentsSection({ appointments }: { appointments: Appointment[] | undefined }) {
  const toAppointments = (
    <Button asChild variant="secondary" size="sm">
      <Link to={paths.appointments.to()}>
        <CalendarDays aria-hidden="true" />
        Ir a Control de Citas
      </Link>
    </Button>
  );
  return (
    <FileSection id="citas" title="Citas" actions={toAppointments} className="print:hidden">
      {appointments === undefined ? null : appointments.length === 0 ? (
        <EmptyState title="Sin citas para esta póliza" description="Al agendar una cita en Control de Citas se puede elegir esta póliza." />
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {appointments.map((appointment) => (
              <AppointmentLine key={appointment.id} appointment={appointment} />
            ))}
          </ul>
        </Card>
      )}
    </FileSection>
  );
}
