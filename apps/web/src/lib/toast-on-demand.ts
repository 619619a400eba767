import { loadedToastModule, type ToastModule } from './toast-registry';

/**
 * Toasts for the code of the first screen (/login, the session's events), without loading the
 * toast library (sonner, ≈ 10 KB gzip) before anything is said (issue 13). Sonner keeps its
 * toasts in a global store and a Toaster that mounts later shows the ones still active; the
 * root's ToasterSlot mounts the Toaster as soon as the library is here.
 */
function withToast(act: (module: ToastModule) => void) {
  const loaded = loadedToastModule();
  if (loaded) act(loaded);
  else
    void import('./toast').then(() => {
      const module = loadedToastModule();
      if (module) act(module);
    });
}

/** notify.error of lib/toast, loading it first when no screen has yet. */
export function notifyErrorOnDemand(message: string) {
  withToast((module) => module.notify.error(message));
}

/** Dismisses every toast; when the library was never loaded there is none to dismiss. */
export function dismissToasts() {
  loadedToastModule()?.dismissAll();
}
