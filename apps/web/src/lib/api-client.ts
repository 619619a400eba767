import { versionETag } from '@portal/domain';
import { ApiError, apiMessages, isPasswordChangeRequired, sessionExpiredError, type ErrorCode } from './api-error';
import { leftThePage } from './page-lifecycle';

export { ApiError, apiMessages, errorMessage, isApiError } from './api-error';

/** List calls (and anything else by default) give up after 30 s, as the spec says. */
const defaultTimeoutMs = 30_000;
/**
 * The code of a call the browser cancelled because the page was going away (reload, another
 * address, closing the tab): the user left, the server did not fail, so it never ends a session.
 */
const pageLeavingCode: ErrorCode = 'page_leaving';

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
  /** The Idempotency-Key header: the same key sent twice makes one of the thing (an invoice, issue 34). */
  idempotencyKey?: string;
  /**
   * Fail at once with the spec's 'No authentication token available' when no token is stored,
   * instead of sending the call unauthenticated (spec section 5: the file calls).
   */
  requireToken?: boolean;
  /**
   * The record's version the form was loaded at, sent as `If-Match: "v{n}"` (decision 023): the
   * server writes only if nobody saved since, else answers 412 (`isStaleVersion`).
   */
  ifMatch?: number;
}

// ---------------------------------------------------------------------------------------------
// The session, as the transport needs it. The session itself (its storage, the refresh timer,
// forced logout) lives in features/auth and registers itself here: lib/ imports no feature.

export interface SessionHandlers {
  /** The access token to send, or null. */
  getToken: () => string | null;
  /**
   * After a 401, before the caller repeats its call once: renew the access token (shared with
   * every other call that got a 401 at the same time), or throw why it could not be renewed.
   */
  renewAfterUnauthorized: (tokenUsed: string | null) => Promise<void>;
  /** End a session the server no longer accepts (→ /login) and give the error to throw. */
  endExpiredSession: () => ApiError;
}

/** Until a session registers: no token, and a 401 is final. */
let session: SessionHandlers = {
  getToken: () => null,
  renewAfterUnauthorized: () => Promise.reject(sessionExpiredError()),
  endExpiredSession: sessionExpiredError,
};

export function setSessionHandlers(handlers: SessionHandlers) {
  session = handlers;
}

/** The stored access token, for calls that are not a fetch (uploads). */
export function currentToken(): string | null {
  return session.getToken();
}

/** See `SessionHandlers.renewAfterUnauthorized`; exported for the upload helper, which is not a fetch. */
export function renewAfterUnauthorized(tokenUsed: string | null): Promise<void> {
  return session.renewAfterUnauthorized(tokenUsed);
}

/** Ends a session the server no longer accepts (→ /login) and gives the error to throw. */
export function endExpiredSession(): ApiError {
  return session.endExpiredSession();
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
  if (options.ifMatch !== undefined) headers['If-Match'] = versionETag(options.ifMatch);
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

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

/** Where a temporary password is changed: 'Mi cuenta' with its password form focused. */
export const passwordChangeHash = '#cambiar-contrasena';

/** Sends the user to 'Cambiar contraseña' without a reload (the router follows popstate). */
function sendToPasswordChange() {
  if (window.location.pathname === '/account') return;
  window.history.pushState(null, '', `/account${passwordChangeHash}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** True for a call cut short by the page going away (see `pageLeavingCode`). */
export function isPageLeavingError(error: unknown): boolean {
  return error instanceof ApiError && error.code === pageLeavingCode;
}

/**
 * Status 0 is a timeout or no response; a caller's own abort is not an ApiError, and a page
 * that is leaving cancels its own calls: neither ends the session.
 */
function endsSession(error: unknown): boolean {
  if (!(error instanceof ApiError) || isPageLeavingError(error) || isPasswordChangeRequired(error)) return false;
  return error.status === 0 || sessionEndingStatuses.has(error.status);
}

/**
 * Calls the API. On a 401 it has the session renew the access token once and repeats the call;
 * when renewal is refused the session ends (→ /login) and the call fails with a 401 ApiError.
 * `endSessionOnFailure` calls end the session on the spec's failures.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.endSessionOnFailure) return request<T>(path, options);
  try {
    return await request<T>(path, options);
  } catch (error) {
    if (endsSession(error)) endExpiredSession();
    throw error;
  }
}

/** The spec's error for a file call made without a stored token. */
export function missingTokenError(): ApiError {
  return new ApiError({ status: 401, code: 'no_token', message: apiMessages.noToken });
}

async function request<T>(path: string, options: RequestOptions): Promise<T> {
  const auth = options.auth ?? true;
  const tokenUsed = auth ? currentToken() : null;
  if (auth && options.requireToken && !tokenUsed) throw missingTokenError();
  let response = await send(path, options, tokenUsed);

  if (response.status === 401 && auth && (options.refreshOnUnauthorized ?? true)) {
    await renewAfterUnauthorized(tokenUsed);
    response = await send(path, options, currentToken());
    if (response.status === 401) throw endExpiredSession();
  }

  if (!response.ok) {
    const error = ApiError.fromBody(response.status, await readBody(response));
    if (isPasswordChangeRequired(error)) sendToPasswordChange();
    throw error;
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}
