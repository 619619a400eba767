import type { TimestampAuthority } from './authority';
import { readTimestampReply, timestampQuery, TimestampError } from './rfc3161';

/*
 * An RFC 3161 time-stamping authority over HTTP (RFC 3161 §3.4): the DER TimeStampReq POSTed as
 * `application/timestamp-query`, the TimeStampResp read from an `application/timestamp-reply`.
 */

/** Long enough for a TSA across the internet; short enough that a signer is not kept waiting long when it is down. */
const defaultTimeoutMs = 10_000;
/** A TimeStampResp is a few KB; anything far larger is not one. */
const maxReplyBytes = 256 * 1024;

export function httpTimestampAuthority(url: string, timeoutMs = defaultTimeoutMs): TimestampAuthority {
  return {
    async stamp(digestHex) {
      const query = timestampQuery(digestHex);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: query.der,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) throw new TimestampError(`the TSA answered HTTP ${response.status}`);
      if (!response.headers.get('content-type')?.startsWith('application/timestamp-reply')) throw new TimestampError('the TSA did not answer a timestamp-reply');
      const body = new Uint8Array(await response.arrayBuffer());
      if (body.byteLength > maxReplyBytes) throw new TimestampError('the TSA answer is too large');
      return readTimestampReply(body, { digestHex, nonce: query.nonce });
    },
  };
}
