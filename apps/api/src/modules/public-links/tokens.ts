import crypto from 'node:crypto';

/**
 * A link's token: 32 random bytes (256 bits) in base64url, 43 characters. Only its SHA-256 is
 * stored, so a copy of the database opens no link; a token is found by its hash (unique index)
 * and the stored hash compared in constant time.
 */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
