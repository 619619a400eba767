import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappMessages as texts, type Lead, type WhatsappMessage } from '@portal/domain';
import { loadConfig } from '../../config';
import { whatsappGateways } from '../../db/schema/index';
import { bearer, createTestContext, insertBranch, json, TEST_SECRET_BOX, tokenFor, type TestContext } from '../../test/app';
import { countingListener } from '../../test/whatsapp-gateway';
import { connectionGuard, serverUrlRefusal } from './gateway-address';

/**
 * Issue 28: without WHATSAPP_GATEWAY_HOSTS the server calls public addresses only. A listener on
 * loopback stands for the internal service an attacker would reach; every spelling of a
 * refused address is refused when saved and when sent, and the listener counts no connection.
 */
let ctx: TestContext;
let internal: Awaited<ReturnType<typeof countingListener>>;
let manager: string;
let agent: string;
let branchId: number;

beforeAll(async () => {
  internal = await countingListener();
  ctx = await createTestContext();
  branchId = await insertBranch(ctx);
  [manager, agent] = await Promise.all([tokenFor(ctx, 'manager', branchId), tokenFor(ctx, 'agent', branchId)]);
});
afterAll(async () => {
  await internal.close();
  await ctx.close();
});

const call = (method: 'POST' | 'PUT', url: string, token: string, payload: object) => ctx.app.inject({ method, url, headers: bearer(token), payload });

/** Loopback in every spelling WHATWG URL parsing accepts, then the other private and special ranges. */
const refused = () => [
  `http://127.0.0.1:${internal.port}`,
  `http://localhost:${internal.port}`,
  `http://LOCALHOST:${internal.port}/admin`,
  `http://api.localhost:${internal.port}`,
  `http://2130706433:${internal.port}`,
  `http://0x7f.1:${internal.port}`,
  `http://0x7f000001:${internal.port}`,
  `http://0177.0.0.1:${internal.port}`,
  `http://127.1:${internal.port}`,
  `http://0.0.0.0:${internal.port}`,
  `http://0:${internal.port}`,
  `http://[::1]:${internal.port}`,
  `http://[::ffff:127.0.0.1]:${internal.port}`,
  `http://[::ffff:7f00:1]:${internal.port}`,
  `http://[::]:${internal.port}`,
  'http://169.254.169.254/latest/meta-data',
  'http://[fd00:ec2::254]/latest/meta-data',
  'http://100.100.100.200/latest/meta-data',
  'http://10.0.0.1',
  'http://172.16.0.1',
  'http://192.168.1.10:8080',
  'http://100.64.0.1',
  'http://224.0.0.1',
  'http://255.255.255.255',
  'http://[fe80::1]',
  'http://[fc00::1]',
  'http://[64:ff9b::7f00:1]',
  `http://user:pass@example.com`,
  `ftp://127.0.0.1:${internal.port}`,
];

describe('the gateway rule without WHATSAPP_GATEWAY_HOSTS', () => {
  it('refuses every private, loopback, link-local, CGNAT, multicast and metadata spelling when saved: 400 naming serverUrl', async () => {
    for (const serverUrl of refused()) {
      const response = await call('PUT', `/api/branches/${branchId}/whatsapp-gateway`, manager, { kind: 'evolution', serverUrl, instance: 'x', apiKey: 'k' });
      expect(response.statusCode, serverUrl).toBe(400);
      expect(json(response).details[0].field, serverUrl).toBe('serverUrl');
    }
    expect(await ctx.app.db.select().from(whatsappGateways).where(eq(whatsappGateways.branchId, branchId))).toEqual([]);
    expect(internal.connections()).toBe(0);
  });

  it('refuses them again when sending (a row written past the form): a Spanish status, nothing of the socket, no connection', async () => {
    const lead = json<Lead>(await call('POST', '/api/leads', agent, { name: 'Objetivo Interno', phone: '', phonewhats: '55 9000 4100', source: 'Instagram' }));
    await ctx.app.db.insert(whatsappGateways).values({ branchId, kind: 'evolution', serverUrl: 'http://127.0.0.1:1', instance: 'x', apiKey: TEST_SECRET_BOX.seal('k') });
    for (const serverUrl of refused()) {
      await ctx.app.db.update(whatsappGateways).set({ serverUrl }).where(eq(whatsappGateways.branchId, branchId));
      const response = await call('POST', `/api/leads/${lead.id}/whatsapp`, agent, { text: 'hola' });
      expect(response.statusCode, serverUrl).toBe(201);
      const message = json<WhatsappMessage>(response);
      expect(message, serverUrl).toMatchObject({ status: 'queued', gatewayResponse: texts.addressNotAllowed });
    }
    expect(internal.connections()).toBe(0);
    expect(ctx.logs.some((line) => line.includes('gateway address refused'))).toBe(true);
  });

  it('answers a closed port and an open one alike: no socket error reaches the browser', async () => {
    const lead = json<Lead>(await call('POST', '/api/leads', agent, { name: 'Puerto Cerrado', phone: '', phonewhats: '55 9000 4101', source: 'Instagram' }));
    await ctx.app.db.update(whatsappGateways).set({ serverUrl: 'http://127.0.0.1:1' }).where(eq(whatsappGateways.branchId, branchId));
    const closed = json<WhatsappMessage>(await call('POST', `/api/leads/${lead.id}/whatsapp`, agent, { text: 'hola' }));
    expect(closed.gatewayResponse).toBe(texts.addressNotAllowed);
    expect(JSON.stringify(closed)).not.toMatch(/ECONN|socket|closed/i);
  });
});

describe('WHATSAPP_GATEWAY_HOSTS', () => {
  it('lets a listed private host through, on its port only, but never a metadata address, listed or not', async () => {
    const allowed = loadConfig({ WHATSAPP_GATEWAY_HOSTS: '10.0.0.5:3000,169.254.169.254,[fd00:ec2::254],[::ffff:a9fe:a9fe]' }).whatsappGatewayHosts;
    expect(await serverUrlRefusal('http://10.0.0.5:3000/', { allowed })).toBeNull();
    expect(await serverUrlRefusal('http://0x0a.0.0.5:3000', { allowed })).toBeNull();
    expect(await serverUrlRefusal('http://10.0.0.5:3001', { allowed })).toBe(texts.hostNotListed);
    for (const metadata of ['http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/', 'http://[::ffff:169.254.169.254]/']) {
      expect(await serverUrlRefusal(metadata, { allowed }), metadata).toBe(texts.addressNotAllowed);
      expect('refused' in connectionGuard(new URL(metadata), { allowed }), metadata).toBe(true);
    }
  });

  it('is read once, normalised, and a bad value stops start-up naming the variable', () => {
    expect(loadConfig({ WHATSAPP_GATEWAY_HOSTS: 'Evolution.Interna:8080, 0x0a.0.0.5:3000,[fd00::5],gw.example.com' }).whatsappGatewayHosts).toEqual([
      { hostname: 'evolution.interna', port: 8080 },
      { hostname: '10.0.0.5', port: 3000 },
      { hostname: '[fd00::5]', port: undefined },
      { hostname: 'gw.example.com', port: undefined },
    ]);
    expect(loadConfig({}).whatsappGatewayHosts).toBeUndefined();
    for (const bad of ['http://evolution:8080', 'evolution:99999', 'user@evolution', 'evolution/api', 'fd00::5']) {
      expect(() => loadConfig({ WHATSAPP_GATEWAY_HOSTS: bad }), bad).toThrow(/WHATSAPP_GATEWAY_HOSTS/);
    }
  });
});
