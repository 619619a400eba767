import { useId, type ComponentProps } from 'react';
import { describedControl, FormField } from './form-field';
import { Select } from './select';

// Apart from form-field.tsx: a page with text fields only (/login) then loads no select code.

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string; hint?: string; fieldClassName?: string };

export function SelectField({ label, error, hint, fieldClassName, id, required, children, ...props }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      <Select {...describedControl(fieldId, error, hint)} aria-required={required || undefined} {...props}>
        {children}
      </Select>
    </FormField>
  );
}
