import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '@/lib/api-client';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { endSession, onSessionExpired, scheduleTokenRefresh, startSession } from '../session-lifecycle';

const refreshed = { status: 200, body: { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } };

/** The session's life behind the transport: refresh on a 401 (single-flight), the timer, forced logout. */
describe('session', () => {
  beforeEach(() => storeSession(adminUser, 'access-1', 'refresh-1'));
  afterEach(() => endSession());

  it('on a 401 refreshes once, stores the rotated tokens and retries the call', async () => {
    const net = mockFetch({
      'GET /api/users': (call) => (call.authorization === 'Bearer access-2' ? { body: ['ok'] } : { status: 401, body: {} }),
      'POST /api/auth/refresh-token': refreshed,
    });
    await expect(apiRequest('/api/users')).resolves.toEqual(['ok']);
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(net.callsTo('POST', '/api/auth/refresh-token')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(net.callsTo('GET', '/api/users').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('auth_token')).toBe('access-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('concurrent 401s share one refresh (single-flight) and all retry with the new token', async () => {
    const net = mockFetch({
      'GET /api/users': (call) => (call.authorization === 'Bearer access-2' ? { body: 'users' } : { status: 401, body: {} }),
      'GET /api/branches': (call) => (call.authorization === 'Bearer access-2' ? { body: 'branches' } : { status: 401, body: {} }),
      'GET /api/auth/me': (call) => (call.authorization === 'Bearer access-2' ? { body: 'me' } : { status: 401, body: {} }),
      'POST /api/auth/refresh-token': () => new Promise((resolve) => setTimeout(() => resolve(refreshed), 20)),
    });
    const results = await Promise.all([apiRequest('/api/users'), apiRequest('/api/branches'), apiRequest('/api/auth/me')]);
    expect(results).toEqual(['users', 'branches', 'me']);
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('a refused refresh forces logout: storage cleared, listeners told, 401 ApiError', async () => {
    const onExpired = vi.fn();
    const stop = onSessionExpired(onExpired);
    const net = mockFetch({
      'GET /api/users': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Token inválido' } },
      'POST /api/auth/refresh-token': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Revocado' } },
    });
    const error = await apiRequest('/api/users').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(net.callsTo('GET', '/api/users')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('when another tab won the refresh race, uses its new tokens instead of signing out', async () => {
    const net = mockFetch({
      'GET /api/users': (call) => (call.authorization === 'Bearer access-other' ? { body: ['ok'] } : { status: 401, body: {} }),
      'POST /api/auth/refresh-token': () => {
        // The other tab's answer lands in the shared storage while ours is refused.
        setTimeout(() => {
          localStorage.setItem('auth_token', 'access-other');
          localStorage.setItem('refresh_token', 'refresh-other');
        }, 50);
        return { status: 401, body: {} };
      },
    });
    await expect(apiRequest('/api/users')).resolves.toEqual(['ok']);
    expect(net.callsTo('GET', '/api/users').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-other']);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-other');
  });

  it('refreshes the access token shortly before it expires', async () => {
    vi.useFakeTimers();
    const net = mockFetch({ 'POST /api/auth/refresh-token': refreshed });
    startSession({ token: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, user: adminUser });
    await vi.advanceTimersByTimeAsync(838_000);
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBe('access-2');
  });

  it('a refused timed refresh ends the session', async () => {
    vi.useFakeTimers();
    const onExpired = vi.fn();
    const stop = onSessionExpired(onExpired);
    mockFetch({ 'POST /api/auth/refresh-token': { status: 401, body: {} } });
    scheduleTokenRefresh(10);
    await vi.advanceTimersByTimeAsync(10_000);
    stop();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
