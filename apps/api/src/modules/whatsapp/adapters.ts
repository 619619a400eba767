import type { GatewayKind } from '@portal/domain';

/** A gateway as the adapters need it: the key already opened (never logged, never answered). */
export interface GatewayTarget {
  kind: GatewayKind;
  serverUrl: string;
  /** Evolution's instance name, or WAHA's session. */
  instance: string;
  apiKey: string;
}

export type SendResult = { ok: true; messageId: string } | { ok: false; response: string };

/** The part of a gateway's answer kept in the log: enough to read the error, not a whole page. */
const RESPONSE_LIMIT = 500;
/** A gateway that does not answer in this time is retried later: the request (or job) is not held longer. */
const SEND_TIMEOUT_MS = 10_000;

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

/**
 * Sends one text through the gateway's contract. Never throws: a refusal is the gateway's status
 * and body (cut), a network failure or timeout its reason, both kept in the message's log.
 */
export async function sendThroughGateway(target: GatewayTarget, phone: string, text: string): Promise<SendResult> {
  const request = requestFor[target.kind](target, phone, text);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { ok: false, response: `Sin respuesta del gateway: ${reason}`.slice(0, RESPONSE_LIMIT) };
  }
  const body = await response.text().catch(() => '');
  if (!response.ok) return { ok: false, response: `HTTP ${response.status}: ${body}`.slice(0, RESPONSE_LIMIT) };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // A 2xx without JSON is still a message accepted; it just has no id to keep.
  }
  return { ok: true, messageId: messageIdOf(parsed) };
}
