import { startTsaServer } from '../apps/api/src/test/tsa-server';

/**
 * Playwright's global set-up: the API tests' time-stamping authority (issue 35,
 * apps/api/src/test/tsa-server.ts: OpenSSL's `ts -reply` behind HTTP) on loopback at E2E_TSA_PORT,
 * the TSA_URL the started portal stamps a completed round's evidence with.
 */
export default async function startTsa() {
  const tsa = await startTsaServer({ port: Number(process.env.E2E_TSA_PORT) });
  return () => tsa.close();
}
