import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-error';

/**
 * Puts a failed save's field messages (400/409 `details`, `field` like 'address.zipCode') under
 * the matching inputs and returns the message to show above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  options: { conflictField?: Path<T> } = {},
): string {
  if (!isApiError(error)) return errorMessage(error);
  let placed = false;
  for (const detail of error.details) {
    if (fields.includes(detail.field)) {
      setError(detail.field as Path<T>, { type: 'server', message: detail.message });
      placed = true;
    }
  }
  if (!placed && error.status === 409 && options.conflictField) {
    setError(options.conflictField, { type: 'server', message: error.message });
  }
  return error.message;
}

/** What the alert above a form says after a failed save, and which field to take the user to. */
export interface SaveFailure {
  title: string;
  message?: string | undefined;
  /** Server messages about fields the screen does not show (they would be lost otherwise). */
  notes: string[];
  focusField?: string | undefined;
}

/**
 * A failed save, told the way the forms show it: each `details` entry whose field the form shows
 * goes under its input (and the first one gets the focus); the others become notes in the alert.
 */
export function describeSaveFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  shownFields: readonly string[],
  title: string,
): SaveFailure {
  const details = isApiError(error) ? error.details : [];
  const message = applyServerErrors(error, setError, shownFields);
  return {
    title,
    message: message === title ? undefined : message,
    notes: details.filter((detail) => !shownFields.includes(detail.field)).map((detail) => detail.message),
    focusField: details.map((detail) => detail.field).find((field) => shownFields.includes(field)),
  };
}

/** The fields a failed save's `details` name (none for other errors). */
export function fieldsNamed(error: unknown): string[] {
  return isApiError(error) ? error.details.map((detail) => detail.field) : [];
}
