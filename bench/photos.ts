import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { syntheticPhotoScript } from './synthetic-photo';

/**
 * `npm run bench:photos -- --before-dist DIR [--json FILE]` — a tenant's seven phone photos on 4G (issue 30).
 *
 * Two servers, the same API build (apps/api/dist), each serving a web build by WEB_DIST_DIR:
 * BEFORE (DIR: e.g. main's `apps/web/dist`, built and compressed beforehand) and AFTER (this
 * tree's apps/web/dist). Per build, in Debian's Chromium on the mobile preset of bench/web-vitals.ts
 * (412×823 @1.75, mobile UA, CDP: 150 ms, 1.6 Mbps down, 750 Kbps up, CPU ×4):
 *
 * - `/login`'s and the public link's (`/p/{token}`) first load: JavaScript on the wire (bodies as
 *   transferred, Brotli) and LCP, empty cache; the link page's aviso de privacidad is what a
 *   tenant sees first; then the documents' page the aviso leads to (its extra JS).
 * - Seven 12 MP camera JPEGs (bench/synthetic-photo.ts: 4000×3000, ~5–6 MB each, drawn before the
 *   clock starts) picked one after another on the seven rows of a Básica tenant's link with
 *   'INE separada' (front, back, three income proofs, employment letter, proof of address); each
 *   timed from the pick to the row's file listed as received, the set as their sum.
 */

const usage = 'Usage: node --import tsx bench/photos.ts --before-dist DIR [--after-dist DIR] [--json FILE]';
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const mobileUserAgent =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36';
const network = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };
const cpuSlowdown = 4;
const admin = { email: 'bench-photos@portal.test', password: 'Bench-Photos-2026' };
const repoRoot = path.resolve(import.meta.dirname, '..');

interface FirstLoad {
  jsWireBytes: number;
  lcp: number;
}

interface BuildResult {
  label: string;
  login: FirstLoad;
  link: FirstLoad;
  /** Scripts the documents' page added after the aviso. */
  uploadPageJsBytes: number;
  /** Per photo: seconds from the pick to 'received', and the bytes the server stored. */
  photos: Array<{ seconds: number; storedBytes: number }>;
  /** Scripts loaded while sending the photos (the shrinking module, on demand). */
  onDemandJsBytes: number;
}

const lcpScript = `(() => {
  window.__lcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.renderTime || e.loadTime || e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function throttle(cdp: CDPSession, on: boolean) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', on ? network : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? cpuSlowdown : 1 });
}

/** Bytes of every script the page receives until `stop()`. */
function countScripts(page: Page) {
  const pending: Array<Promise<number>> = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() === 'script') pending.push(response.request().sizes().then((sizes) => sizes.responseBodySize));
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    return (await Promise.all(pending)).reduce((sum, bytes) => sum + bytes, 0);
  };
}

async function firstLoad(page: Page, cdp: CDPSession, url: string, ready: string): Promise<FirstLoad> {
  await cdp.send('Network.clearBrowserCache');
  const scripts = countScripts(page);
  await throttle(cdp, true);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.locator(ready).first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(500);
  await throttle(cdp, false);
  return { jsWireBytes: await scripts(), lcp: (await page.evaluate('window.__lcp')) as number };
}

async function api(base: string, method: string, pathname: string, token: string | null, body?: unknown) {
  const response = await fetch(new URL(pathname, base), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A Básica policy with a tenant's upload link, through the API: the link's path and the staff's token. */
async function tenantLink(base: string): Promise<{ linkPath: string; token: string; investigationId: string }> {
  const { token } = (await api(base, 'POST', '/api/auth/login', null, admin)) as { token: string };
  const policy = (await api(base, 'POST', '/api/policy', token, examplePolicyInput({ policyType: 'basica', tenants: [exampleTenant('Lucía Ramos')] }))) as {
    id: number;
    investigationId: string;
  };
  const issued = (await api(base, 'POST', `/api/policy/${policy.id}/links`, token, { party: 'tenant' })) as { url: string };
  return { linkPath: new URL(issued.url).pathname, token, investigationId: policy.investigationId };
}

async function mobileContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: mobileUserAgent, locale: 'es-MX' });
  await context.addInitScript(lcpScript);
  return context;
}

async function measureBuild(browser: Browser, server: StartedServer, label: string, photos: string[]): Promise<BuildResult> {
  const base = server.baseUrl;
  const context = await mobileContext(browser);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    const login = await firstLoad(page, cdp, new URL('/login', base).href, 'button[type=submit]');
    const { linkPath, token, investigationId } = await tenantLink(base);
    const link = await firstLoad(page, cdp, new URL(linkPath, base).href, 'input[type=checkbox]');

    const uploadScripts = countScripts(page);
    await throttle(cdp, true);
    await page.getByLabel(/He leído el aviso de privacidad/).check();
    await page.getByRole('button', { name: 'Acepto y continúo' }).click();
    await page.getByRole('radio', { name: 'INE separada' }).check({ force: true });
    const inputs = page.getByLabel(/^Elegir archivo: /);
    await inputs.nth(6).waitFor({ state: 'attached', timeout: 120_000 });
    const uploadPageJsBytes = await uploadScripts();

    const onDemand = countScripts(page);
    const received = page.getByRole('region', { name: 'Documentos recibidos' }).getByRole('listitem');
    const timings: number[] = [];
    for (const [index, photo] of photos.entries()) {
      const started = performance.now();
      // A path, not a buffer: the browser opens the file itself, as from a phone's picker (a 6 MB
      // buffer through the protocol to a CPU-throttled page took longer than the upload).
      await inputs.nth(index).setInputFiles(photo);
      await received.nth(index).waitFor({ timeout: 300_000 });
      timings.push((performance.now() - started) / 1000);
      process.stderr.write(`  ${label}: photo ${index + 1} in ${timings.at(-1)!.toFixed(1)} s\n`);
    }
    await throttle(cdp, false);
    const onDemandJsBytes = await onDemand();
    const stored = (await (await fetch(new URL(`/api/files/documentswithresponses/${investigationId}`, base), { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
      documentType: string;
      size: number;
    }>;
    const order = ['tenantId', 'tenantIdBack', 'incomeProof', 'incomeProof1', 'incomeProof2', 'employmentLetter', 'utilities'];
    const photosResult = timings.map((seconds, index) => ({ seconds, storedBytes: stored.find((d) => d.documentType === order[index])?.size ?? 0 }));
    return { label, login, link, uploadPageJsBytes, photos: photosResult, onDemandJsBytes };
  } finally {
    await context.close();
  }
}

/** The seven photos, written to `directory` as IMG_2041.jpg … IMG_2047.jpg. */
async function drawPhotos(browser: Browser, directory: string, count: number): Promise<Array<{ file: string; bytes: number }>> {
  const page = await browser.newPage();
  await page.evaluate(syntheticPhotoScript);
  const photos: Array<{ file: string; bytes: number }> = [];
  for (let seed = 1; seed <= count; seed++) {
    const photo = (await page.evaluate(`window.syntheticPhoto(${JSON.stringify({ width: 4000, height: 3000, cardWidth: 2000, seed })})`)) as { base64: string };
    const file = path.join(directory, `IMG_20${40 + seed}.jpg`);
    const bytes = Buffer.from(photo.base64, 'base64');
    await fs.writeFile(file, bytes);
    photos.push({ file, bytes: bytes.length });
  }
  await page.close();
  return photos;
}

interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
}

/**
 * The production server (apps/api/dist/main.mjs, as `npm start` runs it) with a new PGlite
 * database, serving `webDist`. Its own spawn rather than the tests' startServer: on a shared,
 * loaded machine a new database may take longer than that helper's 30 s.
 */
async function serve(webDist: string): Promise<{ server: StartedServer; dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-photos-'));
  const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', JWT_SECRET: '', WEB_DIST_DIR: webDist, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, JOBS: 'off' };
  const child = spawn(process.execPath, ['dist/main.mjs'], { cwd: path.join(repoRoot, 'apps/api'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${output}`)), 180_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /http:\/\/[\w.]+:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { server: { child, baseUrl }, dataDir };
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function report(before: BuildResult, after: BuildResult, originalBytes: number[]) {
  const seconds = (result: BuildResult) => sum(result.photos.map((photo) => photo.seconds));
  const stored = (result: BuildResult) => sum(result.photos.map((photo) => photo.storedBytes));
  const speedup = seconds(before) / seconds(after);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const lines = [
    `Mobile preset (412×823 @1.75, 150 ms, 1.6 Mbps down, 750 Kbps up, CPU ×${cpuSlowdown}); KB = 1,000 bytes, JS as transferred (Brotli).`,
    '',
    '| build | 7 photos (s) | per photo (s, min–max) | sent (MB) | `/login` JS (KB) | `/login` LCP (ms) | `/p/{token}` JS (KB) | `/p/{token}` LCP (ms) | documents page + JS (KB) | on demand JS (KB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...[before, after].map((r) => {
      const each = r.photos.map((photo) => photo.seconds);
      return `| ${r.label} | ${seconds(r).toFixed(1)} | ${(seconds(r) / each.length).toFixed(1)} (${Math.min(...each).toFixed(1)}–${Math.max(...each).toFixed(1)}) | ${mb(stored(r))} | ${kb(r.login.jsWireBytes)} | ${Math.round(r.login.lcp)} | ${kb(r.link.jsWireBytes)} | ${Math.round(r.link.lcp)} | ${kb(r.uploadPageJsBytes)} | ${kb(r.onDemandJsBytes)} |`;
    }),
    '',
    `The seven camera JPEGs weigh ${mb(sum(originalBytes))} MB (${originalBytes.map((bytes) => mb(bytes)).join(', ')}). Set ${speedup.toFixed(1)}× faster after.`,
  ];
  const figures = {
    photosBeforeSeconds: Number(seconds(before).toFixed(1)),
    photosAfterSeconds: Number(seconds(after).toFixed(1)),
    photosSpeedup: Number(speedup.toFixed(2)),
    photosOriginalMb: Number(mb(sum(originalBytes))),
    photosBeforeSentMb: Number(mb(stored(before))),
    photosAfterSentMb: Number(mb(stored(after))),
    publicPageJsKb: Number(kb(after.link.jsWireBytes)),
    publicPageJsKbBefore: Number(kb(before.link.jsWireBytes)),
    publicPageLcpMs: Math.round(after.link.lcp),
    uploadPageExtraJsKb: Number(kb(after.uploadPageJsBytes)),
    shrinkOnDemandJsKb: Number(kb(after.onDemandJsBytes)),
    loginJsKb: Number(kb(after.login.jsWireBytes)),
    loginJsKbBefore: Number(kb(before.login.jsWireBytes)),
    loginLcpMs: Math.round(after.login.lcp),
  };
  return { section: lines.join('\n'), figures };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'before-dist': { type: 'string' },
      'after-dist': { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || !values['before-dist']) {
    process.stdout.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  const servers = [await serve(path.resolve(values['before-dist'])), await serve(path.resolve(values['after-dist']))];
  const photoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-photos-jpegs-'));
  try {
    const photos = await drawPhotos(browser, photoDir, 7);
    // After first, then before: whichever runs second meets a machine no warmer than the first did.
    const after = await measureBuild(browser, servers[1]!.server, 'after', photos.map((photo) => photo.file));
    const before = await measureBuild(browser, servers[0]!.server, 'before', photos.map((photo) => photo.file));
    const { section, figures } = report(before, after, photos.map((photo) => photo.bytes));
    process.stdout.write(`${section}\n`);
    if (values.json) await fs.writeFile(values.json, `${JSON.stringify({ section, figures }, null, 2)}\n`);
    return 0;
  } finally {
    await browser.close();
    await fs.rm(photoDir, { recursive: true, force: true });
    for (const { server, dataDir } of servers) {
      await stopServer(server.child);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
