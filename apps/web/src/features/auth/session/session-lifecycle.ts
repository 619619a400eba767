import { type RefreshTokenResponse, type SessionUser } from '@portal/domain';
import { ApiError, apiMessages, setSessionHandlers } from '@/lib/api-client';
import { sessionExpiredError } from '@/lib/api-error';
import { callEndpoint } from '@/lib/endpoint-client';
import { clearSession, getRefreshToken, getToken, getUser, hasToken, setTokens, setUser, tokenExpiry } from './session-store';
import { loadAuthEndpoints } from '../load-auth-endpoints';

/**
 * The session's life: start, resume, the refresh timer, single-flight refresh and the forced
 * logout. It registers itself with the transport (lib/api-client) when this module loads.
 */

const refreshTimeoutMs = 15_000;
const otherTabGraceMs = 300;

// ---------------------------------------------------------------------------------------------
// Forced logout: the session is over (refresh token rejected). Listeners navigate to /login.

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

export function onSessionExpired(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function forceLogout() {
  const hadSession = hasToken() || getUser() !== null;
  cancelScheduledRefresh();
  clearSession('expired');
  if (hadSession) for (const listener of sessionEndedListeners) listener();
}

// ---------------------------------------------------------------------------------------------
// Session start, end and the refresh timer.

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function cancelScheduledRefresh() {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/**
 * Renews the access token shortly before it expires: a minute early, or a fifth of its life when
 * that is shorter. A rejected refresh ends the session; a network failure waits for the next call.
 */
export function scheduleTokenRefresh(expiresInSeconds: number) {
  cancelScheduledRefresh();
  const lifetimeMs = Math.max(0, expiresInSeconds * 1000);
  const delay = Math.max(0, lifetimeMs - Math.min(60_000, lifetimeMs / 5));
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    // Another tab may already have renewed the shared token: then just follow its expiry.
    const exp = tokenExpiry(getToken());
    const left = exp === null ? 0 : exp - Date.now() / 1000;
    if (left > expiresInSeconds / 2 && left > 120) {
      scheduleTokenRefresh(left);
      return;
    }
    void refreshAccessToken().then((outcome) => {
      if (outcome.kind === 'rejected') forceLogout();
    });
  }, delay);
}

/** Stores what sign-in returned and starts the refresh timer. */
export function startSession(session: { token: string; refreshToken: string; expiresIn: number; user: SessionUser }) {
  setTokens(session.token, session.refreshToken);
  setUser(session.user);
  scheduleTokenRefresh(session.expiresIn);
}

/** On page load: if a token is stored, schedule its renewal from its own expiry claim. */
export function resumeSession() {
  const exp = tokenExpiry(getToken());
  if (exp !== null) scheduleTokenRefresh(exp - Date.now() / 1000);
}

/** Local sign-out (after the logout call, whatever it answered). Expiry listeners are not told. */
export function endSession(reason: 'logout' | 'expired' = 'logout') {
  cancelScheduledRefresh();
  clearSession(reason);
}

// ---------------------------------------------------------------------------------------------
// Refresh, single-flight: concurrent 401s share one call (the refresh token rotates on use).

type RefreshOutcome = { kind: 'refreshed' } | { kind: 'rejected' } | { kind: 'failed'; error: ApiError };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

function refreshAccessToken(): Promise<RefreshOutcome> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError({ status: 0, code: 'network_error', message: apiMessages.network });
}

async function runRefresh(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return { kind: 'rejected' };
  let data: RefreshTokenResponse;
  try {
    data = await callEndpoint((await loadAuthEndpoints()).refreshToken, { body: { refreshToken } }, { timeoutMs: refreshTimeoutMs, auth: false });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    // Another tab may have rotated the token at the same moment (the server refuses the loser):
    // give its answer a moment to land in the shared storage before giving up.
    if (status === 400 || status === 401 || status === 403) {
      if (getRefreshToken() === refreshToken) await new Promise((resolve) => setTimeout(resolve, otherTabGraceMs));
      const current = getRefreshToken();
      if (current && current !== refreshToken) return { kind: 'refreshed' };
      return { kind: 'rejected' };
    }
    return { kind: 'failed', error: toApiError(error) };
  }
  setTokens(data.token, data.refreshToken);
  scheduleTokenRefresh(data.expiresIn);
  return { kind: 'refreshed' };
}

/**
 * After a 401, before the caller repeats its call once: renews the access token, shared with
 * every other call that got a 401 at the same time (a call that left before a refresh finished
 * just takes the new token). A refused renewal ends the session and throws its 401; a network
 * failure of the renewal throws that.
 */
async function renewAfterUnauthorized(tokenUsed: string | null): Promise<void> {
  const current = getToken();
  const outcome: RefreshOutcome = current && current !== tokenUsed ? { kind: 'refreshed' } : await refreshAccessToken();
  if (outcome.kind === 'failed') throw outcome.error;
  if (outcome.kind === 'rejected') throw endExpiredSession();
}

/** Ends a session the server no longer accepts (→ /login) and gives the error to throw. */
function endExpiredSession(): ApiError {
  forceLogout();
  return sessionExpiredError();
}

setSessionHandlers({ getToken, renewAfterUnauthorized, endExpiredSession });
