import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { createScratchDatabase, type ScratchDatabase } from '../../db/scratch-database';
import { killServers, startServer, stopServer, type StartedServer } from '../../test/server-process';
import { startTestBucket, type TestBucket } from '../../test/s3';

const MiB = 1024 * 1024;
const fileSize = 100 * MiB;
const memoryBound = 64 * MiB;
const admin = { email: 'memoria@portal.test', password: 'Memoria-Prueba-1' };

let server: StartedServer;
let dataDir: string;
let scratch: ScratchDatabase | undefined;
let bucket: TestBucket;
let token: string;

beforeAll(async () => {
  // On the PostgreSQL pass the server uses a database of its own there, as in production.
  if (process.env.TEST_DATABASE_URL) scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'portal_memory');
  bucket = await startTestBucket();
}, 60_000);

afterAll(async () => {
  killServers();
  if (scratch) await scratch.drop();
  await bucket.close();
});

/** A server with its own data directory, storing files where `env` says (disk by default). */
async function startWith(env: Record<string, string>) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upload-memory-'));
  server = await startServer(dataDir, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, DATABASE_URL: scratch?.url ?? '', ...env });
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  token = ((await login.json()) as { token: string }).token;
}

async function stop() {
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The server's resident memory, from the kernel: now, or the peak since the last reset. */
function residentMemory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return kib * 1024;
}

/**
 * The server's resident memory once it has settled after the warm-up: two readings 50 ms apart
 * within 1 MiB of each other (at most 3 s), instead of a fixed pause that may be too short or
 * needlessly long.
 */
async function settledResidentMemory(pid: number): Promise<number> {
  const deadline = performance.now() + 3_000;
  let previous = residentMemory(pid, 'VmRSS');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = residentMemory(pid, 'VmRSS');
    if (Math.abs(current - previous) < MiB || performance.now() > deadline) return current;
    previous = current;
  }
}

/** A PDF-headed body of `size` bytes, made 1 MiB at a time: the client never holds the file either. */
async function* generatedPdf(size: number, hash: crypto.Hash) {
  const block = crypto.randomBytes(MiB);
  for (let sent = 0; sent < size; sent += MiB) {
    const chunk = Buffer.from(block.subarray(0, Math.min(MiB, size - sent)));
    if (sent === 0) chunk.write('%PDF-1.7\n');
    hash.update(chunk);
    yield chunk;
  }
}

/** Streams one multipart upload over a real socket and returns the status and JSON answer. */
async function streamUpload(url: string, size: number, hash: crypto.Hash) {
  const boundary = `----portal-memory-${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="estados de cuenta.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  async function* body() {
    yield head;
    yield* generatedPdf(size, hash);
    yield tail;
  }
  await pipeline(Readable.from(body()), request);
  const response = await answered;
  let text = '';
  for await (const chunk of response) text += chunk;
  return { status: response.statusCode, body: JSON.parse(text) as unknown };
}

/** Uploads 100 MB through the server and returns its answer and how much its resident memory grew at the peak. */
async function measuredUpload(label: string) {
  const created = await fetch(`${server.baseUrl}/api/policy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(examplePolicyInput()),
  });
  const policy = (await created.json()) as Policy;
  const url = `${server.baseUrl}/api/files/upload/${policy.investigationId}`;
  const pid = server.child.pid!;

  // Warm the upload path once (modules loaded, pools opened), then measure from a settled baseline.
  expect((await streamUpload(`${url}/tenantId`, MiB, crypto.createHash('sha256'))).status).toBe(201);
  const baseline = await settledResidentMemory(pid);
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets the peak (VmHWM) to the current RSS

  const hash = crypto.createHash('sha256');
  const started = performance.now();
  const { status, body } = await streamUpload(`${url}/incomeProof`, fileSize, hash);
  const seconds = (performance.now() - started) / 1000;
  const growth = residentMemory(pid, 'VmHWM') - baseline;
  console.info(`100 MB upload (${label}): ${seconds.toFixed(1)} s, server peak RSS +${(growth / MiB).toFixed(1)} MB over ${(baseline / MiB).toFixed(0)} MB`);

  expect(status).toBe(201);
  expect(body).toMatchObject({ documentType: 'incomeProof', size: fileSize, sha256: hash.digest('hex'), originalFilename: 'estados_de_cuenta.pdf' });
  expect((body as InvestigationDocument).id).toBeGreaterThan(0);
  return growth;
}

describe.runIf(process.platform === 'linux')('a 100 MB upload', () => {
  it(`is streamed to disk: the server grows by less than ${memoryBound / MiB} MB`, async () => {
    await startWith({});
    try {
      expect(await measuredUpload('disk')).toBeLessThan(memoryBound);
      const storedSizes = fs
        .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size);
      expect(storedSizes).toContain(fileSize);
    } finally {
      await stop();
    }
  }, 120_000);

  it(`is streamed to a bucket in 5 MiB parts: the server grows by less than ${memoryBound / MiB} MB`, async () => {
    const prefix = `memoria-${crypto.randomUUID().slice(0, 8)}`;
    await startWith(bucket.env(prefix));
    try {
      expect(await measuredUpload('S3, s3rver')).toBeLessThan(memoryBound);
      expect((await bucket.keys()).filter((key) => key.startsWith(`${prefix}/`))).toHaveLength(2);
    } finally {
      await stop();
    }
  }, 120_000);
});
