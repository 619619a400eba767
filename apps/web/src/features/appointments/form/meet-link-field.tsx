import { useFormContext, useWatch } from 'react-hook-form';
import { RefreshCw } from 'lucide-react';
import { generateVideoRoomUrl, isHttpsUrl, type AppointmentFormValues } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { MeetLink } from '../components/meet-link';
import { useFieldError } from './field-error';

const meetLinkLabel = 'Enlace de videollamada';
const meetLinkHint = 'Una sala de Jitsi Meet generada aquí, o pegue un enlace https:// de Meet, Zoom o Teams.';
const regenerateMeetLabel = 'Generar otro';
const generateMeetLabel = 'Generar enlace';

/**
 * The appointment's video link (issue 20): a Jitsi Meet room made when the dialog opens for a new
 * appointment ('Generar otro' for a fresh one), or a Meet/Zoom/Teams link pasted over it. The
 * server accepts only https:// links; the preview shows only those.
 */
export function MeetLinkField() {
  const { control, register, setValue } = useFormContext<AppointmentFormValues>();
  const url = useWatch({ control, name: 'googleMeetUrl' });
  const error = useFieldError('googleMeetUrl');
  return (
    <div className="space-y-2">
      <TextField type="url" inputMode="url" autoComplete="off" maxLength={1000} label={meetLinkLabel} hint={meetLinkHint} error={error} {...register('googleMeetUrl')} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="meet-link" className="min-w-0 text-sm">
          {url && isHttpsUrl(url) ? <MeetLink url={url} /> : <span className="text-slate-500 dark:text-slate-400">Sin enlace</span>}
        </p>
        <Button variant="secondary" size="sm" onClick={() => setValue('googleMeetUrl', generateVideoRoomUrl(), { shouldDirty: true, shouldValidate: true })}>
          <RefreshCw aria-hidden="true" />
          {url ? regenerateMeetLabel : generateMeetLabel}
        </Button>
      </div>
    </div>
  );
}
