import { describe, expect, it } from 'vitest';
import { ApiError, isPasswordChangeRequired, isSessionExpired, isStaleVersion, sessionExpiredError } from './api-error';

describe('ApiError.fromBody (issue 31)', () => {
  it('takes the kind from the body’s code', () => {
    const message = 'Debe cambiar su contraseña temporal antes de continuar.';
    const error = ApiError.fromBody(403, { statusCode: 403, error: 'Forbidden', code: 'password_change_required', message });
    expect(error).toMatchObject({ status: 403, code: 'password_change_required', message });
    expect(isPasswordChangeRequired(error)).toBe(true);
    expect(isPasswordChangeRequired(ApiError.fromBody(403, { statusCode: 403, error: 'Forbidden', code: 'forbidden', message: 'No' }))).toBe(false);
  });

  it('without a body of the API’s, takes the kind and the Spanish message from the status', () => {
    expect(ApiError.fromBody(502, '<html>Bad Gateway</html>')).toMatchObject({ code: 'bad_gateway', message: 'El servidor no está disponible. Intente nuevamente.' });
    expect(isStaleVersion(ApiError.fromBody(412, { message: 'Alguien más guardó cambios' }))).toBe(true);
    expect(ApiError.fromBody(418, undefined)).toMatchObject({ code: 'validation', message: 'Ocurrió un error inesperado. Intente nuevamente.' });
  });

  it('a session the app ended is told apart from any other 401', () => {
    expect(isSessionExpired(sessionExpiredError())).toBe(true);
    expect(isSessionExpired(ApiError.fromBody(401, { statusCode: 401, error: 'Unauthorized', code: 'unauthorized', message: 'Credenciales inválidas' }))).toBe(false);
    expect(isSessionExpired(new Error('La sesión ha expirado'))).toBe(false);
  });
});
