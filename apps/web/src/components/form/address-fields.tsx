import type { ComponentProps } from 'react';
import { get, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import { branchLabels } from '@portal/domain';
import { cn } from '@/lib/cn';
import { TextField } from '@/components/ui/form-field';

type BoundInputProps = Omit<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur'> & {
  name: string;
  label: string;
  hint?: string | undefined;
  fieldClassName?: string;
};

/** A text input bound to the surrounding form by `name`; it subscribes only to its own error. */
function BoundTextInput({ name, ...props }: BoundInputProps) {
  const { register } = useFormContext();
  const { errors } = useFormState({ name, exact: true });
  const error = (get(errors, name) as FieldError | undefined)?.message;
  return <TextField autoComplete="off" error={error} {...props} {...register(name)} />;
}

interface AddressFieldsProps {
  /** Where the address sits in the form's values ('address', 'property.address', …). */
  path: string;
  /** Marks the fields the schema requires (all but the interior number). */
  required?: boolean;
  /** Says 'Opcional' under the interior number. */
  markOptional?: boolean;
  className?: string;
}

/**
 * Street to zip code, labelled as the domain names them, in one grid: the branch form's address
 * and every address of the policy form. Needs a react-hook-form `FormProvider` around it.
 */
export function AddressFields({ path, required = false, markOptional = false, className }: AddressFieldsProps) {
  return (
    <div className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2', 'lg:grid-cols-4', className)}>
      <BoundTextInput name={`${path}.street`} label={branchLabels.street} required={required} fieldClassName="sm:col-span-2" />
      <BoundTextInput name={`${path}.exteriorNumber`} label={branchLabels.exteriorNumber} required={required} />
      <BoundTextInput
        name={`${path}.interiorNumber`}
        label={branchLabels.interiorNumber}
        hint={markOptional ? 'Opcional' : undefined}
      />
      <BoundTextInput name={`${path}.colony`} label={branchLabels.colony} required={required} fieldClassName="lg:col-span-2" />
      <BoundTextInput name={`${path}.municipality`} label={branchLabels.municipality} required={required} fieldClassName="lg:col-span-2" />
      <BoundTextInput name={`${path}.state`} label={branchLabels.state} required={required} fieldClassName="lg:col-span-2" />
      <BoundTextInput
        name={`${path}.zipCode`}
        label={branchLabels.zipCode}
        required={required}
        inputMode="numeric"
        maxLength={5}
        pattern="[0-9]{5}"
      />
    </div>
  );
}
