import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@portal/domain';
import { getUser, subscribeSession } from './session-store';

/** The signed-in user (from 'auth-storage'), or null. Re-renders when the session changes. */
export function useSession(): { user: SessionUser | null } {
  const user = useSyncExternalStore(subscribeSession, getUser, () => null);
  return { user };
}
