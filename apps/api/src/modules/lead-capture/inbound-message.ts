import { normalizePhone } from '@portal/domain';

/** A text a person sent to the branch's WhatsApp number, as both gateways report it. */
export interface InboundMessage {
  /** E.164. */
  phone: string;
  /** The name the person gave WhatsApp ('' when the gateway sent none). */
  pushName: string;
  text: string;
  gatewayMessageId: string;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Reads an inbound text message out of a gateway's webhook call, or null for anything else (other
 * events, the business's own messages, groups and broadcasts, media without text):
 * - Evolution API v2, event `messages.upsert`: `data.key.remoteJid` ('521…@s.whatsapp.net'),
 *   `data.key.fromMe`, `data.message.conversation` or `data.message.extendedTextMessage.text`, `data.pushName`.
 * - WAHA, event `message`: `payload.from` ('521…@c.us'), `payload.fromMe`, `payload.body`, `payload._data.notifyName`.
 */
export function readInboundMessage(body: unknown): InboundMessage | null {
  const call = record(body);
  const event = text(call.event).toLowerCase().replace(/_/g, '.');
  if (event === 'messages.upsert') return fromEvolution(record(call.data));
  if (event === 'message') return fromWaha(record(call.payload));
  return null;
}

function fromEvolution(data: Json): InboundMessage | null {
  const key = record(data.key);
  if (key.fromMe === true) return null;
  const message = record(data.message);
  const body = text(message.conversation) || text(record(message.extendedTextMessage).text);
  return inbound(text(key.remoteJid), '@s.whatsapp.net', body, text(data.pushName), text(key.id));
}

function fromWaha(payload: Json): InboundMessage | null {
  if (payload.fromMe === true) return null;
  return inbound(text(payload.from), '@c.us', text(payload.body), text(record(payload._data).notifyName), text(payload.id));
}

/** Only a person's chat ('…@s.whatsapp.net' / '…@c.us'): groups ('@g.us'), broadcasts and linked ids carry no number to call back. */
function inbound(jid: string, personSuffix: string, body: string, pushName: string, id: string): InboundMessage | null {
  if (!jid.endsWith(personSuffix) || !body.trim()) return null;
  const phone = normalizePhone(`+${jid.slice(0, -personSuffix.length).split(':')[0]}`);
  if (!phone) return null;
  return { phone, pushName: pushName.trim().slice(0, 200), text: body.trim().slice(0, 4000), gatewayMessageId: id.slice(0, 200) };
}
