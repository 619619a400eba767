import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './tokens';

/**
 * A verified access token is remembered until it expires (issue 30): what a later request gets
 * must be what verifying it again would say — the same user and session while it is valid,
 * nothing once it has expired, nothing for a token of another secret or with a changed signature.
 */

const claims = { userId: 7, email: 'agente@example.mx', role: 'agent' as const, branchId: 1, sessionId: 'session-1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('answers a remembered token like a fresh verification until it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z'), toFake: ['Date'] });
    const secret = crypto.randomBytes(32);
    const token = await signAccessToken(claims, secret);
    expect(await verifyAccessToken(token, secret)).toEqual({ userId: 7, sessionId: 'session-1' });
    expect(await verifyAccessToken(token, secret)).toEqual({ userId: 7, sessionId: 'session-1' });
    vi.setSystemTime(new Date(Date.parse('2026-11-27T12:00:00.000Z') + (ACCESS_TOKEN_SECONDS - 1) * 1000));
    expect(await verifyAccessToken(token, secret)).toEqual({ userId: 7, sessionId: 'session-1' });
    vi.setSystemTime(new Date(Date.parse('2026-11-27T12:00:00.000Z') + ACCESS_TOKEN_SECONDS * 1000));
    expect(await verifyAccessToken(token, secret)).toBeNull();
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('refuses a remembered token under another secret, and a token whose signature was changed', async () => {
    const secret = crypto.randomBytes(32);
    const token = await signAccessToken(claims, secret);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    expect(await verifyAccessToken(token, crypto.randomBytes(32))).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, secret)).toBeNull();
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${otherPayload}.${signature}`, secret)).toBeNull();
  });
});
