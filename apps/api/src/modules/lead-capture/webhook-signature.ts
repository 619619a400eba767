import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { webhookMaxAgeMs, whatsappWebhookHeaders as names } from '@portal/domain';

/** A header's single value ('' when absent or repeated: a proof is never a list). */
function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : '';
}

/** Equal bytes, compared in constant time; unequal lengths are simply unequal. */
function sameBytes(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * WAHA's signature: hex HMAC-SHA512 of the raw body with the key, and a timestamp no older (nor
 * further ahead) than webhookMaxAgeMs, so a captured call cannot be replayed days later.
 */
function wahaSigned(secret: string, headers: IncomingHttpHeaders, raw: Buffer, now: number): boolean {
  const signature = header(headers, names.hmac);
  if (!/^[0-9a-f]{128}$/i.test(signature)) return false;
  const algorithm = header(headers, names.algorithm).toLowerCase();
  if (algorithm && algorithm !== 'sha512') return false;
  const timestamp = Number(header(headers, names.timestamp));
  if (!Number.isFinite(timestamp) || timestamp <= 0 || Math.abs(now - timestamp) > webhookMaxAgeMs) return false;
  const expected = crypto.createHmac('sha512', secret).update(raw).digest();
  return sameBytes(Buffer.from(signature, 'hex'), expected);
}

/** Evolution's custom header: the key itself, compared through SHA-256 so the lengths never tell. */
function evolutionSigned(secret: string, headers: IncomingHttpHeaders): boolean {
  const given = header(headers, names.secret);
  if (!given) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();
  return sameBytes(digest(given), digest(secret));
}

/**
 * Whether a webhook call comes from the branch's gateway (issue 28): WAHA's HMAC when the call
 * carries one, else Evolution's secret header. Either proves the sender holds the key; without a
 * key stored, nothing is authentic.
 */
export function authenticDelivery(secret: string | null, headers: IncomingHttpHeaders, raw: Buffer, now: number): boolean {
  if (!secret) return false;
  if (header(headers, names.hmac)) return wahaSigned(secret, headers, raw, now);
  return evolutionSigned(secret, headers);
}
