import { authMessages, errorCodeForStatus, type ApiErrorCode } from '@portal/domain';

export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * The one error type of the API. The error handler turns it into
 * `{ statusCode, error, code, message, details? }`; the message is Spanish and shown to users.
 * The code is the status's own (`errorCodeForStatus`) unless the failure is a kind of its own.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? errorCodeForStatus(statusCode);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, message, details);
export const unauthorized = (message: string) => new AppError(401, message);
/** A token or refresh token the server no longer accepts: the client ends the session. */
export const sessionExpired = () => new AppError(401, authMessages.sessionExpired, undefined, 'session_expired');
export const forbidden = (message: string = authMessages.forbidden, details?: ErrorDetail[]) => new AppError(403, message, details);
export const notFound = (message = 'Recurso no encontrado') => new AppError(404, message);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, message, details);
export const tooManyRequests = (message: string) => new AppError(429, message);

/** A 400 about one field, the common case of a rule only the server can check. */
export function invalidField(field: string, message: string): AppError {
  return badRequest(message, [{ field, message }]);
}

/** Narrowing guard in one line: `ensure(user, notFound('…'))`. */
export function ensure<T>(value: T | null | undefined, error: AppError): T {
  if (value === null || value === undefined) throw error;
  return value;
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors in `cause`.
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}
