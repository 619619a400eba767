import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@portal/domain';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 14;

const ISSUER = 'portal-de-polizas';
const AUDIENCE = 'portal-de-polizas-web';

export interface AccessClaims {
  userId: number;
  email: string;
  role: Role;
  branchId: number | null;
  /** The session (refresh token family) the token was issued for: ending it ends the token too. */
  sessionId: string;
}

/** What a valid access token says: whose it is and which session it belongs to. */
export interface VerifiedAccess {
  userId: number;
  sessionId: string;
}

/**
 * The HMAC key of a secret, imported once: jose imports a raw Uint8Array into WebCrypto on every
 * call, which was the largest single cost of an authenticated request under load (issue 13).
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<crypto.webcrypto.CryptoKey>>();

function hmacKey(secret: Uint8Array): Promise<crypto.webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({ email: claims.email, username: claims.email, role: claims.role, branchId: claims.branchId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(await hmacKey(secret));
}

/**
 * The user and session of a valid, unexpired access token; null for anything else — a token
 * without `exp` (it would never expire) or without a session id (it could not be ended) included.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<VerifiedAccess | null> {
  const verified = verifiedTokensOf(secret);
  const known = verified.get(token);
  if (known) {
    if (known.expires > Math.floor(Date.now() / 1000)) return known.access;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    const sessionId = payload['sid'];
    if (!Number.isInteger(userId) || userId <= 0 || typeof sessionId !== 'string') return null;
    const access = Object.freeze({ userId, sessionId });
    remember(verified, token, { access, expires: payload.exp! });
    return access;
  } catch {
    return null;
  }
}

/**
 * Access tokens already verified, per secret, with what they say and when they expire (issue 30).
 * A client sends the same token with every request for its 15 minutes, and checking its HMAC
 * through WebCrypto (an async job per request) was the largest cost left in an authenticated
 * search under load. A token is signed text: its signature, issuer and audience verify the same
 * way every time, so only the expiry is checked again (as jose does: valid while `exp` is after
 * now, in whole seconds). Only valid tokens are kept, so a stranger's garbage cannot fill it; an
 * ended session still ends its tokens at once, checked on every request (userForAccessToken).
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { access: VerifiedAccess; expires: number }>>();
/** Past this many signed-in tokens (a few MB), the map starts over. */
const MAX_VERIFIED_TOKENS = 10_000;

function verifiedTokensOf(secret: Uint8Array): Map<string, { access: VerifiedAccess; expires: number }> {
  let verified = verifiedTokens.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  return verified;
}

function remember(verified: Map<string, { access: VerifiedAccess; expires: number }>, token: string, entry: { access: VerifiedAccess; expires: number }) {
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
  verified.set(token, entry);
}

/** An opaque refresh token for the client, and the hash the database keeps instead. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
