import { useId } from 'react';
import { cn } from '@/lib/cn';
import { FormField, describedControl } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';

interface ReasonFieldProps {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  max: number;
  disabled?: boolean;
}

/**
 * The required reason a destructive step asks for (terminating a policy, reversing a payment,
 * rejecting a proof…): a labelled textarea with its hint, its error and how much is left.
 */
export function ReasonField({ label, hint, value, onChange, error, max, disabled }: ReasonFieldProps) {
  const id = useId();
  return (
    <div>
      <FormField id={id} label={label} error={error} hint={hint} required>
        <textarea
          {...describedControl(id, error, hint)}
          aria-required="true"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={max}
          rows={3}
          disabled={disabled}
          className={cn(controlClasses, 'min-h-20 py-2')}
        />
      </FormField>
      <p aria-hidden="true" className="mt-1 text-right text-xs text-slate-500 dark:text-slate-400">
        {value.length}/{max}
      </p>
    </div>
  );
}
