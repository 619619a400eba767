import { redirect } from 'react-router';
import { paths } from '@/lib/paths';
// The session store itself, not the feature's index (which brings TanStack Query): issue 13.
import { hasToken } from '@/features/auth/session/session-store';

/** A signed-in user visiting /login goes to the dashboard. */
export function loginLoader() {
  return hasToken() ? redirect(paths.dashboard.to()) : null;
}
