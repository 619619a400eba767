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
