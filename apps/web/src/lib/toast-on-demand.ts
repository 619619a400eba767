/**
 * Toasts for the code of the first screen (/login, the session's events), without loading the
 * toast library (sonner, ≈ 10 KB gzip) before anything is said (issue 13). `lib/toast` registers
 * itself here when some screen loads it; until then a toast loads it first. Sonner keeps its
 * toasts in a global store and a Toaster that mounts later shows the ones still active, so the
 * root's ToasterSlot mounts the Toaster as soon as the library is here.
 */
interface ToastModule {
  notify: { error: (message: string) => unknown };
  dismissAll: () => void;
}

let loaded: ToastModule | null = null;
const listeners = new Set<() => void>();

/** Called once by lib/toast when it loads. */
export function registerToastModule(module: ToastModule) {
  loaded = module;
  for (const listener of listeners) listener();
}

export function isToastLoaded(): boolean {
  return loaded !== null;
}

export function subscribeToastLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withToast(use: (module: ToastModule) => void) {
  if (loaded) use(loaded);
  else void import('./toast').then(() => loaded && use(loaded));
}

/** notify.error of lib/toast, loading it first when no screen has yet. */
export function notifyErrorOnDemand(message: string) {
  withToast((module) => module.notify.error(message));
}

/** Dismisses every toast; when the library was never loaded there is none to dismiss. */
export function dismissToasts() {
  loaded?.dismissAll();
}
