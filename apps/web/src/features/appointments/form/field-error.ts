import { get, useFormState, type FieldPath } from 'react-hook-form';
import type { AppointmentFormValues } from '@portal/domain';

/** The message under one input (nested names too: 'attendees.0.email'). */
export function useFieldError(name: FieldPath<AppointmentFormValues>): string | undefined {
  const { errors } = useFormState<AppointmentFormValues>({ name, exact: true });
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message;
}
