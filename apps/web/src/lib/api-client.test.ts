import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The transport together with the real session behind it (the app registers the same one).
import { endSession, onSessionExpired } from '@/features/auth';
import { ApiError, apiRequest } from './api-client';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';

const refreshed = { status: 200, body: { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } };

describe('api client', () => {
  beforeEach(() => storeSession(adminUser, 'access-1', 'refresh-1'));
  afterEach(() => endSession());

  it('sends the stored bearer token and parses JSON', async () => {
    const net = mockFetch({ 'GET /api/users': { body: [{ id: 1 }] } });
    await expect(apiRequest('/api/users')).resolves.toEqual([{ id: 1 }]);
    expect(net.calls[0]?.authorization).toBe('Bearer access-1');
  });





  it('never refreshes for the sign-in call itself', async () => {
    const net = mockFetch({
      'POST /api/auth/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Credenciales inválidas' } },
    });
    await expect(apiRequest('/api/auth/login', { method: 'POST', body: { email: 'a@b.co', password: 'x' }, auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Credenciales inválidas',
    });
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
    expect(net.calls[0]?.authorization).toBeNull();
  });

  it('turns an error body into an ApiError with the Spanish message and field details', async () => {
    mockFetch({
      'POST /api/users': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Ya existe un usuario con ese correo electrónico',
          details: [{ field: 'email', message: 'Ya existe un usuario con ese correo electrónico' }],
        },
      },
    });
    const error = (await apiRequest('/api/users', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.message).toBe('Ya existe un usuario con ese correo electrónico');
    expect(error.details).toEqual([{ field: 'email', message: 'Ya existe un usuario con ese correo electrónico' }]);
  });

  it('a network failure gives a Spanish message (status 0)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/users')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.',
    });
  });

  it('gives up after the timeout with a Spanish message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    await expect(apiRequest('/api/users', { timeoutMs: 30 })).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'El servidor tardó demasiado en responder. Intente nuevamente.',
    });
  });



  describe('endSessionOnFailure (the list calls of spec section 8)', () => {
    const listCall = () => apiRequest('/api/policy/search', { endSessionOnFailure: true, timeoutMs: 30 });

    it.each([403, 500, 504])('an HTTP %i removes the token and tells the listeners (→ /login)', async (status) => {
      const onExpired = vi.fn();
      const stop = onSessionExpired(onExpired);
      mockFetch({ 'GET /api/policy/search': { status, body: { statusCode: status, error: 'Error', message: 'Falló' } } });
      await expect(listCall()).rejects.toMatchObject({ status, message: 'Falló' });
      stop();
      expect(localStorage.getItem('auth_token')).toBeNull();
      expect(onExpired).toHaveBeenCalledTimes(1);
    });

    it('a 403 asking for the temporary password to be changed keeps the session and goes to Mi cuenta', async () => {
      const onExpired = vi.fn();
      const stop = onSessionExpired(onExpired);
      const message = 'Debe cambiar su contraseña temporal antes de continuar.';
      mockFetch({
        'GET /api/policy/search': { status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'password_change_required', message, details: [{ field: 'passwordChangeRequired', message }] } },
      });
      await expect(listCall()).rejects.toMatchObject({ status: 403, message });
      stop();
      expect(onExpired).not.toHaveBeenCalled();
      expect(localStorage.getItem('auth_token')).not.toBeNull();
      expect(window.location.pathname + window.location.hash).toBe('/account#cambiar-contrasena');
      window.history.pushState(null, '', '/');
    });

    it('a 401 that survives the refresh ends the session', async () => {
      const onExpired = vi.fn();
      const stop = onSessionExpired(onExpired);
      mockFetch({ 'GET /api/policy/search': { status: 401, body: {} }, 'POST /api/auth/refresh-token': refreshed });
      await expect(listCall()).rejects.toMatchObject({ status: 401 });
      stop();
      expect(localStorage.getItem('auth_token')).toBeNull();
      expect(onExpired).toHaveBeenCalledTimes(1);
    });

    it('no response (network failure) ends the session, the error says network_error', async () => {
      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
      await expect(listCall()).rejects.toMatchObject({ status: 0, code: 'network_error' });
      expect(localStorage.getItem('auth_token')).toBeNull();
    });

    it('a timeout ends the session', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_input: RequestInfo | URL, init?: RequestInit) =>
            new Promise<Response>((_resolve, reject) => {
              init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
            }),
        ),
      );
      await expect(listCall()).rejects.toMatchObject({ status: 0, code: 'timeout' });
      expect(localStorage.getItem('auth_token')).toBeNull();
    });

    it.each([400, 404, 409])('an HTTP %i keeps the session', async (status) => {
      const onExpired = vi.fn();
      const stop = onSessionExpired(onExpired);
      mockFetch({ 'GET /api/policy/search': { status, body: { statusCode: status, error: 'Bad Request', message: 'No válido' } } });
      await expect(listCall()).rejects.toMatchObject({ status });
      stop();
      expect(localStorage.getItem('auth_token')).toBe('access-1');
      expect(onExpired).not.toHaveBeenCalled();
    });

    it("the caller's own cancel (a new search replacing the old) keeps the session", async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_input: RequestInfo | URL, init?: RequestInit) =>
            new Promise<Response>((_resolve, reject) => {
              init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
            }),
        ),
      );
      const controller = new AbortController();
      const pending = apiRequest('/api/policy/search', { endSessionOnFailure: true, signal: controller.signal });
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      expect(localStorage.getItem('auth_token')).toBe('access-1');
    });

    it('without the flag a 500 only reports the error', async () => {
      mockFetch({ 'GET /api/users': { status: 500, body: {} } });
      await expect(apiRequest('/api/users')).rejects.toMatchObject({ status: 500 });
      expect(localStorage.getItem('auth_token')).toBe('access-1');
    });
  });
});
