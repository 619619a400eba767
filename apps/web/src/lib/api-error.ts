import { errorCodeForStatus, isApiErrorCode, noTokenMessage, statusMessage, type ApiErrorBody, type ApiErrorCode } from '@portal/domain';

export type ApiErrorDetail = NonNullable<ApiErrorBody['details']>[number];

/**
 * The web's own codes, for calls the API never answered: no response, no answer in time, a page
 * that was leaving (the browser cancelled the call), a file call without a stored token.
 */
type ClientErrorCode = 'network_error' | 'timeout' | 'page_leaving' | 'no_token';
export type ErrorCode = ApiErrorCode | ClientErrorCode;

export const apiMessages = {
  network: 'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.',
  timeout: 'El servidor tardó demasiado en responder. Intente nuevamente.',
  unexpected: 'Ocurrió un error inesperado. Intente nuevamente.',
  sessionExpired: 'La sesión ha expirado. Inicie sesión nuevamente.',
  /** Spec section 5: a file call without a stored token (the spec's words, in English). */
  noToken: noTokenMessage,
} as const;

/**
 * Every failed call throws this: `status` is the HTTP status (0 when no response came back),
 * `code` the kind of failure (the API's, error-codes.ts in the domain, or the web's own),
 * `message` is Spanish and fit to show, and `details` name the invalid fields of a 400/409.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ApiErrorDetail[];

  constructor(init: { status: number; message: string; code?: ErrorCode; details?: ApiErrorDetail[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code ?? (init.status === 0 ? 'network_error' : errorCodeForStatus(init.status));
    this.details = init.details ?? [];
  }

  /** From a failed response's body; one that is not the API's (a proxy's HTML 502) gets its status's code and message. */
  static fromBody(status: number, body: unknown): ApiError {
    const data = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>;
    const message = typeof data.message === 'string' && data.message.trim() ? data.message : (statusMessage(status) ?? apiMessages.unexpected);
    const details = Array.isArray(data.details)
      ? data.details.filter((d): d is ApiErrorDetail => typeof d?.field === 'string' && typeof d?.message === 'string')
      : [];
    const code = isApiErrorCode(data.code) ? data.code : errorCodeForStatus(status);
    return new ApiError({ status, message, code, details });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The error of a call whose session ended (the app is on its way to /login): see `isSessionExpired`. */
export function sessionExpiredError(): ApiError {
  return new ApiError({ status: 401, code: 'session_expired', message: apiMessages.sessionExpired });
}

/**
 * A call whose session the server no longer accepts. The app already ends the session, goes to
 * /login and says so there: a screen shows nothing more for it.
 */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'session_expired';
}

/** The API's 403 to a user holding a temporary password (issue 19): they must change it first. */
export function isPasswordChangeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'password_change_required';
}

/** A save refused because someone saved the record since the form read it (412, decision 023). */
export function isStaleVersion(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'stale_version';
}

/** A message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = apiMessages.unexpected): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
