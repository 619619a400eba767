import { useState } from 'react';
import { CalendarPlus, Loader2 } from 'lucide-react';
import type { Appointment } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { saveBlob } from '@/lib/blob-files';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { downloadAppointmentIcs } from '../api';
import { icsFileName } from './appointment-format';

const icsButtonLabel = 'Descargar .ics';
const icsDownloadError = 'Error al descargar la cita';

interface IcsDownloadButtonProps {
  appointment: Pick<Appointment, 'id'>;
  /** Id of what names the appointment (its card heading), so the button says which one. */
  describedBy?: string;
  variant?: 'ghost' | 'secondary';
}

/**
 * 'Descargar .ics': the file needs the bearer header, so it is fetched as a blob and saved as
 * cita-{id}.ics, which Google Calendar, Outlook and Apple Calendar import.
 */
export function IcsDownloadButton({ appointment, describedBy, variant = 'ghost' }: IcsDownloadButtonProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadAppointmentIcs(appointment.id), icsFileName(appointment.id));
    } catch (error) {
      if (!isSessionExpired(error)) notify.error(icsDownloadError, errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={downloading}
      aria-busy={downloading || undefined}
      aria-describedby={describedBy}
      onClick={() => void download()}
    >
      {downloading ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CalendarPlus aria-hidden="true" />}
      {icsButtonLabel}
    </Button>
  );
}
