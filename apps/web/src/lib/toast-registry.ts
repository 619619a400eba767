/**
 * Whether the toast library (lib/toast, sonner) is loaded yet: lib/toast registers itself here
 * when some screen loads it (issue 13: /login does not load it until it has something to say).
 */
export interface ToastModule {
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

export function loadedToastModule(): ToastModule | null {
  return loaded;
}

export function isToastLoaded(): boolean {
  return loaded !== null;
}

export function subscribeToastLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
