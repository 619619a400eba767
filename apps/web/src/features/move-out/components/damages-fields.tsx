import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import type { MoveOutValues } from '@portal/domain';
import type { ActaFormValues } from './form-values';

type ActaForm = UseFormReturn<ActaFormValues, unknown, MoveOutValues>;

/** 'Daños': what the tenant leaves broken, each with its amount (deducted from the deposit). */
export function DamagesFields({ form }: { form: ActaForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'damages' });
  const errors = form.formState.errors.damages;
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Daños</legend>
      {fields.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Sin daños registrados.</p> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end dark:border-slate-800">
          <TextField label={`Descripción del daño ${index + 1}`} error={errors?.[index]?.description?.message} {...form.register(`damages.${index}.description`)} />
          <TextField label={`Importe del daño ${index + 1}`} inputMode="decimal" error={errors?.[index]?.amount?.message} {...form.register(`damages.${index}.amount`)} />
          <Button type="button" variant="ghost" aria-label={`Quitar daño ${index + 1}`} onClick={() => remove(index)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button type="button" variant="secondary" size="sm" onClick={() => append({ description: '', amount: '' })}>
        <Plus aria-hidden="true" />
        Agregar daño
      </Button>
    </fieldset>
  );
}
