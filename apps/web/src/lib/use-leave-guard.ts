import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * Holds the user on a page with unsaved work while `active`: navigations inside the app (links,
 * the sidebar, the browser's back) wait on the returned blocker, and a reload or closing the tab
 * gets the browser's own question (`beforeunload`). Never blocked: staying on the same page
 * (a query or hash change) and the way to /login, taken when the session has ended.
 */
export function useLeaveGuard(active: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && leavesPage(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!active) return;
    // preventDefault() is what asks, in every browser this app supports.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);

  return blocker;
}

function leavesPage(current: Location, next: Location): boolean {
  return current.pathname !== next.pathname && next.pathname !== paths.login.pattern;
}
