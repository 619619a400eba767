import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-error';

/** What a failed save shows, and which field to take the user to. */
export interface SaveFailure {
  /** The alert's heading (the spec's 'Error al guardar …'). */
  title: string;
  /** The server's reason for the alert, unless it is the title or already told under a field. */
  message?: string | undefined;
  /** The server's reason as it came, for a toast that quotes it. */
  serverMessage?: string | undefined;
  /** Server messages about fields the screen does not show (they would be lost otherwise). */
  notes: string[];
  focusField?: string | undefined;
}

/**
 * A failed save, told the way every form shows it: each `details` entry whose field the form
 * shows goes under its input (the first one gets the focus), a 409 without details goes under
 * `conflictField` when the form names one, and the rest becomes the alert's message and notes.
 * A message already told under a field is not repeated in the alert.
 */
export function describeSaveFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  shownFields: readonly string[],
  title: string,
  options: { conflictField?: string | undefined } = {},
): SaveFailure {
  const serverMessage = errorMessage(error);
  const details = isApiError(error) ? error.details : [];
  const placed = details.filter((detail) => shownFields.includes(detail.field));
  for (const detail of placed) setError(detail.field as Path<T>, { type: 'server', message: detail.message });
  if (placed.length === 0 && isApiError(error) && error.status === 409 && options.conflictField) {
    setError(options.conflictField as Path<T>, { type: 'server', message: serverMessage });
    placed.push({ field: options.conflictField, message: serverMessage });
  }
  const toldAtField = placed.some((detail) => detail.message === serverMessage);
  return {
    title,
    message: serverMessage === title || toldAtField ? undefined : serverMessage,
    serverMessage,
    notes: details.filter((detail) => !shownFields.includes(detail.field)).map((detail) => detail.message),
    focusField: placed[0]?.field,
  };
}

/**
 * Whether the fields (and the toast) already tell the whole failure, so no alert is needed: the
 * server named only fields the form shows (its summary, 'Datos inválidos', adds nothing to them).
 */
export function toldAtFields(failure: SaveFailure): boolean {
  return failure.focusField !== undefined && failure.notes.length === 0;
}

/** The fields a failed save's `details` name (none for other errors). */
export function fieldsNamed(error: unknown): string[] {
  return isApiError(error) ? error.details.map((detail) => detail.field) : [];
}
