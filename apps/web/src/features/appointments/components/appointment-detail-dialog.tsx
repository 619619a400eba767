import { Pencil, Trash2 } from 'lucide-react';
import { attendeeAnswerLabel, type Appointment } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { longDate } from '../calendar/calendar-dates';
import { displayTitle, formatSchedule, roleLabel, typeLabel } from './appointment-format';
import { AppointmentStatusBadge } from './appointment-status';
import { IcsDownloadButton } from './ics-download-button';
import { MeetLink } from './meet-link';
import { PolicyFileLink } from './policy-file-link';
import { useCanChangeAppointment } from './use-can-change-appointment';

interface AppointmentDetailDialogProps {
  /** The appointment shown; null closes the popup. */
  appointment: Appointment | null;
  onClose: () => void;
  onEdit: (appointment: Appointment) => void;
  onDelete: (appointment: Appointment) => void;
}

/**
 * The calendar's detail popup: date, schedule, description and location (spec), plus its status,
 * type, video call and attendees, 'Descargar .ics', and Editar / Eliminar for whoever may.
 */
export function AppointmentDetailDialog({ appointment, onClose, onEdit, onDelete }: AppointmentDetailDialogProps) {
  return (
    <Dialog open={appointment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {appointment ? <DetailContent appointment={appointment} onEdit={onEdit} onDelete={onDelete} /> : null}
    </Dialog>
  );
}

function DetailContent({ appointment, onEdit, onDelete }: { appointment: Appointment } & Pick<AppointmentDetailDialogProps, 'onEdit' | 'onDelete'>) {
  const canChange = useCanChangeAppointment()(appointment);
  return (
    <DialogContent title={displayTitle(appointment)} className="max-h-[90vh] max-w-xl overflow-y-auto" data-testid="appointment-detail">
      <div className="mt-2">
        <AppointmentStatusBadge status={appointment.status} />
      </div>
      <DetailList
        className="mt-4"
        items={[
          { label: 'Fecha', value: <span className="first-letter:uppercase">{longDate(appointment.date)}</span>, wide: true },
          { label: 'Horario', value: formatSchedule(appointment) },
          { label: 'Tipo', value: typeLabel(appointment.type) },
          { label: 'Descripción', value: appointment.description || 'Sin descripción', wide: true },
          { label: 'Ubicación', value: appointment.location || '—', wide: true },
          {
            label: 'Videollamada',
            value: appointment.googleMeetUrl ? <MeetLink url={appointment.googleMeetUrl} /> : 'Sin enlace',
            wide: true,
          },
          { label: 'Asistentes', value: <AttendeeList appointment={appointment} />, wide: true },
        ]}
      />
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <IcsDownloadButton appointment={appointment} variant="secondary" />
        <PolicyFileLink appointment={appointment} />
        {canChange ? (
          <>
            <Button variant="danger-outline" size="sm" onClick={() => onDelete(appointment)}>
              <Trash2 aria-hidden="true" />
              Eliminar
            </Button>
            <Button size="sm" onClick={() => onEdit(appointment)}>
              <Pencil aria-hidden="true" />
              Editar
            </Button>
          </>
        ) : null}
      </div>
    </DialogContent>
  );
}

function AttendeeList({ appointment }: { appointment: Appointment }) {
  if (appointment.attendees.length === 0) return <>Sin asistentes</>;
  return (
    <ul className="space-y-1">
      {appointment.attendees.map((attendee) => (
        <li key={attendee.id} className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{attendee.name}</span>
          <span className="text-slate-500 dark:text-slate-400">{attendee.email}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {roleLabel(attendee.role)} · {attendeeAnswerLabel(attendee)}
          </span>
        </li>
      ))}
    </ul>
  );
}
