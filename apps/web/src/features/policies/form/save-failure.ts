import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { policyMessages, type PolicyFormValues } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';

/** What the alert above the form says after a failed save, and which field to take the user to. */
export interface SaveFailure {
  title: string;
  message?: string;
  /** Server messages about fields the screen does not show (they would be lost otherwise). */
  notes: string[];
  focusField?: FieldPath<PolicyFormValues>;
}

export const noUserFailure: SaveFailure = { title: policyMessages.noUser, notes: [] };

/**
 * Puts each `details` entry (`tenants.0.name`…) under its input when that input is on screen,
 * and keeps the rest for the alert.
 */
export function describeSaveFailure(
  error: unknown,
  form: HTMLFormElement | null,
  setError: UseFormSetError<PolicyFormValues>,
): SaveFailure {
  const details = isApiError(error) ? error.details : [];
  const onScreen = details.map((detail) => detail.field).filter((field) => form?.elements.namedItem(field));
  const message = applyServerErrors(error, setError, onScreen);
  return {
    title: policyMessages.saveError,
    message: message === policyMessages.saveError ? undefined : message,
    notes: details.filter((detail) => !onScreen.includes(detail.field)).map((detail) => detail.message),
    // Only names of inputs found in the form reach here, so they are paths of its values.
    focusField: onScreen[0] as FieldPath<PolicyFormValues> | undefined,
  };
}
