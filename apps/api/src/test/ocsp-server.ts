import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { TestEfirmaCa } from './efirma-ca';

/*
 * A real OCSP responder on loopback for the e.firma tests (issue 35): OpenSSL's own `openssl ocsp`
 * server answering from the test authority's index (valid and revoked certificates), signed by
 * its delegated responder. The server under test speaks to it over HTTP like it would to SAT's,
 * on loopback (OpenSSL 3.0's `ocsp -port` takes a port only, so it listens on every interface of
 * the test machine while the test file runs).
 */

export interface TestOcspServer {
  url: string;
  /** Stops the responder: a request after this finds no one listening (the 'SAT down' case). */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `openssl ocsp` for the authority's intermediate and waits until it listens (at most 10 s). */
export async function startOcspServer(ca: TestEfirmaCa): Promise<TestOcspServer> {
  const port = await freePort();
  const child = spawn(
    '/usr/bin/openssl',
    ['ocsp', '-index', ca.indexPath, '-port', String(port), '-rsigner', ca.ocspResponder.pemPath, '-rkey', ca.ocspResponder.keyPemPath, '-CA', ca.issuerPemPath, '-ignore_err'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // It says so once it listens ('ACCEPT [::]:port'). A probe connection would not do: the
  // responder serves one connection at a time and waits on an empty one.
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`openssl ocsp did not start: ${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('ACCEPT')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`openssl ocsp stopped: ${output}`));
    });
  });
  await listening.catch((error: unknown) => {
    child.kill();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      child.kill();
      await exited(child);
    },
  };
}
