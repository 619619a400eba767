import { useId } from 'react';
import { useFormContext, useFormState, type FieldPath } from 'react-hook-form';
import { addendumFieldLabels as labels, addendumStatusLabels, addendumStatuses, type AddendumFormValues } from '@portal/domain';
import { cn } from '@/lib/cn';
import { describedControl, FormField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { controlClasses, Input } from '@/components/ui/input';

type AddendumField = FieldPath<AddendumFormValues>;

function useFieldError(name: AddendumField): string | undefined {
  const { errors } = useFormState<AddendumFormValues>({ name, exact: true });
  return errors[name]?.message;
}

/** Description, amount, both dates and the status: the fields every addendum has. */
export function AddendumFields() {
  return (
    <>
      <DescriptionInput />
      <AmountInput />
      <DateInput name="startDate" />
      <DateInput name="endDate" />
      <StatusSelect />
    </>
  );
}

function DescriptionInput() {
  const { register } = useFormContext<AddendumFormValues>();
  const error = useFieldError('description');
  const id = useId();
  return (
    <FormField id={id} label={labels.description} error={error} required className="sm:col-span-2">
      <textarea
        {...describedControl(id, error)}
        aria-required
        rows={3}
        className={cn(controlClasses, 'min-h-20 py-2')}
        {...register('description')}
      />
    </FormField>
  );
}

/** Pesos: a '$' before and 'MXN' after; spec: min 0, step 0.01 (the schema wants more than zero). */
function AmountInput() {
  const { register } = useFormContext<AddendumFormValues>();
  const error = useFieldError('amount');
  const id = useId();
  return (
    <FormField id={id} label={labels.amount} error={error} required>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
          $
        </span>
        <Input
          {...describedControl(id, error)}
          aria-required
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="0.00"
          className="pr-14 pl-7"
          {...register('amount')}
        />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-medium text-slate-500">
          MXN
        </span>
      </div>
    </FormField>
  );
}

function DateInput({ name }: { name: 'startDate' | 'endDate' }) {
  const { register } = useFormContext<AddendumFormValues>();
  return <TextField type="date" label={labels[name]} required error={useFieldError(name)} {...register(name)} />;
}

function StatusSelect() {
  const { register } = useFormContext<AddendumFormValues>();
  return (
    <SelectField label={labels.status} required error={useFieldError('status')} {...register('status')}>
      {addendumStatuses.map((status) => (
        <option key={status} value={status}>
          {addendumStatusLabels[status]}
        </option>
      ))}
    </SelectField>
  );
}
