import { CalendarPlus } from 'lucide-react';
import type { Appointment } from '@portal/domain';
import { DownloadButton } from '@/components/download-button';
import { downloadAppointmentIcs } from '../api';
import { icsFileName } from './appointment-format';

interface IcsDownloadButtonProps {
  appointment: Pick<Appointment, 'id'>;
  /** Id of what names the appointment (its card heading), so the button says which one. */
  describedBy?: string;
  variant?: 'ghost' | 'secondary';
}

/** 'Descargar .ics': saved as cita-{id}.ics, which Google Calendar, Outlook and Apple Calendar import. */
export function IcsDownloadButton({ appointment, describedBy, variant }: IcsDownloadButtonProps) {
  return (
    <DownloadButton
      label="Descargar .ics"
      icon={CalendarPlus}
      fetchFile={() => downloadAppointmentIcs(appointment.id)}
      fileName={icsFileName(appointment.id)}
      errorTitle="Error al descargar la cita"
      describedBy={describedBy}
      variant={variant}
    />
  );
}
