import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { startServer, stopServer } from '../apps/api/src/test/server-process';
import { writeBenchResult } from './bench-result';

/**
 * `npm run bench:login-js [-- --json FILE]` (issue 30's quick figures): the JavaScript a browser
 * loads for `/login`, signed out, from the production build served by the real server — bytes as
 * they travel (Brotli) and gzipped at level 9 (what issue 13's ≤ 130 KB target counts). No
 * throttling: the bytes do not depend on it (`npm run bench:web` times the load on a phone).
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

async function loginScripts(baseUrl: string): Promise<{ scripts: number; wireBytes: number; gzipBytes: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    let wireBytes = 0;
    let gzipBytes = 0;
    for (const response of scripts) {
      const sizes = await response.request().sizes();
      wireBytes += sizes.responseBodySize;
      gzipBytes += zlib.gzipSync(await response.body(), { level: 9 }).length;
    }
    return { scripts: scripts.length, wireBytes, gzipBytes };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'string' } } });
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-needed.mjs')], { stdio: 'inherit' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-login-'));
  const server = await startServer(dataDir, { ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: 'Bench-Password-1', JWT_SECRET: 'x'.repeat(48), JOBS: 'off' }, { timeoutMs: 120_000 });
  try {
    const js = await loginScripts(server.baseUrl);
    const kb = (bytes: number) => (bytes / 1000).toFixed(1);
    const section =
      `JavaScript for \`/login\` (signed out, the production build): **${kb(js.gzipBytes)} KB gzip** (target ≤ 130 KB), ` +
      `${kb(js.wireBytes)} KB on the wire in Brotli, ${js.scripts} scripts. KB = 1,000 bytes.`;
    process.stdout.write(`${section}\n`);
    await writeBenchResult(values.json, { section, figures: { loginJsGzipKb: js.gzipBytes / 1000, loginJsWireKb: js.wireBytes / 1000 } });
    return 0;
  } finally {
    await stopServer(server.child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:login-js failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
