import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  appointmentFieldLabels as labels,
  appointmentStatuses,
  appointmentStatusLabels,
  appointmentTypeLabels,
  appointmentTypes,
  type AppointmentFormValues,
} from '@portal/domain';
import { cn } from '@/lib/cn';
import { describedControl, FormField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { controlClasses } from '@/components/ui/input';
import { useFieldError } from './field-error';
import { PolicyPicker } from './policy-picker';

/** Título, Descripción, Fecha, Hora de inicio / de fin, Ubicación, Tipo, (on edit) Estatus, and Póliza. */
export function AppointmentFields({ isEdit }: { isEdit: boolean }) {
  const { register } = useFormContext<AppointmentFormValues>();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-6">
      <TextField label={labels.title} required autoComplete="off" error={useFieldError('title')} fieldClassName="sm:col-span-6" {...register('title')} />
      <DescriptionInput />
      <TextField type="date" label={labels.date} required error={useFieldError('date')} fieldClassName="sm:col-span-2" {...register('date')} />
      <TextField type="time" label={labels.startTime} required error={useFieldError('startTime')} fieldClassName="sm:col-span-2" {...register('startTime')} />
      <TextField type="time" label={labels.endTime} required error={useFieldError('endTime')} fieldClassName="sm:col-span-2" {...register('endTime')} />
      <TextField label={labels.location} required error={useFieldError('location')} fieldClassName="sm:col-span-6" {...register('location')} />
      <SelectField label={labels.type} required error={useFieldError('type')} fieldClassName={isEdit ? 'sm:col-span-3' : 'sm:col-span-6'} {...register('type')}>
        {appointmentTypes.map((type) => (
          <option key={type} value={type}>
            {appointmentTypeLabels[type]}
          </option>
        ))}
      </SelectField>
      {isEdit ? <StatusSelect /> : null}
      <PolicyPicker />
    </div>
  );
}

/** Spec: the status is set by the server on create (pending) and chosen only when editing. */
function StatusSelect() {
  const { register } = useFormContext<AppointmentFormValues>();
  return (
    <SelectField label={labels.status} required error={useFieldError('status')} fieldClassName="sm:col-span-3" {...register('status')}>
      {appointmentStatuses.map((status) => (
        <option key={status} value={status}>
          {appointmentStatusLabels[status]}
        </option>
      ))}
    </SelectField>
  );
}

function DescriptionInput() {
  const { register } = useFormContext<AppointmentFormValues>();
  const error = useFieldError('description');
  const id = useId();
  return (
    <FormField id={id} label={labels.description} error={error} className="sm:col-span-6">
      <textarea {...describedControl(id, error)} rows={3} className={cn(controlClasses, 'min-h-20 py-2')} {...register('description')} />
    </FormField>
  );
}
