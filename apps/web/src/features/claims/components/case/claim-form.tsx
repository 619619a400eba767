import { useId, type ComponentProps } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { centsToMoney } from '@portal/domain';
import { cn } from '@/lib/cn';
import { describedControl, FormField } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';

/*
 * What the case's forms share: each checks what it will send with the API's own schema (the same
 * words as the server), and shows the server's 400 under the field it names.
 */

/**
 * A form's resolver from the API's schema: the values become the body first (an empty optional
 * field left out, a Mexico City time made an instant), so the messages land on the fields of the
 * same names and the submit gets what the schema makes of the body.
 */
export function bodyResolver<V extends FieldValues, S extends z.ZodType>(schema: S, toBody: (values: V) => unknown): Resolver<V, unknown, z.output<S>> {
  const check = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return (values, context, options) => check(toBody(values) as FieldValues, context, options as never) as never;
}

/** A typed amount, if any: left out when empty. */
export function optionalText(value: string): string | undefined {
  return value.trim() === '' ? undefined : value.trim();
}

/** Cents (the schema's output) → what the API answers with, '18500.00'. */
export const money = (cents: number) => centsToMoney(cents);

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string | undefined; hint?: string; fieldClassName?: string };

export function TextAreaField({ label, error, hint, fieldClassName, id, required, className, ...props }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      <textarea {...describedControl(fieldId, error, hint)} aria-required={required || undefined} rows={3} className={cn(controlClasses, 'min-h-20 py-2', className)} {...props} />
    </FormField>
  );
}
