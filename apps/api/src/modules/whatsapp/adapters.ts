import http from 'node:http';
import https from 'node:https';
import { whatsappMessages as messages, type GatewayKind } from '@portal/domain';
import { ADDRESS_REFUSED, connectionGuard, type GatewayHosts } from './gateway-address';

/** A gateway as the adapters need it: the key already opened (never logged, never answered). */
export interface GatewayTarget {
  kind: GatewayKind;
  serverUrl: string;
  /** Evolution's instance name, or WAHA's session. */
  instance: string;
  apiKey: string;
}

/**
 * A send's outcome. A failure carries the Spanish status the card shows (`response`) and, apart,
 * what happened (`detail`: the gateway's status and body, cut, or the socket's error) for the
 * server's log only: a gateway's answer never reaches a browser (issue 28).
 */
export type SendResult = { ok: true; messageId: string } | { ok: false; response: string; detail: string };

/** The part of a gateway's answer kept in the log: enough to read the error, not a whole page. */
const DETAIL_LIMIT = 500;
/** A gateway that does not answer in this time is retried later: the request (or job) is not held longer. */
const SEND_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read: a message id is a few dozen bytes. */
const RESPONSE_CAP_BYTES = 64 * 1024;

interface GatewayRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Evolution API v2: `POST {server}/message/sendText/{instance}`, header `apikey`, body
 * `{ number, text }` with the number as digits with the country code ('525590004000').
 */
function evolutionRequest(target: GatewayTarget, phone: string, text: string): GatewayRequest {
  return {
    url: `${target.serverUrl}/message/sendText/${encodeURIComponent(target.instance)}`,
    headers: { apikey: target.apiKey },
    body: { number: phone.replace(/^\+/, ''), text },
  };
}

/**
 * WAHA: `POST {server}/api/sendText`, header `X-Api-Key`, body `{ session, chatId, text }` with
 * the chat id '<digits>@c.us'.
 */
function wahaRequest(target: GatewayTarget, phone: string, text: string): GatewayRequest {
  return {
    url: `${target.serverUrl}/api/sendText`,
    headers: { 'X-Api-Key': target.apiKey },
    body: { session: target.instance || 'default', chatId: `${phone.replace(/^\+/, '')}@c.us`, text },
  };
}

const requestFor: Record<GatewayKind, typeof evolutionRequest> = { evolution: evolutionRequest, waha: wahaRequest };

/** The message's id in either answer: Evolution's `key.id`, WAHA's `id` (a string or `{ _serialized }`). */
function messageIdOf(answer: unknown): string {
  const body = (answer ?? {}) as { key?: { id?: unknown }; id?: unknown };
  const id = body.key?.id ?? body.id;
  if (typeof id === 'string') return id.slice(0, 200);
  const serialized = (id as { _serialized?: unknown } | undefined)?._serialized;
  return typeof serialized === 'string' ? serialized.slice(0, 200) : '';
}

type Exchange = { status: number; body: string } | { error: Error };

/**
 * One POST over node:http(s), so the socket's address can be checked (`lookup`): no redirect is
 * followed (a 3xx is just a status), the whole exchange has SEND_TIMEOUT_MS, and no more than
 * RESPONSE_CAP_BYTES of the answer is read.
 */
function post(url: URL, headers: Record<string, string>, body: string, hosts: GatewayHosts): Promise<Exchange> {
  const guard = connectionGuard(url, hosts);
  if ('refused' in guard) return Promise.resolve({ error: guard.refused });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, { method: 'POST', headers, lookup: guard.lookup, agent: false, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, Math.max(0, RESPONSE_CAP_BYTES - size)));
        size += chunk.length;
        // Enough read: the rest is not waited for.
        if (size >= RESPONSE_CAP_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => resolve({ error }));
      // After 'end' or 'error' this changes nothing (a promise settles once); it covers a socket closed without either.
      response.on('close', () => resolve({ error: new Error('response closed early') }));
    });
    request.on('error', (error) => resolve({ error }));
    request.end(body);
  });
}

function failure(exchange: Exchange): SendResult {
  if ('error' in exchange) {
    const code = (exchange.error as NodeJS.ErrnoException).code;
    const response = code === ADDRESS_REFUSED ? messages.addressNotAllowed : messages.gatewayUnreachable;
    return { ok: false, response, detail: `${code ?? exchange.error.name}: ${exchange.error.message}`.slice(0, DETAIL_LIMIT) };
  }
  return { ok: false, response: messages.gatewayHttpError(exchange.status), detail: `HTTP ${exchange.status}: ${exchange.body}`.slice(0, DETAIL_LIMIT) };
}

/**
 * Sends one text through the gateway's contract, only to an address the gateway rule allows
 * (gateway-address.ts). Never throws: a refusal, a network failure or a timeout is a failed result.
 */
export async function sendThroughGateway(target: GatewayTarget, hosts: GatewayHosts, phone: string, text: string): Promise<SendResult> {
  const request = requestFor[target.kind](target, phone, text);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, response: messages.addressNotAllowed, detail: 'URL inválida' };
  }
  const headers = { 'content-type': 'application/json', accept: 'application/json', ...request.headers };
  const exchange = await post(url, headers, JSON.stringify(request.body), hosts);
  if ('error' in exchange || exchange.status < 200 || exchange.status > 299) return failure(exchange);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(exchange.body);
  } catch {
    // A 2xx without JSON (or cut at the cap) is still a message accepted; it just has no id to keep.
  }
  return { ok: true, messageId: messageIdOf(parsed) };
}
