import fs from 'node:fs';
import path from 'node:path';
import { FAIL_NEXT_PATH, whatsappGateway } from '../apps/api/src/test/whatsapp-gateway';
import { completeJsonLines } from './json-lines';

/**
 * Playwright's global set-up: the API tests' WhatsApp gateway (Evolution API v2 and WAHA
 * contracts, apps/api/src/test/whatsapp-gateway.ts) on loopback at E2E_WHATSAPP_PORT, taking the
 * key E2E_WHATSAPP_KEY. Each request it answers is appended to E2E_WHATSAPP_FILE (JSON lines:
 * kind, path, body, status; headers left out). A journey points the branch's gateway at
 * `whatsappGatewayUrl()` on the 'WhatsApp' screen and reads what was sent with `gatewayRequests()`.
 */
export default async function startWhatsappGateway() {
  const file = process.env.E2E_WHATSAPP_FILE!;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  const gateway = await whatsappGateway({
    apiKey: process.env.E2E_WHATSAPP_KEY!,
    instance: 'default',
    port: Number(process.env.E2E_WHATSAPP_PORT),
    onRequest: ({ kind, path: requestPath, body, status }) => fs.appendFileSync(file, `${JSON.stringify({ kind, path: requestPath, body, status })}\n`),
  });
  return gateway.close;
}

export function whatsappGatewayUrl(): string {
  return `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`;
}

export interface RecordedGatewayRequest {
  kind: 'evolution' | 'waha';
  path: string;
  body: Record<string, unknown>;
  status: number;
}

/** What the gateway received so far, oldest first. */
export function gatewayRequests(): RecordedGatewayRequest[] {
  return completeJsonLines<RecordedGatewayRequest>(process.env.E2E_WHATSAPP_FILE!);
}

/** The next `count` sends are answered 500 with a JSON error (a retry journey). */
export async function failNextSends(count: number): Promise<void> {
  const response = await fetch(`${whatsappGatewayUrl()}${FAIL_NEXT_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });
  if (!response.ok) throw new Error(`the test gateway refused: ${response.status}`);
}
