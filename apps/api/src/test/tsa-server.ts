import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A time-stamping authority on loopback for the tests (issue 35): real OpenSSL (`openssl ts
 * -reply`) behind a small HTTP server that speaks RFC 3161 over HTTP (RFC 3161 §3.4): a POST of
 * `application/timestamp-query`, answered `application/timestamp-reply`. Its certificate is made
 * on start by its own test certificate authority, with the critical extendedKeyUsage timeStamping
 * a TSA's certificate must carry. Never the real service, never a mock inside the process.
 */

const run = promisify(execFile);

export interface TsaServer {
  /** POST here (TSA_URL). */
  url: string;
  /** The TSA certificate's subject as the portal prints it. */
  subject: string;
  /** Its certificate authority's certificate (PEM file): `openssl ts -verify -CAfile` trusts it. */
  caFile: string;
  /** How many queries it answered (granted or not). */
  readonly requests: number;
  /** 'reject': answers every query with status rejection (a TSA that refuses); 'granted' again restores it. */
  setMode(mode: 'granted' | 'reject'): void;
  close(): Promise<void>;
}

const subject = { commonName: 'TSA de prueba', organization: 'Portal de Polizas Pruebas' };

/** The CA, the TSA's key and certificate, and the `openssl ts` configuration, in a new directory. */
async function makeAuthority(dir: string): Promise<string> {
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  // EC keys: made in milliseconds, unlike RSA, and every TSA client reads ECDSA.
  await openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '3650', '-subj', '/CN=Autoridad de prueba del TSA');
  await openssl('req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', `/CN=${subject.commonName}/O=${subject.organization}`);
  await fs.writeFile(
    path.join(dir, 'tsa-ext.cnf'),
    ['[tsa_ext]', 'basicConstraints = critical, CA:FALSE', 'keyUsage = critical, digitalSignature, nonRepudiation', 'extendedKeyUsage = critical, timeStamping', ''].join('\n'),
  );
  await openssl('x509', '-req', '-in', 'tsa.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '3650', '-extfile', 'tsa-ext.cnf', '-extensions', 'tsa_ext', '-out', 'tsa.crt');
  await fs.writeFile(path.join(dir, 'tsaserial'), '01\n');
  const config = path.join(dir, 'ts.cnf');
  await fs.writeFile(
    config,
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `dir = ${dir}`,
      'serial = $dir/tsaserial',
      'crypto_device = builtin',
      'signer_cert = $dir/tsa.crt',
      'certs = $dir/ca.crt',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.55555.1.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      // The same TSA refusing SHA-256 queries: `openssl ts` answers them 'rejection' (badAlg).
      '[ tsa_reject ]',
      `dir = ${dir}`,
      'serial = $dir/tsaserial',
      'crypto_device = builtin',
      'signer_cert = $dir/tsa.crt',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.55555.1.1',
      'digests = sha512',
      '',
    ].join('\n'),
  );
  return config;
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the TSA on 127.0.0.1 (any free port, or the one the browser journeys' server was told). */
export async function startTsaServer(options: { port?: number } = {}): Promise<TsaServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-tsa-'));
  const config = await makeAuthority(dir);
  let mode: 'granted' | 'reject' = 'granted';
  let requests = 0;

  /** `openssl ts -reply` over the query's bytes; a rejection is what it answers for a query it cannot read too. */
  async function reply(query: Buffer): Promise<Buffer> {
    const name = crypto.randomUUID();
    const queryFile = path.join(dir, `${name}.tsq`);
    const replyFile = path.join(dir, `${name}.tsr`);
    await fs.writeFile(queryFile, query);
    try {
      const section = mode === 'reject' ? 'tsa_reject' : 'tsa_config';
      await run('openssl', ['ts', '-reply', '-queryfile', queryFile, '-config', config, '-inkey', path.join(dir, 'tsa.key'), '-signer', path.join(dir, 'tsa.crt'), '-chain', path.join(dir, 'ca.crt'), '-out', replyFile, '-section', section]);
      return await fs.readFile(replyFile);
    } finally {
      await Promise.all([fs.rm(queryFile, { force: true }), fs.rm(replyFile, { force: true })]);
    }
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(415, { 'content-type': 'text/plain' }).end('application/timestamp-query expected');
        return;
      }
      const query = await readBody(request);
      requests += 1;
      const answer = await reply(query);
      response.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': answer.length }).end(answer);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    subject: `CN=${subject.commonName}, O=${subject.organization}`,
    caFile: path.join(dir, 'ca.crt'),
    get requests() {
      return requests;
    },
    setMode(next) {
      mode = next;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
