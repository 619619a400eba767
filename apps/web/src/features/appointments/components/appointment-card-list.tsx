import { useId } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { attendeeAnswerLabel, type Appointment } from '@portal/domain';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { longDate } from '../calendar/calendar-dates';
import { displayTitle, formatSchedule, typeLabel } from './appointment-format';
import { AppointmentStatusBadge, styleOf } from './appointment-status';
import { IcsDownloadButton } from './ics-download-button';
import { MeetLink } from './meet-link';
import { PolicyFileLink } from './policy-file-link';
import { useCanChangeAppointment } from './use-can-change-appointment';

interface CardActions {
  onEdit: (appointment: Appointment) => void;
  onDelete: (appointment: Appointment) => void;
}

/** The list view: one card per appointment, its status in colour, icon and words. */
export function AppointmentCardList({ items, ...actions }: { items: Appointment[] } & CardActions) {
  const canChange = useCanChangeAppointment();
  return (
    <ul aria-label="Citas" className="space-y-3">
      {items.map((appointment) => (
        <AppointmentCard key={appointment.id} appointment={appointment} canChange={canChange(appointment)} {...actions} />
      ))}
    </ul>
  );
}

function AppointmentCard({ appointment, canChange, onEdit, onDelete }: { appointment: Appointment; canChange: boolean } & CardActions) {
  const headingId = useId();
  // Who answered the invitation (issue 20): 'Lucía Hernández (Confirmó), Roberto Sánchez (Sin respuesta)'.
  const names = appointment.attendees.map((attendee) => `${attendee.name} (${attendeeAnswerLabel(attendee)})`).join(', ');
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid={`appointment-card-${appointment.id}`}
        className={cn(
          'rounded-xl border-y border-r border-l-4 border-y-slate-200 border-r-slate-200 bg-white p-4 shadow-sm',
          'dark:border-y-slate-800 dark:border-r-slate-800 dark:bg-slate-900',
          styleOf(appointment.status).stripe,
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">
            {displayTitle(appointment)}
          </h2>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        <DetailList
          className="mt-3 sm:grid-cols-4"
          items={[
            { label: 'Fecha', value: longDate(appointment.date) },
            { label: 'Horario', value: formatSchedule(appointment) },
            { label: 'Ubicación', value: appointment.location || '—' },
            { label: 'Tipo', value: typeLabel(appointment.type) },
            ...(appointment.description ? [{ label: 'Descripción', value: appointment.description, wide: true }] : []),
            { label: 'Asistentes', value: names || 'Sin asistentes', wide: true },
          ]}
        />
        {appointment.googleMeetUrl ? (
          <p className="mt-3 min-w-0 text-sm">
            <MeetLink url={appointment.googleMeetUrl} />
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {canChange ? (
            <>
              <Button variant="secondary" size="sm" aria-describedby={headingId} onClick={() => onEdit(appointment)}>
                <Pencil aria-hidden="true" />
                Editar
              </Button>
              <Button variant="danger-outline" size="sm" aria-describedby={headingId} onClick={() => onDelete(appointment)}>
                <Trash2 aria-hidden="true" />
                Eliminar
              </Button>
            </>
          ) : null}
          <IcsDownloadButton appointment={appointment} describedBy={headingId} />
          <PolicyFileLink appointment={appointment} describedBy={headingId} />
        </div>
      </article>
    </li>
  );
}
