import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { isSessionExpired } from '@/lib/api-error';
import { describeSaveFailure, toldAtFields, type SaveFailure } from '@/lib/form-errors';
import { Alert } from './alert';

export interface SaveFailureOptions {
  /** The alert's heading: the spec's 'Error al guardar …'. */
  title: string;
  /** The fields the form shows, by the names the server's `details` use. */
  shownFields: readonly string[];
  /** Where a 409 without details goes (the e-mail of a user, the name of a branch). */
  conflictField?: string;
  /** The spec's toast for this form. */
  toast: (failure: SaveFailure) => void;
  /**
   * Show the alert even when the fields tell the whole failure (the forms whose spec text is
   * inline: policy, addendum, appointment). Otherwise the field and the toast say it once each.
   */
  alwaysAlert?: boolean;
}

/**
 * Every form's failed save, one way: messages under the fields the server named, the alert above
 * the form when something is left to say, the spec's toast, and then the user is taken to the
 * first field named, else to the alert (the submit button may be far below it). A session that
 * just expired says nothing here: the user is on the way to /login and already told so.
 */
export function useSaveFailure<T extends FieldValues>(form: { setError: UseFormSetError<T>; setFocus: (field: never) => void }) {
  const [failure, setFailure] = useState<(SaveFailure & { alert: boolean }) | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const { setError, setFocus } = form;
  useEffect(() => {
    if (failure?.focusField) setFocus(failure.focusField as never);
    else if (failure) alertRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [failure, setFocus]);

  const showFailure = useCallback(
    (error: unknown, options: SaveFailureOptions) => {
      if (isSessionExpired(error)) return;
      const described = describeSaveFailure(error, setError, options.shownFields, options.title, options);
      setFailure({ ...described, alert: options.alwaysAlert === true || !toldAtFields(described) });
      options.toast(described);
    },
    [setError],
  );
  /** A failure found before sending (no user signed in…): the alert with just this title. */
  const showMessage = useCallback((title: string) => setFailure({ title, notes: [], alert: true }), []);
  const clearFailure = useCallback(() => setFailure(null), []);

  return { failure, showFailure, showMessage, clearFailure, alertRef };
}

/** The alert above the form: what failed, the server's reason, and messages about fields not shown. */
export function SaveFailureAlert({
  failure,
  alertRef,
}: {
  failure: (SaveFailure & { alert: boolean }) | null;
  alertRef: RefObject<HTMLDivElement | null>;
}) {
  if (!failure?.alert) return null;
  return (
    <div ref={alertRef}>
      <Alert>
        <p className="font-medium">{failure.title}</p>
        {failure.message ? <p className="mt-1">{failure.message}</p> : null}
        {failure.notes.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {failure.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
      </Alert>
    </div>
  );
}
