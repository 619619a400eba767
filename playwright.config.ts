import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * The journeys run against the real server, started on a free port with a fresh data directory
 * (embedded PGlite). Workers inherit process.env, so the port and directory are chosen once.
 */
const freePort = () =>
  execFileSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"]).toString();
process.env.E2E_PORT ||= freePort();
// The SMTP receiver the server delivers to (e2e/smtp-receiver.ts), and where it writes what it received.
process.env.E2E_SMTP_PORT ||= freePort();
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// The WhatsApp gateway a branch is pointed at (e2e/whatsapp-gateway.ts, issue 20), and where it writes what it received.
process.env.E2E_WHATSAPP_PORT ||= freePort();
process.env.E2E_WHATSAPP_KEY ||= 'e2e-whatsapp-key-0123456789';
process.env.E2E_MAIL_FILE ||= path.join(process.env.E2E_DATA_DIR, 'received-mail.jsonl');
process.env.E2E_WHATSAPP_FILE ||= path.join(process.env.E2E_DATA_DIR, 'whatsapp-requests.jsonl');
// The PAC the fee invoices are stamped with (e2e/facturapi.ts, issue 34), and where it writes what it received.
process.env.E2E_FACTURAPI_PORT ||= freePort();
process.env.E2E_FACTURAPI_FILE ||= path.join(process.env.E2E_DATA_DIR, 'facturapi-requests.jsonl');
// The time-stamping authority a completed signing round is stamped by (e2e/tsa.ts, issue 35).
process.env.E2E_TSA_PORT ||= freePort();
// The e.firma authority the portal trusts and the people's .cer/.key (apps/api/src/test/efirma-ca-main.ts,
// issue 35): made before the server starts, once (workers inherit the variable and skip it).
if (!process.env.E2E_EFIRMA_FILE) {
  const dir = path.join(process.env.E2E_DATA_DIR, 'efirma');
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/test/efirma-ca-main.ts', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  process.env.E2E_EFIRMA_FILE = path.join(dir, 'efirma.json');
}
const efirma = JSON.parse(fs.readFileSync(process.env.E2E_EFIRMA_FILE, 'utf8')) as { caBundlePath: string };
process.env.E2E_ADMIN_EMAIL ||= 'admin@portal.test';
process.env.E2E_ADMIN_PASSWORD ||= 'Admin-E2E-2026';

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  globalSetup: ['./e2e/smtp-receiver.ts', './e2e/whatsapp-gateway.ts', './e2e/facturapi.ts', './e2e/tsa.ts'],
  // One journey at a time (issue 30, docs/performance/e2e.md): two workers on the 2-core machine
  // were slower when quiet (11.9 min against 10.7) — the browsers, the server and PGlite are CPU
  // — and journeys sharing a branch's lead board raced each other.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // A failed journey keeps its trace: actions, DOM snapshots, network, console. Without the
    // screencast (a frame after every action, drawn, encoded and sent by the browser): it was a
    // fifth of the run's CPU (docs/performance/e2e.md, 2026-11-27); the failure's own screenshot
    // is still taken. `npx playwright test --trace on` records everything when debugging.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // The production server, as `npm start` runs it: the bundled API and the compressed web build.
    command: 'node scripts/build-if-needed.mjs && node apps/api/dist/main.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // E-mail goes to a real SMTP receiver on loopback; the job queue delivers it (issue 17's one-time codes).
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      JOBS: 'on',
      // Where e-mailed links point when no request gives the address (the rents' daily run asks owners, issue 32).
      PUBLIC_URL: baseURL,
      // The loopback gateway is private: the server calls it only because it is listed (issue 28).
      WHATSAPP_GATEWAY_HOSTS: `127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`,
      // Fee invoices are stamped by the loopback Facturapi with a test key (issue 34).
      FACTURAPI_KEY: 'sk_test_e2e0123456789abcdef',
      FACTURAPI_URL: `http://127.0.0.1:${process.env.E2E_FACTURAPI_PORT}/v2`,
      // Pagarés are signed with e.firma, verified against the journeys' own SAT-like authority, and
      // each completed round is time-stamped by the loopback TSA (issue 35).
      EFIRMA_CA_CERTS: efirma.caBundlePath,
      TSA_URL: `http://127.0.0.1:${process.env.E2E_TSA_PORT}/tsa`,
    },
  },
});
