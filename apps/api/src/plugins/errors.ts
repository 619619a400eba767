import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeForStatus, statusMessage, type ApiErrorBody, type ApiErrorCode } from '@portal/domain';
import { AppError } from '../lib/app-error';

/** Spanish messages for the errors Fastify itself raises before a route runs. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida',
  FST_ERR_BAD_URL: 'La dirección solicitada no es válida',
  FST_ERR_MAX_PARAM_LENGTH: 'La dirección solicitada es demasiado larga',
  FST_ERR_ASYNC_CONSTRAINT: 'La solicitud no es válida',
};

/** The status's own Spanish message (the domain's table), else that of a request that is not valid. */
function genericMessage(status: number): string {
  return statusMessage(status) ?? statusMessage(status >= 500 ? 500 : 400)!;
}

export function sendError(reply: FastifyReply, statusCode: number, message: string, details?: ApiErrorBody['details'], code?: ApiErrorCode) {
  const body: ApiErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code: code ?? errorCodeForStatus(statusCode), message };
  if (details?.length) body.details = details;
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's `frameworkErrors`: the errors its router raises before any hook runs (a malformed
 * %-escape, a path segment over maxParamLength). They leave in Spanish like every other error,
 * with the security headers the hooks would have set (issue 19).
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.server.applySecurityHeaders(request.raw, reply.raw);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(reply, status, frameworkMessages[error.code] ?? genericMessage(status));
}

/**
 * Every failure leaves as `{ statusCode, error, code, message, details? }` with a Spanish message.
 * 5xx bodies say only that it failed; the cause goes to the log.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.message, error.details, error.code);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = frameworkMessages[error.code] ?? genericMessage(status);
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    const serverStatus = status >= 500 && status <= 599 ? status : 500;
    return sendError(reply, serverStatus, genericMessage(serverStatus));
  });

});
