import type { SessionUser } from '@portal/domain';

/**
 * The browser side of the session: the access token (spec key `auth_token`), the rotating
 * refresh token and the signed-in user (spec key `auth-storage`, the user only). It is a tiny
 * external store so React reads it with useSyncExternalStore and other tabs' changes show up.
 */
const storageKeys = {
  token: 'auth_token',
  refreshToken: 'refresh_token',
  user: 'auth-storage',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedUserJson: string | null | undefined;
let cachedUser: SessionUser | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the session then lasts only for this page */
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read(storageKeys.token);
}

export function getRefreshToken(): string | null {
  return read(storageKeys.refreshToken);
}

/** The spec's rule: signed in means a stored token (its expiry is the server's business). */
export function hasToken(): boolean {
  return Boolean(getToken());
}

/** The stored user, parsed once per change. Accepts `{ state: { user } }` and a bare user. */
export function getUser(): SessionUser | null {
  const json = read(storageKeys.user);
  if (json === cachedUserJson) return cachedUser;
  cachedUserJson = json;
  cachedUser = null;
  if (json) {
    try {
      const parsed = JSON.parse(json) as { state?: { user?: SessionUser | null } } & Partial<SessionUser>;
      const user = parsed.state ? parsed.state.user : parsed;
      cachedUser = user && typeof user.email === 'string' && typeof user.role === 'string' ? (user as SessionUser) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function setUser(user: SessionUser | null) {
  write(storageKeys.user, user ? JSON.stringify({ state: { user }, version: 0 }) : null);
  emit();
}

export function setTokens(token: string, refreshToken: string) {
  lastEndReason = null;
  write(storageKeys.token, token);
  write(storageKeys.refreshToken, refreshToken);
  emit();
}

/** Why the session last ended: a deliberate sign-out goes to a plain /login. */
export type SessionEndReason = 'logout' | 'expired';
let lastEndReason: SessionEndReason | null = null;

export function getSessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

export function clearSession(reason: SessionEndReason = 'expired') {
  lastEndReason = reason;
  write(storageKeys.token, null);
  write(storageKeys.refreshToken, null);
  write(storageKeys.user, null);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds since the epoch at which a JWT expires, or null when it cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

// Another tab signed in, refreshed or signed out: tell this tab's subscribers.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(storageKeys).includes(event.key)) {
      lastEndReason = null;
      emit();
    }
  });
}
