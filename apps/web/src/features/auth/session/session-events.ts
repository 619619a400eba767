import type { createBrowserRouter } from 'react-router';
import { apiMessages } from '@/lib/api-client';
import { onSessionExpired } from './session-lifecycle';
import { paths } from '@/lib/paths';
import { getSessionEndReason, hasToken, subscribeSession } from './session-store';
import { notifyErrorOnDemand } from '@/lib/toast-on-demand';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Whenever the session ends, go to /login: after 'Cerrar Sesión' a plain /login; when it was
 * taken away (refresh refused, another tab signed out) remembering where the user was.
 */
export function bindSessionToRouter(router: AppRouter) {
  const unsubscribeSession = subscribeSession(() => {
    if (hasToken()) return;
    const location = router.state.navigation.location ?? router.state.location;
    if (location.pathname === paths.login.pattern) return;
    const here = `${location.pathname}${location.search}`;
    void router
      .navigate(paths.login.to(getSessionEndReason() === 'logout' ? undefined : here), { replace: true })
      .then(() => {
        // Off the shell now: drop everything cached for the user who left.
        // (The query client is the shell's: loaded by now, as the shell was shown.)
        if (!hasToken() && router.state.location.pathname === paths.login.pattern) {
          void import('@/lib/query-client').then(({ queryClient }) => queryClient.clear());
        }
      });
  });
  const unsubscribeExpired = onSessionExpired(() => notifyErrorOnDemand(apiMessages.sessionExpired));
  return () => {
    unsubscribeSession();
    unsubscribeExpired();
  };
}
