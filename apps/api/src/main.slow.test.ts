import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endOfLifeWarning } from './lib/node-support';
import { killServers, startServer as startProcess, stopServer } from './test/server-process';

// Slow by nature (issue 30): real server processes — the bundled server started four times, a
// first start that seeds a new database, a shutdown by signal — so it runs with the slow suites
// (`npm run test:slow`, and in CI), not in `npm test`.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-test-'));
const startServer = (env: Record<string, string> = {}) => startProcess(dataDir, env);
const stop = stopServer;

afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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
    // The runtime warning, once, on an end-of-life Node (this suite also runs on 22 and 24 in CI).
    const warnings = first.output().match(/Aviso: Node\.js \S+ llegó al fin de su soporte/g) ?? [];
    expect(warnings).toHaveLength(endOfLifeWarning(process.versions.node, new Date()) ? 1 : 0);
    // Mail is off (no SMTP_URL): nothing to say about PUBLIC_URL.
    expect(first.output()).not.toContain('PUBLIC_URL');
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

    // With mail on and no PUBLIC_URL the deployer is told once that e-mailed links may not open (issue 29).
    const second = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(second.output()).not.toContain('Contraseña generada');
    expect(second.output().match(/Aviso: SMTP_URL está configurado y PUBLIC_URL no/g)).toHaveLength(1);
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
