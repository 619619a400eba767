import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { SecretBox } from '../apps/api/src/lib/secret-box';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';

/**
 * The server side of `bench/throughput.ts`, in a process of its own (forked with an IPC channel):
 *
 * - `app`: the real app on the benchmark's database (`THROUGHPUT_DATABASE_URL`, or the PGlite
 *   directory `THROUGHPUT_PGLITE_DIR`), logging to its stdout as in production (the parent points
 *   stdout at /dev/null), its search cache as configured (`THROUGHPUT_SEARCH_CACHE_SECONDS`, the
 *   default when unset);
 * - `bare`: a bare Fastify answering `GET /api/policy/search` with the bytes of
 *   `THROUGHPUT_BODY_FILE`, read once: the ceiling of this machine for that response.
 *
 * Sends `{ port }` to the parent once listening; closes and exits on SIGTERM or on 'stop' (so
 * `--cpu-prof` writes its profile).
 */

type Mode = 'app' | 'bare';

async function startApp(): Promise<{ server: FastifyInstance; database?: Database }> {
  const databaseUrl = process.env.THROUGHPUT_DATABASE_URL || undefined;
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolMax: Number(process.env.THROUGHPUT_POOL_MAX) || undefined } : { pgliteDir: process.env.THROUGHPUT_PGLITE_DIR });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-throughput-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.THROUGHPUT_LOG_LEVEL || 'info',
    SEARCH_CACHE_SECONDS: process.env.THROUGHPUT_SEARCH_CACHE_SECONDS,
    JWT_SECRET: process.env.THROUGHPUT_JWT_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const server = await buildApp(config, { database, jwtSecret: new TextEncoder().encode(process.env.THROUGHPUT_JWT_SECRET), secretBox: new SecretBox('bench-secrets-key-'.repeat(3)) });
  return { server, database };
}

async function startBare(): Promise<{ server: FastifyInstance; database?: Database }> {
  const body = await fs.readFile(process.env.THROUGHPUT_BODY_FILE!);
  const server = Fastify({ logger: false });
  server.get('/api/policy/search', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  return { server };
}

async function main() {
  const mode = process.argv[2] as Mode;
  const { server, database } = mode === 'bare' ? await startBare() : await startApp();
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await database?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('message', (message) => message === 'stop' && void stop());
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
}

main().catch((error: unknown) => {
  process.stderr.write(`throughput-server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
