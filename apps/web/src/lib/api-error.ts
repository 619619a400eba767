import { noTokenMessage, type ApiErrorBody } from '@portal/domain';

export type ApiErrorDetail = NonNullable<ApiErrorBody['details']>[number];

export const apiMessages = {
  network: 'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.',
  timeout: 'El servidor tardó demasiado en responder. Intente nuevamente.',
  unexpected: 'Ocurrió un error inesperado. Intente nuevamente.',
  sessionExpired: 'La sesión ha expirado. Inicie sesión nuevamente.',
  /** Spec section 5: a file call without a stored token (the spec's words, in English). */
  noToken: noTokenMessage,
} as const;

/** Spanish fallbacks when a response carries no message of its own (a proxy's HTML 502…). */
const statusMessages: Record<number, string> = {
  400: 'La solicitud no es válida',
  401: 'Se requiere iniciar sesión',
  403: 'No tiene permiso para realizar esta acción',
  404: 'Recurso no encontrado',
  409: 'La solicitud entra en conflicto con el estado actual',
  429: 'Demasiadas solicitudes. Intente nuevamente más tarde.',
  500: 'Ocurrió un error interno. Intente nuevamente.',
  502: 'El servidor no está disponible. Intente nuevamente.',
  503: 'El servicio no está disponible. Intente nuevamente.',
  504: 'El servidor tardó demasiado en responder. Intente nuevamente.',
};

/**
 * Every failed call throws this: `status` is the HTTP status (0 when no response came back:
 * `code` then says 'network_error' or 'timeout'), `message` is Spanish and fit to show, and
 * `details` name the invalid fields of a 400/409.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];

  constructor(init: { status: number; message: string; code?: string; details?: ApiErrorDetail[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code ?? (init.status === 0 ? 'network_error' : 'http_error');
    this.details = init.details ?? [];
  }

  static fromBody(status: number, body: unknown): ApiError {
    const data = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>;
    const message =
      typeof data.message === 'string' && data.message.trim() ? data.message : (statusMessages[status] ?? apiMessages.unexpected);
    const details = Array.isArray(data.details)
      ? data.details.filter((d): d is ApiErrorDetail => typeof d?.field === 'string' && typeof d?.message === 'string')
      : [];
    return new ApiError({ status, message, code: typeof data.error === 'string' ? data.error : 'http_error', details });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A save refused because someone saved the record since the form read it (412, decision 023). */
export function isStaleVersion(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 412;
}

/** A message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = apiMessages.unexpected): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
