import { authMessages } from '../auth/auth-messages';

// No zod here: the web's API client (on the first screen) reads these, not the schema (issue 13).

/**
 * The kind of every failed call, one code per kind (issue 31): the API sets it on every error
 * body, and clients branch on it rather than on a status, a message or a detail's field. The
 * web adds its own for calls that got no answer (network_error, timeout…).
 */
export const apiErrorCodes = [
  'validation',
  'unauthorized',
  'session_expired',
  'forbidden',
  'password_change_required',
  'not_found',
  'method_not_allowed',
  'conflict',
  'stale_version',
  // Issue 34: 'Generar Contratos' refused while the branch requires the policy's fee paid first.
  'fee_unpaid',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'locked',
  'too_many_requests',
  'internal_error',
  'bad_gateway',
  'service_unavailable',
  'gateway_timeout',
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (apiErrorCodes as readonly string[]).includes(value);
}

/**
 * A status's code when nothing more specific is known: a 401 may be 'session_expired' and a 403
 * 'password_change_required', which whoever raises them says.
 */
const codeByStatus: Readonly<Record<number, ApiErrorCode>> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'stale_version',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  423: 'locked',
  429: 'too_many_requests',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** Any other 4xx is answered as a request that is not valid (its message says so too). */
export function errorCodeForStatus(status: number): ApiErrorCode {
  return codeByStatus[status] ?? (status >= 500 ? 'internal_error' : 'validation');
}

/**
 * The Spanish message of a status when the failure brings none of its own: the API's errors
 * raised outside a route (a malformed body, an unknown method, a crash) and, on the web, an
 * answer without a body (a proxy's HTML 502).
 */
const messageByStatus: Readonly<Record<number, string>> = {
  400: 'La solicitud no es válida',
  401: authMessages.unauthenticated,
  403: authMessages.forbidden,
  404: 'Recurso no encontrado',
  405: 'Método no permitido',
  409: 'La solicitud entra en conflicto con el estado actual',
  413: 'El contenido es demasiado grande',
  414: 'La dirección solicitada es demasiado larga',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiadas solicitudes. Intente nuevamente más tarde.',
  500: 'Ocurrió un error interno. Intente nuevamente.',
  502: 'El servidor no está disponible. Intente nuevamente.',
  503: 'El servicio no está disponible. Intente nuevamente.',
  504: 'El servidor tardó demasiado en responder. Intente nuevamente.',
};

export function statusMessage(status: number): string | undefined {
  return messageByStatus[status];
}
