import type { UseFormSetError } from 'react-hook-form';
import type { AddendumFormValues } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { addendumFormFields } from './addendum-form-values';

type FormField = (typeof addendumFormFields)[number];

/** What the alert above the form says after a failed save, and which field to take the user to. */
export interface SaveFailure {
  message: string;
  /** Server messages about fields the form does not have (they would be lost otherwise). */
  notes: string[];
  focusField?: FormField | undefined;
}

const isFormField = (field: string): field is FormField => (addendumFormFields as readonly string[]).includes(field);

/** Puts each 400 `details` entry under its input and keeps the rest for the alert. */
export function describeSaveFailure(error: unknown, setError: UseFormSetError<AddendumFormValues>): SaveFailure {
  const details = isApiError(error) ? error.details : [];
  const message = applyServerErrors(error, setError, addendumFormFields);
  return {
    message,
    notes: details.filter((detail) => !isFormField(detail.field)).map((detail) => detail.message),
    focusField: details.map((detail) => detail.field).find(isFormField),
  };
}
