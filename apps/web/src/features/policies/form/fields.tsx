import { useId, type ComponentProps, type ReactNode } from 'react';
import { get, useFormContext, useFormState, type FieldError, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { PolicyFormValues } from '@portal/domain';
import { cn } from '@/lib/cn';
import { describedControl, FormField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { controlClasses, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The policy form's inputs, bound to the surrounding react-hook-form by `name`. Each one
 * subscribes only to its own error, so typing in a 150-field form re-renders one field.
 */
export type PolicyField = FieldPath<PolicyFormValues>;

type ChangeOptions = Pick<RegisterOptions<PolicyFormValues>, 'onChange'>;

function useFieldError(name: PolicyField): string | undefined {
  const { errors } = useFormState<PolicyFormValues>({ name, exact: true });
  return (get(errors, name) as FieldError | undefined)?.message;
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur'> & {
  name: PolicyField;
  label: string;
  hint?: string;
  fieldClassName?: string;
};

/** Text, phone, e-mail and date inputs. */
export function TextInput({ name, ...props }: InputProps) {
  const { register } = useFormContext<PolicyFormValues>();
  return <TextField autoComplete="off" error={useFieldError(name)} {...props} {...register(name)} />;
}

/** Pesos: a '$' before and 'MXN' after the amount, a decimal keypad on phones. */
export function MoneyInput({ name, label, hint, required, fieldClassName }: Omit<InputProps, 'type'>) {
  const { register } = useFormContext<PolicyFormValues>();
  const error = useFieldError(name);
  const id = useId();
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
          $
        </span>
        <Input
          {...describedControl(id, error, hint)}
          aria-required={required || undefined}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          className="pr-14 pl-7"
          {...register(name)}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-medium text-slate-500"
        >
          MXN
        </span>
      </div>
    </FormField>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'name' | 'onChange' | 'onBlur'> & {
  name: PolicyField;
  label: string;
  hint?: string;
  fieldClassName?: string;
  /** Runs after the form has taken the new value. */
  onValueChange?: ChangeOptions['onChange'];
};

export function SelectInput({ name, onValueChange, children, ...props }: SelectProps) {
  const { register } = useFormContext<PolicyFormValues>();
  return (
    <SelectField error={useFieldError(name)} {...props} {...register(name, { onChange: onValueChange })}>
      {children}
    </SelectField>
  );
}

/** A switch-like checkbox; the whole row is its label. */
export function CheckboxInput({ name, label, className }: { name: PolicyField; label: string; className?: string }) {
  const { register } = useFormContext<PolicyFormValues>();
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 dark:border-slate-800',
        'has-checked:border-brand-300 has-checked:bg-brand-50/60 dark:has-checked:border-brand-800 dark:has-checked:bg-brand-950/40',
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        className="size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600"
        {...register(name)}
      />
      <Label htmlFor={id} className="cursor-pointer">
        {label}
      </Label>
    </div>
  );
}

/** Free text over several lines (Enter makes a new line here, it does not move on). */
export function TextareaInput({ name, label, hint, fieldClassName = 'sm:col-span-2' }: Omit<InputProps, 'type'>) {
  const { register } = useFormContext<PolicyFormValues>();
  const error = useFieldError(name);
  const id = useId();
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <textarea {...describedControl(id, error, hint)} rows={3} className={cn(controlClasses, 'min-h-20 py-2')} {...register(name)} />
    </FormField>
  );
}

/** An array's own message (e.g. 'requires at least one guarantor'), from the schema or the server. */
export function ArrayError({ name }: { name: PolicyField }) {
  const { errors } = useFormState<PolicyFormValues>({ name, exact: true });
  const error = get(errors, name) as (FieldError & { root?: FieldError }) | undefined;
  const message = error?.message ?? error?.root?.message;
  return message ? (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

/** Two columns from small screens up; `wide` children span both. */
export function FieldGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2', className)}>{children}</div>;
}

/**
 * A titled group inside a section (a tenant, an address…), named by its legend. The legend is
 * visually hidden and repeated beside the actions, because a legend cannot share a row with them.
 */
export function FieldGroup({
  legend,
  actions,
  children,
  className,
}: {
  legend: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cn('min-w-0 space-y-4', className)}>
      <legend className="sr-only">{legend}</legend>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p aria-hidden="true" className="text-sm font-semibold text-slate-900 dark:text-white">
          {legend}
        </p>
        {actions}
      </div>
      {children}
    </fieldset>
  );
}
