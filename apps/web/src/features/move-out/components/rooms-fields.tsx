import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { roomConditionLabels, roomConditions, type MoveOutActa, type MoveOutValues } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { newRoomKey, type ActaFormValues } from './form-values';
import { RoomPhotos } from './room-photos';

type ActaForm = UseFormReturn<ActaFormValues, unknown, MoveOutValues>;

/** 'Habitaciones': each room's state and notes, and its photos once the room is saved. */
export function RoomsFields({ form, acta, canEdit }: { form: ActaForm; acta: MoveOutActa; canEdit: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rooms', keyName: 'fieldId' });
  const errors = form.formState.errors.rooms;
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Habitaciones</legend>
      {fields.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Agregue las habitaciones que se revisan (sala, cocina, baño…).</p> : null}
      {fields.map((field, index) => {
        const saved = acta.rooms.find((room) => room.key === field.key);
        return (
          <div key={field.fieldId} className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
              <TextField label={`Habitación ${index + 1}`} error={errors?.[index]?.name?.message} {...form.register(`rooms.${index}.name`)} />
              <SelectField label={`Estado de la habitación ${index + 1}`} error={errors?.[index]?.condition?.message} {...form.register(`rooms.${index}.condition`)}>
                {roomConditions.map((condition) => (
                  <option key={condition} value={condition}>
                    {roomConditionLabels[condition]}
                  </option>
                ))}
              </SelectField>
              <Button type="button" variant="ghost" aria-label={`Quitar habitación ${index + 1}`} onClick={() => remove(index)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <TextField label={`Observaciones de la habitación ${index + 1}`} error={errors?.[index]?.notes?.message} {...form.register(`rooms.${index}.notes`)} />
            {saved ? (
              <RoomPhotos policyId={acta.policyId} room={saved} canUpload={canEdit && acta.state === 'draft'} />
            ) : (
              <p className="text-xs text-slate-500 dark:text-slate-400">Guarde el acta para agregar fotos a esta habitación.</p>
            )}
          </div>
        );
      })}
      <Button type="button" variant="secondary" size="sm" onClick={() => append({ key: newRoomKey(), name: '', condition: 'good', notes: '' })}>
        <Plus aria-hidden="true" />
        Agregar habitación
      </Button>
    </fieldset>
  );
}
