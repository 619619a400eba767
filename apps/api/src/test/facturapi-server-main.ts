import { startFacturapiServer } from './facturapi-server';

/*
 * The Facturapi-speaking test server on its own (the e2e journey's PAC):
 *   FACTURAPI_FAKE_PORT=4010 FACTURAPI_FAKE_REJECT_RFC=XAXX… npx tsx apps/api/src/test/facturapi-server-main.ts
 * then start the portal with FACTURAPI_KEY=sk_test_… FACTURAPI_URL=<the printed URL>.
 */
const server = await startFacturapiServer({
  port: Number(process.env.FACTURAPI_FAKE_PORT ?? 4010),
  rejectRfc: process.env.FACTURAPI_FAKE_REJECT_RFC || undefined,
});
console.log(`Facturapi de pruebas en ${server.url}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
