import fs from 'node:fs';
import path from 'node:path';
import { startFacturapiServer } from '../apps/api/src/test/facturapi-server';
import { completeJsonLines } from './json-lines';

/**
 * Playwright's global set-up: the API tests' Facturapi-speaking server (issue 34,
 * apps/api/src/test/facturapi-server.ts) on loopback at E2E_FACTURAPI_PORT — the PAC the started
 * portal stamps its fee invoices with (FACTURAPI_URL). Each request it receives is appended to
 * E2E_FACTURAPI_FILE (JSON lines: method, path, body), for a journey to read with `pacRequests()`.
 */
export default async function startFacturapi() {
  const file = process.env.E2E_FACTURAPI_FILE!;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  const server = await startFacturapiServer({
    port: Number(process.env.E2E_FACTURAPI_PORT),
    onRequest: ({ method, path: requestPath, body }) => fs.appendFileSync(file, `${JSON.stringify({ method, path: requestPath, body })}\n`),
  });
  return server.stop;
}

export interface RecordedPacRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** What the PAC received so far, oldest first. */
export function pacRequests(): RecordedPacRequest[] {
  return completeJsonLines<RecordedPacRequest>(process.env.E2E_FACTURAPI_FILE!);
}
