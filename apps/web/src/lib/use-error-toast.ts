import { useEffect } from 'react';
import { errorMessage, isSessionExpired } from './api-error';
import { notify } from './toast';

/**
 * A toast each time a query fails (keyed by its errorUpdatedAt): the title, and the error's own
 * message unless the screen gives a fixed description. Not when the session just expired: the
 * user is on the way to /login and already told so.
 */
export function useErrorToast(error: unknown, errorUpdatedAt: number, title: string, description?: string) {
  useEffect(() => {
    if (!error) return;
    if (isSessionExpired(error)) return;
    notify.error(title, description ?? errorMessage(error));
    // Only a new failure (errorUpdatedAt) should toast again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorUpdatedAt]);
}
