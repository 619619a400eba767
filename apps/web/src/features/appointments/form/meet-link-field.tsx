import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { RefreshCw } from 'lucide-react';
import { generateMeetUrl, type AppointmentFormValues } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { MeetLink } from '../components/meet-link';
import { useFieldError } from './field-error';

const meetLinkLabel = 'Enlace de videollamada';
const regenerateMeetLabel = 'Generar otro';
const generateMeetLabel = 'Generar enlace';

/**
 * The appointment's Meet-style link: made when the dialog opens for a new appointment (spec:
 * generated in the browser), shown as a link, with 'Generar otro' for a fresh one.
 */
export function MeetLinkField() {
  const { control, setValue } = useFormContext<AppointmentFormValues>();
  const url = useWatch({ control, name: 'googleMeetUrl' });
  const error = useFieldError('googleMeetUrl');
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {meetLinkLabel}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="meet-link" className="min-w-0 text-sm">
          {url ? <MeetLink url={url} /> : <span className="text-slate-500 dark:text-slate-400">Sin enlace</span>}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setValue('googleMeetUrl', generateMeetUrl(), { shouldDirty: true, shouldValidate: true })}
        >
          <RefreshCw aria-hidden="true" />
          {url ? regenerateMeetLabel : generateMeetLabel}
        </Button>
      </div>
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
