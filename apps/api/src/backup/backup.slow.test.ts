import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { CommandError } from '../db/command-database';
import { prepareDatabase } from '../db/setup';
import { ADMIN, bearer, json, JWT_SECRET, login, TEST_SECRET_BOX, testConfig } from '../test/app';
import { multipartFile, sampleFiles, sha256 } from '../test/files';
import { backupDataDirectory, newBackupDirectory, restoreDataDirectory } from './backup';

/** The server as main.ts runs it, on a PGlite data directory on disk; `work` gets the app and an admin's token. */
async function withServer<T>(config: AppConfig, work: (app: Awaited<ReturnType<typeof buildApp>>, token: string) => Promise<T>): Promise<T> {
  const { database } = await prepareDatabase(config);
  const app = await buildApp(config, { database, jwtSecret: new TextEncoder().encode(JWT_SECRET), secretBox: TEST_SECRET_BOX, logStream: { write: () => {} } });
  try {
    await app.ready();
    return await work(app, (await login(app, ADMIN.email, ADMIN.password)).token);
  } finally {
    await app.close();
    await database.close();
  }
}

const serverConfig = () => testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

let scratch: string;
let source: AppConfig;
let backupDir: string;
const uploaded: Array<{ policy: Policy; documentId: number; sha256: string }> = [];

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
  source = serverConfig();
  await withServer(source, async (app, token) => {
    for (const n of [1, 2, 3]) {
      const created = await app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: examplePolicyInput({ policyNumber: `POL-RESP-${n}` }) });
      expect(created.statusCode, created.body).toBe(201);
      const policy = json<Policy>(created);
      const content = n === 2 ? sampleFiles.png() : sampleFiles.pdf(`recibo ${n}`);
      const { payload, headers } = multipartFile(content, n === 2 ? 'foto.png' : 'recibo.pdf');
      const response = await app.inject({ method: 'POST', url: `/api/files/upload/${policy.investigationId}/utilities`, headers: { ...bearer(token), ...headers }, payload });
      expect(response.statusCode, response.body).toBe(201);
      uploaded.push({ policy, documentId: json<InvestigationDocument>(response).id, sha256: sha256(content) });
    }
  });
  backupDir = await newBackupDirectory(scratch, new Date('2026-11-24T06:23:45Z'));
}, 60_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('npm run backup / npm run restore (embedded PGlite)', () => {
  it('names the backup after the minute (UTC)', () => {
    expect(path.basename(backupDir)).toBe('2026-11-24T0623');
  });

  it('refuses while a server holds the data directory', async () => {
    // db.lock naming a live process that is not this one: what a running server leaves.
    const lockFile = path.join(source.dataDir, 'db.lock');
    fs.writeFileSync(lockFile, String(process.ppid));
    try {
      await expect(backupDataDirectory(source.dataDir, backupDir)).rejects.toThrow(/detenga el servidor/);
      expect(fs.existsSync(backupDir)).toBe(false);
    } finally {
      fs.rmSync(lockFile);
    }
  });

  it('restores into a fresh DATA_DIR every policy and every file, byte for byte', async () => {
    const manifest = await backupDataDirectory(source.dataDir, backupDir);
    expect(manifest.files.filter((file) => file.path.startsWith('files/'))).toHaveLength(3);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['data', 'database.tar.gz', 'manifest.json']);

    const target = serverConfig();
    fs.rmSync(target.dataDir, { recursive: true });
    await restoreDataDirectory(backupDir, target.dataDir, { force: false });
    expect(fs.existsSync(path.join(target.dataDir, 'db.lock'))).toBe(false);

    await withServer(target, async (app, token) => {
      for (const file of uploaded) {
        const found = await app.inject({ method: 'GET', url: `/api/policy/unique/${file.policy.id}`, headers: bearer(token) });
        expect(found.statusCode, found.body).toBe(200);
        expect(json<Policy>(found)).toMatchObject({ id: file.policy.id, policyNumber: file.policy.policyNumber, investigationId: file.policy.investigationId });
        const download = await app.inject({ method: 'GET', url: `/api/files/${file.documentId}/download`, headers: bearer(token) });
        expect(download.statusCode, download.body).toBe(200);
        expect(sha256(download.rawPayload)).toBe(file.sha256);
      }
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    });
  }, 60_000);

  it('refuses a DATA_DIR that is not empty unless --force, and a damaged backup before writing anything', async () => {
    const target = serverConfig();
    fs.writeFileSync(path.join(target.dataDir, 'algo.txt'), 'no borrar');
    await expect(restoreDataDirectory(backupDir, target.dataDir, { force: false })).rejects.toThrow(/no está vacío.*--force/);
    expect(fs.readdirSync(target.dataDir)).toEqual(['algo.txt']);

    const damaged = path.join(scratch, 'dañado');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const [first] = fs.readdirSync(path.join(damaged, 'data', 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    fs.appendFileSync(path.join(first!.parentPath, first!.name), 'x');
    await expect(restoreDataDirectory(damaged, target.dataDir, { force: true })).rejects.toThrow(CommandError);
    expect(fs.readdirSync(target.dataDir)).toEqual(['algo.txt']);

    await restoreDataDirectory(backupDir, target.dataDir, { force: true });
    expect(fs.existsSync(path.join(target.dataDir, 'algo.txt'))).toBe(false);
    expect(fs.existsSync(path.join(target.dataDir, 'db', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
