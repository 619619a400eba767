import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Trash2, UserPlus } from 'lucide-react';
import { appointmentFieldLabels as labels, attendeeRoleLabels, attendeeRoles, type AppointmentFormValues } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { newAttendee } from './appointment-form-values';
import { useFieldError } from './field-error';

const addAttendeeLabel = 'Agregar asistente';
const confirmedLabel = 'Confirmado';
const attendeeLegend = (index: number) => `Asistente ${index + 1}`;
const removeAttendeeLabel = (index: number) => `Quitar asistente ${index + 1}`;

/**
 * 'Asistentes': a row per person (Nombre, Correo electrónico, Rol; Confirmado on edit), added and
 * removed at will. A stored attendee keeps its id in the form, so the server updates that row.
 */
export function AttendeesSection({ isEdit }: { isEdit: boolean }) {
  const { control } = useFormContext<AppointmentFormValues>();
  // `fields[i].id` is the array's own render key; the attendee's stored id stays in the values.
  const { fields, append, remove } = useFieldArray({ control, name: 'attendees' });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
          Asistentes
        </h3>
        <Button variant="secondary" size="sm" onClick={() => append(newAttendee())}>
          <UserPlus aria-hidden="true" />
          {addAttendeeLabel}
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Sin asistentes. Use «{addAttendeeLabel}» para invitar a alguien.</p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, index) => (
            <li key={field.id}>
              <AttendeeRow index={index} isEdit={isEdit} onRemove={() => remove(index)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AttendeeRow({ index, isEdit, onRemove }: { index: number; isEdit: boolean; onRemove: () => void }) {
  const { register } = useFormContext<AppointmentFormValues>();
  const checkboxId = useId();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid={`attendee-row-${index}`}>
      <legend className="px-1 text-xs font-medium text-slate-500 dark:text-slate-400">{attendeeLegend(index)}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-12 sm:items-start">
        <TextField
          label={labels.attendeeName}
          required
          autoComplete="off"
          error={useFieldError(`attendees.${index}.name`)}
          fieldClassName="sm:col-span-4"
          {...register(`attendees.${index}.name`)}
        />
        <TextField
          type="email"
          label={labels.attendeeEmail}
          required
          autoComplete="off"
          error={useFieldError(`attendees.${index}.email`)}
          fieldClassName="sm:col-span-4"
          {...register(`attendees.${index}.email`)}
        />
        <SelectField label={labels.attendeeRole} required error={useFieldError(`attendees.${index}.role`)} fieldClassName="sm:col-span-3" {...register(`attendees.${index}.role`)}>
          {attendeeRoles.map((role) => (
            <option key={role} value={role}>
              {attendeeRoleLabels[role]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-center justify-between gap-3 sm:col-span-1 sm:justify-end sm:pt-7">
          <Button
            variant="ghost"
            size="icon"
            aria-label={removeAttendeeLabel(index)}
            onClick={onRemove}
            className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        {isEdit ? (
          <div className="flex items-center gap-2 sm:col-span-12">
            <input
              id={checkboxId}
              type="checkbox"
              className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600"
              {...register(`attendees.${index}.confirmed`)}
            />
            <label htmlFor={checkboxId} className="cursor-pointer text-sm text-slate-700 dark:text-slate-300">
              {confirmedLabel}
            </label>
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
