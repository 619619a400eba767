import { useEffect, useRef, useState, type RefObject } from 'react';
import type { SaveFailure } from '@/lib/form-errors';
import { Alert } from './alert';

/**
 * A form's failed save: after it, the user is taken to the first field the server named, else to
 * the alert (the submit button may be far below it).
 */
export function useSaveFailure(setFocus: (field: never) => void) {
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure?.focusField) setFocus(failure.focusField as never);
    else if (failure) alertRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [failure, setFocus]);
  return { failure, setFailure, alertRef };
}

/** The alert above the form: what failed, the server's reason, and messages about fields not shown. */
export function SaveFailureAlert({ failure, alertRef }: { failure: SaveFailure; alertRef: RefObject<HTMLDivElement | null> }) {
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
