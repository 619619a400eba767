import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then the hint or the error message (tied by aria-describedby). */
export function FormField({ id, label, error, hint, required, className, children }: FieldFrameProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      {/* The asterisk stays outside the <label> so the field's name is exactly the label. */}
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-600 dark:text-red-400">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The accessibility attributes a control inside FormField needs. */
export function describedControl(id: string, error?: string, hint?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

type TextFieldProps = ComponentProps<'input'> & { label: string; error?: string; hint?: string; fieldClassName?: string };

export function TextField({ label, error, hint, fieldClassName, id, required, ...props }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      <Input {...describedControl(fieldId, error, hint)} aria-required={required || undefined} {...props} />
    </FormField>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: string; error?: string; hint?: string; fieldClassName?: string };

/** A checkbox with its label beside it (the whole row clicks), and the hint or error below. */
export function CheckboxField({ label, error, hint, fieldClassName, id, disabled, ...props }: CheckboxFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={cn('space-y-1.5', fieldClassName)}>
      <div
        className={cn(
          'flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 dark:border-slate-800',
          'has-checked:border-brand-300 has-checked:bg-brand-50/60 dark:has-checked:border-brand-800 dark:has-checked:bg-brand-950/40',
          disabled && 'opacity-60',
        )}
      >
        <input
          {...describedControl(fieldId, error, hint)}
          type="checkbox"
          disabled={disabled}
          className="size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 disabled:cursor-not-allowed"
          {...props}
        />
        <Label htmlFor={fieldId} className={disabled ? 'cursor-not-allowed' : 'cursor-pointer'}>
          {label}
        </Label>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${fieldId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
