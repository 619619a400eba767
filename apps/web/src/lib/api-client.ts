import type { RefreshTokenResponse, SessionUser } from '@portal/domain';
import { ApiError, apiMessages } from './api-error';
import { leftThePage } from './page-lifecycle';
import { clearSession, getRefreshToken, getToken, hasToken, getUser, setTokens, setUser, tokenExpiry } from './session';

export { ApiError, apiMessages, errorMessage, isApiError } from './api-error';

/** List calls (and anything else by default) give up after 30 s, as the spec says. */
export const defaultTimeoutMs = 30_000;
const refreshTimeoutMs = 15_000;
const otherTabGraceMs = 300;
const refreshPath = '/api/auth/refresh-token';
/**
 * The code of a call the browser cancelled because the page was going away (reload, another
 * address, closing the tab): the user left, the server did not fail, so it never ends a session.
 */
const pageLeavingCode = 'page_leaving';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  timeoutMs?: number;
  /** A caller's cancellation (TanStack Query passes one); cancelling rethrows the AbortError. */
  signal?: AbortSignal;
  /** Send the bearer token (default). Sign-in sends none. */
  auth?: boolean;
  /** On a 401, renew the access token once and try again (default). */
  refreshOnUnauthorized?: boolean;
  /**
   * The spec's list calls (policies, addendums, appointments, section 8): a 401, 403, 500 or 504,
   * a timeout or no response at all ends the session and sends the user to /login. Opt-in,
   * because every other call just reports its error. A 401 still tries one token refresh first.
   */
  endSessionOnFailure?: boolean;
  /** 'blob' for file downloads; JSON (or text) otherwise. */
  responseType?: 'json' | 'blob';
  /**
   * Fail at once with the spec's 'No authentication token available' when no token is stored,
   * instead of sending the call unauthenticated (spec section 5: the file calls).
   */
  requireToken?: boolean;
}

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

export function refreshAccessToken(): Promise<RefreshOutcome> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function runRefresh(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return { kind: 'rejected' };
  let response: Response;
  try {
    response = await send(refreshPath, { method: 'POST', body: { refreshToken }, timeoutMs: refreshTimeoutMs }, null);
  } catch (error) {
    return { kind: 'failed', error: toApiError(error) };
  }
  if (response.ok) {
    const data = (await response.json()) as RefreshTokenResponse;
    setTokens(data.token, data.refreshToken);
    scheduleTokenRefresh(data.expiresIn);
    return { kind: 'refreshed' };
  }
  // Another tab may have rotated the token at the same moment (the server refuses the loser):
  // give its answer a moment to land in the shared storage before giving up.
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    if (getRefreshToken() === refreshToken) await new Promise((resolve) => setTimeout(resolve, otherTabGraceMs));
    const current = getRefreshToken();
    if (current && current !== refreshToken) return { kind: 'refreshed' };
    return { kind: 'rejected' };
  }
  return { kind: 'failed', error: ApiError.fromBody(response.status, await readBody(response)) };
}

// ---------------------------------------------------------------------------------------------
// Requests.

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError({ status: 0, code: 'network_error', message: apiMessages.network });
}

/** One fetch with a timeout. Throws ApiError on no response; rethrows a caller's abort. */
async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? defaultTimeoutMs);
  const external = options.signal;
  const relayAbort = () => controller.abort();
  if (external?.aborted) controller.abort();
  else external?.addEventListener('abort', relayAbort, { once: true });

  const headers: Record<string, string> = { Accept: options.responseType === 'blob' ? '*/*' : 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, code: 'timeout', message: apiMessages.timeout });
    if (external?.aborted) throw error;
    // The browser cancels a leaving page's fetches, and that looks like no answer: tell them apart.
    if (await leftThePage()) throw new ApiError({ status: 0, code: pageLeavingCode, message: apiMessages.network });
    throw new ApiError({ status: 0, code: 'network_error', message: apiMessages.network });
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', relayAbort);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Statuses after which a list call (`endSessionOnFailure`) ends the session, as the spec lists them. */
const sessionEndingStatuses: ReadonlySet<number> = new Set([401, 403, 500, 504]);

/** True for a call cut short by the page going away (see `pageLeavingCode`). */
export function isPageLeavingError(error: unknown): boolean {
  return error instanceof ApiError && error.code === pageLeavingCode;
}

/**
 * Status 0 is a timeout or no response; a caller's own abort is not an ApiError, and a page
 * that is leaving cancels its own calls: neither ends the session.
 */
function endsSession(error: unknown): boolean {
  if (!(error instanceof ApiError) || isPageLeavingError(error)) return false;
  return error.status === 0 || sessionEndingStatuses.has(error.status);
}

/**
 * Calls the API. On a 401 it renews the access token once (shared with every other call that
 * got a 401 at the same time) and repeats the call; when renewal is refused the session ends
 * (storage cleared, listeners sent to /login) and the call fails with a 401 ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.endSessionOnFailure) return request<T>(path, options);
  try {
    return await request<T>(path, options);
  } catch (error) {
    if (endsSession(error)) forceLogout();
    throw error;
  }
}

/**
 * After a 401, before the caller repeats its call once: renews the access token, shared with
 * every other call that got a 401 at the same time (a call that left before a refresh finished
 * just takes the new token). A refused renewal ends the session and throws its 401; a network
 * failure of the renewal throws that. Exported for the upload helper, which is not a fetch.
 */
export async function renewAfterUnauthorized(tokenUsed: string | null): Promise<void> {
  const current = getToken();
  const outcome: RefreshOutcome = current && current !== tokenUsed ? { kind: 'refreshed' } : await refreshAccessToken();
  if (outcome.kind === 'failed') throw outcome.error;
  if (outcome.kind === 'rejected') throw endExpiredSession();
}

/** Ends a session the server no longer accepts (→ /login) and gives the error to throw. */
export function endExpiredSession(): ApiError {
  forceLogout();
  return new ApiError({ status: 401, code: 'session_expired', message: apiMessages.sessionExpired });
}

/** The spec's error for a file call made without a stored token. */
export function missingTokenError(): ApiError {
  return new ApiError({ status: 401, code: 'no_token', message: apiMessages.noToken });
}

async function request<T>(path: string, options: RequestOptions): Promise<T> {
  const auth = options.auth ?? true;
  const tokenUsed = auth ? getToken() : null;
  if (auth && options.requireToken && !tokenUsed) throw missingTokenError();
  let response = await send(path, options, tokenUsed);

  if (response.status === 401 && auth && (options.refreshOnUnauthorized ?? true)) {
    await renewAfterUnauthorized(tokenUsed);
    response = await send(path, options, getToken());
    if (response.status === 401) throw endExpiredSession();
  }

  if (!response.ok) throw ApiError.fromBody(response.status, await readBody(response));
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** A file, as a Blob (the bearer header rules out a plain link). */
  getBlob: (path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
