import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-test-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** Starts the real server the way `npm start` does, on a free port, and waits for its banner. */
function startServer(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = output.match(/http:\/\/[\w.]+:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: `http://127.0.0.1:${match[1]}`, output: () => output });
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
    child.kill(signal);
  });
}

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { token: string } };
}

describe('the server process', () => {
  it('seeds once with a generated password, shuts down cleanly on Ctrl-C and keeps its data', async () => {
    const first = await startServer();
    const password = first.output().match(/Contraseña generada para admin@portal\.local: (\S+)/)?.[1];
    expect(password).toBeTruthy();
    const { status, body } = await signIn(first.baseUrl, 'admin@portal.local', password!);
    expect(status).toBe(200);

    const created = await fetch(`${first.baseUrl}/api/branches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
      body: JSON.stringify({
        name: 'Sucursal Coyoacán',
        address: { street: 'Av. Miguel Ángel de Quevedo', exteriorNumber: '500', colony: 'Romero de Terreros', municipality: 'Coyoacán', state: 'Ciudad de México', zipCode: '04310' },
        phone: '55 5554 0000',
        email: 'coyoacan@portal.local',
        manager: null,
      }),
    });
    expect(created.status).toBe(201);

    // A second process on the same data directory would corrupt PGlite: it is refused.
    await expect(startServer()).rejects.toThrow(/ya está en uso/);

    expect(await stop(first.child, 'SIGINT')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const second = await startServer();
    expect(second.output()).not.toContain('Contraseña generada');
    const again = await signIn(second.baseUrl, 'admin@portal.local', password!);
    expect(again.status).toBe(200);
    // The token signed before the restart is still valid: the generated JWT secret was kept.
    const branches = await fetch(`${second.baseUrl}/api/branches`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(branches.status).toBe(200);
    const names = ((await branches.json()) as Array<{ name: string }>).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Sucursal Polanco', 'Sucursal Santa Fe', 'Sucursal Del Valle', 'Sucursal Coyoacán']));
    expect(await stop(second.child, 'SIGTERM')).toBe(0);
  }, 90_000);

  it('refuses to start on bad configuration, naming the variable', async () => {
    await expect(startServer({ PORT: 'no-es-puerto' })).rejects.toThrow(/PORT/);
  });
});
