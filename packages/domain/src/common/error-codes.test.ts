import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorCodeForStatus, isApiErrorCode, statusMessage } from './errors';

describe('error codes (issue 31)', () => {
  it('gives each status its kind, any other 4xx that of a request that is not valid, any other 5xx an internal error', () => {
    expect(errorCodeForStatus(400)).toBe('validation');
    expect(errorCodeForStatus(401)).toBe('unauthorized');
    expect(errorCodeForStatus(412)).toBe('stale_version');
    expect(errorCodeForStatus(423)).toBe('locked');
    expect(errorCodeForStatus(418)).toBe('validation');
    expect(errorCodeForStatus(599)).toBe('internal_error');
  });

  it('knows its own codes only', () => {
    expect(isApiErrorCode('session_expired')).toBe(true);
    expect(isApiErrorCode('Unauthorized')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });

  it('has one Spanish message per status, none for a status that always brings its own', () => {
    expect(statusMessage(401)).toBe('Se requiere iniciar sesión');
    expect(statusMessage(502)).toBe('El servidor no está disponible. Intente nuevamente.');
    expect(statusMessage(412)).toBeUndefined();
  });

  it('the error body requires a known code', () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'Recurso no encontrado' };
    expect(apiErrorSchema.safeParse({ ...body, code: 'not_found' }).success).toBe(true);
    expect(apiErrorSchema.safeParse(body).success).toBe(false);
  });
});
