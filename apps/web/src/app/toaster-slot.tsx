import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastLoaded, subscribeToastLoaded } from '@/lib/toast-registry';

const AppToaster = lazy(() => import('./app-toaster').then((m) => ({ default: m.AppToaster })));

/**
 * The app's Toaster, mounted once the toast library is loaded (by a screen that toasts, or by the
 * first toast of /login): the sign-in screen does not load it just to show nothing (issue 13).
 */
export function ToasterSlot() {
  const loaded = useSyncExternalStore(subscribeToastLoaded, isToastLoaded, () => false);
  return loaded ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
