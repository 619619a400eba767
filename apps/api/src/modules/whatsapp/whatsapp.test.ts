import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappMessages as texts, type Lead, type WhatsappGateway, type WhatsappGatewayAnswer, type WhatsappMessage, type WhatsappTemplate } from '@portal/domain';
import { itRefusesStaleSaves, nameUser, saveHeaders } from '../../test/conditional-writes';
import { branches, leads, whatsappGateways, whatsappMessages } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, signInAs, TEST_SECRET_BOX, tokenFor, type TestContext } from '../../test/app';
import { countingListener, whatsappGateway } from '../../test/whatsapp-gateway';
import { deliverDueWhatsappMessages } from './index';

const EVOLUTION_KEY = 'evo-key-0123456789abcdef';
const WAHA_KEY = 'waha-key-fedcba9876543210';

let ctx: TestContext;
let evolution: Awaited<ReturnType<typeof whatsappGateway>>;
let waha: Awaited<ReturnType<typeof whatsappGateway>>;
/** Where a lead's own 'Servidor' points: the server must never connect to it (issue 28). */
let leadServer: Awaited<ReturnType<typeof countingListener>>;
/** A listed gateway that answers 302 to `redirectTarget`, also listed: the redirect must not be followed. */
let redirector: Awaited<ReturnType<typeof countingListener>>;
let redirectTarget: Awaited<ReturnType<typeof countingListener>>;
/** A listed gateway that accepts and then sends an endless body: only the first 64 KB are read. */
let endless: Awaited<ReturnType<typeof countingListener>>;
let admin: string;
let agent: string;
let manager: string;
let managerName: string;
let santaFeManager: string;
let santaFeAgent: string;

beforeAll(async () => {
  [evolution, waha, leadServer, redirectTarget] = await Promise.all([
    whatsappGateway({ apiKey: EVOLUTION_KEY, instance: 'sucursal-centro' }),
    whatsappGateway({ apiKey: WAHA_KEY, instance: 'default' }),
    countingListener(),
    countingListener(),
  ]);
  redirector = await countingListener((response) => response.writeHead(302, { location: `${redirectTarget.url}/message/sendText/sucursal-centro` }).end());
  endless = await countingListener((response) => {
    response.writeHead(201, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, ' ');
    const timer = setInterval(() => response.write(chunk), 1);
    response.on('close', () => clearInterval(timer));
  });
  // Loopback is private: only listed, by port, are the fake gateways reachable.
  const listed = [evolution.url, waha.url, redirector.url, redirectTarget.url, endless.url].map((url) => url.replace('http://', ''));
  ctx = await createTestContext({ WHATSAPP_GATEWAY_HOSTS: listed.join(',') });
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  const signedIn = await signInAs(ctx, 'manager', 1);
  manager = signedIn.token;
  managerName = 'Ana Pérez';
  [agent, santaFeManager, santaFeAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 2), tokenFor(ctx, 'agent', 2)]);
});
afterAll(async () => {
  await Promise.all([evolution.close(), waha.close(), leadServer.close(), redirector.close(), redirectTarget.close(), endless.close()]);
  await ctx.close();
});

const db = () => ctx.testDb.database.db;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

/** Every answer of a test: none may carry a key. */
const answers: string[] = [];
async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  const response = await call(method, url, token, payload);
  answers.push(response.body);
  return response;
}

async function createLead(overrides: Record<string, string> = {}, token = agent): Promise<Lead> {
  const response = await call('POST', '/api/leads', token, { name: 'Óscar Ruiz', phone: '', phonewhats: '55 9000 4000', source: 'Instagram', ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return json<Lead>(response);
}

const gatewayBody = (overrides: Record<string, unknown> = {}) => ({ kind: 'evolution', serverUrl: `${evolution.url}/`, instance: 'sucursal-centro', apiKey: EVOLUTION_KEY, ...overrides });
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** The delivery job's run at `now`, with this context's gateway list. */
const deliver = (now: Date) => deliverDueWhatsappMessages(ctx.app.db, TEST_SECRET_BOX, { allowed: ctx.config.whatsappGatewayHosts }, ctx.app.log, now);

describe('the branch gateway (GET/PUT /api/branches/{id}/whatsapp-gateway)', () => {
  it('refuses the unauthenticated, agents and other branches', async () => {
    expect((await call('GET', '/api/branches/1/whatsapp-gateway')).statusCode).toBe(401);
    expect((await call('PUT', '/api/branches/1/whatsapp-gateway', undefined, gatewayBody())).statusCode).toBe(401);
    expect((await call('GET', '/api/branches/1/whatsapp-gateway', agent)).statusCode).toBe(403);
    expect((await call('PUT', '/api/branches/1/whatsapp-gateway', agent, gatewayBody())).statusCode).toBe(403);
    expect((await call('PUT', '/api/branches/1/whatsapp-gateway', santaFeManager, gatewayBody())).statusCode).toBe(403);
    expect((await call('GET', '/api/branches/999999/whatsapp-gateway', admin)).statusCode).toBe(404);
  });

  it('validates the kind, the URL and that a first save has a key', async () => {
    const badKind = await call('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody({ kind: 'twilio' }));
    expect(badKind.statusCode).toBe(400);
    expect(json(badKind).details[0].field).toBe('kind');
    const badUrl = await call('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody({ serverUrl: 'javascript:alert(1)' }));
    expect(badUrl.statusCode).toBe(400);
    expect(json(badUrl).details[0]).toMatchObject({ field: 'serverUrl', message: 'Escriba la URL del servidor con http:// o https://' });
    // WHATSAPP_GATEWAY_HOSTS is set: any other host is refused, public or not.
    for (const serverUrl of [leadServer.url, 'http://93.184.216.34', 'https://evolution.example.com', evolution.url.replace(/:\d+$/, ':1')]) {
      const unlisted = await call('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody({ serverUrl }));
      expect(unlisted.statusCode, serverUrl).toBe(400);
      expect(json(unlisted).details[0], serverUrl).toMatchObject({ field: 'serverUrl', message: texts.hostNotListed });
    }
    const noKey = await call('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody({ apiKey: '' }));
    expect(noKey.statusCode).toBe(400);
    expect(json(noKey).details[0].field).toBe('apiKey');
  });

  it('stores the key sealed, never answers it, and keeps it when a save leaves it empty', async () => {
    expect(json((await send('GET', '/api/branches/1/whatsapp-gateway', manager))).gateway).toBeNull();
    const saved = await send('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<WhatsappGateway>(saved)).toMatchObject({ branchId: 1, kind: 'evolution', serverUrl: evolution.url, instance: 'sucursal-centro', apiKeySet: true });
    const [row] = await db().select().from(whatsappGateways).where(eq(whatsappGateways.branchId, 1));
    expect(row!.apiKey.startsWith('v1:')).toBe(true);
    expect(row!.apiKey).not.toContain(EVOLUTION_KEY);
    expect(TEST_SECRET_BOX.open(row!.apiKey)).toBe(EVOLUTION_KEY);

    const kept = await send('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody({ apiKey: '' }));
    expect(kept.statusCode).toBe(200);
    const [after] = await db().select().from(whatsappGateways).where(eq(whatsappGateways.branchId, 1));
    expect(TEST_SECRET_BOX.open(after!.apiKey)).toBe(EVOLUTION_KEY);
    expect(json((await send('GET', '/api/branches/1/whatsapp-gateway', admin))).gateway).toMatchObject({ apiKeySet: true });

    // A listed host in another spelling is the same host.
    const decimal = await call('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody({ serverUrl: evolution.url.replace('127.0.0.1', '2130706433'), apiKey: '' }));
    expect(decimal.statusCode, decimal.body).toBe(200);
  });
});

describe('templates (/api/whatsapp/templates)', () => {
  it('managers write, agents read their branch only, other branches see nothing of it', async () => {
    expect((await call('GET', '/api/whatsapp/templates')).statusCode).toBe(401);
    expect((await call('POST', '/api/whatsapp/templates', agent, { name: 'Saludo', body: 'Hola' })).statusCode).toBe(403);
    const invalid = await call('POST', '/api/whatsapp/templates', manager, { name: ' ', body: 'Hola' });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).details[0].field).toBe('name');

    const created = await call('POST', '/api/whatsapp/templates', manager, { name: 'Bienvenida', body: 'Hola {nombre}, le escribe {asesor} de {sucursal}.' });
    expect(created.statusCode, created.body).toBe(201);
    const template = json<WhatsappTemplate>(created);
    expect(template.branchId).toBe(1);
    expect((await call('POST', '/api/whatsapp/templates', manager, { name: 'bienvenida', body: 'Otra' })).statusCode).toBe(409);

    expect(json<WhatsappTemplate[]>(await call('GET', '/api/whatsapp/templates', agent)).map((item) => item.id)).toContain(template.id);
    expect(json<WhatsappTemplate[]>(await call('GET', '/api/whatsapp/templates', santaFeAgent)).map((item) => item.id)).not.toContain(template.id);
    expect((await call('GET', '/api/whatsapp/templates?branchId=1', santaFeAgent)).statusCode).toBe(403);
    expect((await call('PUT', `/api/whatsapp/templates/${template.id}`, santaFeManager, { name: 'X', body: 'Y' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/whatsapp/templates/${template.id}`, santaFeManager)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/whatsapp/templates/${template.id}`, agent)).statusCode).toBe(403);

    const updated = await call('PUT', `/api/whatsapp/templates/${template.id}`, manager, { name: 'Bienvenida', body: 'Hola {nombre} 👋' });
    expect(json<WhatsappTemplate>(updated).body).toBe('Hola {nombre} 👋');
    const byAdmin = await call('POST', '/api/whatsapp/templates', admin, { name: 'Santa Fe', body: 'Hola', branchId: 2 });
    expect(json<WhatsappTemplate>(byAdmin).branchId).toBe(2);
    expect((await call('DELETE', `/api/whatsapp/templates/${json<WhatsappTemplate>(byAdmin).id}`, admin)).statusCode).toBe(204);
  });
});

describe('sending from the card (POST/GET /api/leads/{id}/whatsapp)', () => {
  it('Evolution API v2: a refused send stays queued with the answer, the job sends it later', async () => {
    await call('PUT', '/api/branches/1/whatsapp-gateway', manager, gatewayBody());
    const template = json<WhatsappTemplate>(await call('POST', '/api/whatsapp/templates', manager, { name: 'Seguimiento', body: 'Hola {nombre}, soy {asesor} de {sucursal}.' }));
    const lead = await createLead();
    const [branch] = await db().select({ name: branches.name }).from(branches).where(eq(branches.id, 1));
    const expected = `Hola Óscar Ruiz, soy ${managerName} de ${branch!.name}.`;

    const previews = json<Array<{ id: number; preview: string }>>(await send('GET', `/api/leads/${lead.id}/whatsapp/templates`, manager));
    expect(previews.find((item) => item.id === template.id)?.preview).toBe(expected);

    evolution.failNext(1);
    const first = await send('POST', `/api/leads/${lead.id}/whatsapp`, manager, { templateId: template.id });
    expect(first.statusCode, first.body).toBe(201);
    const queued = json<WhatsappMessage>(first);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, phone: '+525590004000', body: expected, sentByName: managerName });
    // The card shows a status; the gateway's body is only in the server's log, under the request's id.
    expect(queued.gatewayResponse).toBe('El gateway respondió con un error (500)');
    const detail = ctx.logs.find((line) => line.includes('whatsapp: gateway attempt failed') && line.includes('Connection Closed'));
    expect(detail).toBeDefined();
    expect(JSON.parse(detail!).reqId).toBeTruthy();
    const refused = evolution.requests.at(-1)!;
    expect(refused).toMatchObject({ path: '/message/sendText/sucursal-centro', status: 500, body: { number: '525590004000', text: expected } });
    expect(refused.headers.apikey).toBe(EVOLUTION_KEY);

    // Not due yet: the backoff holds it.
    expect(await deliver(new Date())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliver(later(2))).toMatchObject({ sent: 1 });
    expect(evolution.requests.at(-1)!.status).toBe(201);

    const log = json<WhatsappMessage[]>(await send('GET', `/api/leads/${lead.id}/whatsapp`, agent));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ id: queued.id, status: 'sent', attempts: 2, gatewayResponse: '', nextAttemptAt: null });
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.id, queued.id));
    expect(row!.gatewayMessageId).toMatch(/^MSG\d+$/);
  });

  it("WAHA: through the branch's gateway, never the lead's own 'Servidor', failing once then sent", async () => {
    const saved = await call('PUT', '/api/branches/2/whatsapp-gateway', santaFeManager, { kind: 'waha', serverUrl: waha.url, instance: 'default', apiKey: WAHA_KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    const [lead] = await db()
      .insert(leads)
      .values({ branchId: 2, name: 'Lucía Mora', phonewhats: '+52 1 55 9000 4001', status: 'cotizacion', server: leadServer.url, apikey: TEST_SECRET_BOX.seal('clave-del-lead'), gatewayKind: 'waha', gatewayInstance: 'default' })
      .returning();
    waha.failNext(1);
    const first = await send('POST', `/api/leads/${lead!.id}/whatsapp`, santaFeAgent, { text: 'Le comparto la cotización.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json<WhatsappMessage>(first)).toMatchObject({ status: 'queued', phone: '+525590004001' });
    const refused = waha.requests.at(-1)!;
    expect(refused).toMatchObject({ path: '/api/sendText', status: 500, body: { session: 'default', chatId: '525590004001@c.us', text: 'Le comparto la cotización.' } });
    expect(refused.headers['x-api-key']).toBe(WAHA_KEY);

    expect(await deliver(later(2))).toMatchObject({ sent: 1 });
    const [message] = json<WhatsappMessage[]>(await send('GET', `/api/leads/${lead!.id}/whatsapp`, santaFeAgent));
    expect(message).toMatchObject({ status: 'sent', attempts: 2 });
    expect(leadServer.connections()).toBe(0);
  });

  it("a lead's own key, given on the lead dialog, is stored sealed, answered masked, and kept when the mask comes back", async () => {
    const lead = await createLead({ name: 'Raúl Ortiz', phonewhats: '5590004006', server: leadServer.url, apikey: 'clave-del-lead' });
    expect(lead.apikey).toBe('••••••••');
    const stored = async () => (await db().select({ apikey: leads.apikey }).from(leads).where(eq(leads.id, lead.id)))[0]!.apikey;
    expect((await stored()).startsWith('v1:')).toBe(true);
    expect(TEST_SECRET_BOX.open(await stored())).toBe('clave-del-lead');
    const updated = await send('POST', `/api/leads/update/${lead.id}`, agent, { name: 'Raúl Ortiz', phonewhats: '5590004006', server: leadServer.url, apikey: '••••••••' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(TEST_SECRET_BOX.open(await stored())).toBe('clave-del-lead');
    expect(json<Lead[]>(await send('GET', '/api/leads', agent)).find((item) => item.id === lead.id)?.apikey).toBe('••••••••');

    // The dialog's 'Tipo de gateway' and 'Instancia o sesión' choose the contract; left out, they stay.
    const withKind = await send('POST', `/api/leads/update/${lead.id}`, agent, {
      name: 'Raúl Ortiz',
      phonewhats: '5590004006',
      server: leadServer.url,
      apikey: '••••••••',
      gatewayKind: 'evolution',
      gatewayInstance: 'sucursal-centro',
    });
    expect(json<Lead>(withKind)).toMatchObject({ gatewayKind: 'evolution', gatewayInstance: 'sucursal-centro' });
    const without = await send('POST', `/api/leads/update/${lead.id}`, agent, { name: 'Raúl Ortiz', phonewhats: '5590004006', server: leadServer.url, apikey: '••••••••' });
    expect(json<Lead>(without)).toMatchObject({ gatewayKind: 'evolution', gatewayInstance: 'sucursal-centro' });
    const badKind = await send('POST', `/api/leads/update/${lead.id}`, agent, { name: 'Raúl Ortiz', server: leadServer.url, gatewayKind: 'telegram' });
    expect(badKind.statusCode).toBe(400);
    expect(json<{ message: string }>(badKind).message).toContain('Tipo de gateway');
    // Kept as the spec says, but never called: the message goes through the branch's gateway.
    const sent = json<WhatsappMessage>(await send('POST', `/api/leads/${lead.id}/whatsapp`, agent, { text: 'Por el gateway de la sucursal' }));
    expect(sent.status).toBe('sent');
    expect(evolution.requests.at(-1)!).toMatchObject({ body: { text: 'Por el gateway de la sucursal' } });
    expect(evolution.requests.at(-1)!.headers.apikey).toBe(EVOLUTION_KEY);
    expect(leadServer.connections()).toBe(0);
  });

  it('sends at once when the gateway accepts, newest first in the log', async () => {
    const lead = await createLead({ name: 'Beto Luna', phonewhats: '5590004002' });
    await send('POST', `/api/leads/${lead.id}/whatsapp`, agent, { text: 'Primero' });
    const second = json<WhatsappMessage>(await send('POST', `/api/leads/${lead.id}/whatsapp`, agent, { text: 'Segundo' }));
    expect(second.status).toBe('sent');
    expect(json<WhatsappMessage[]>(await send('GET', `/api/leads/${lead.id}/whatsapp`, agent)).map((message) => message.body)).toEqual(['Segundo', 'Primero']);
  });

  it('gives up after five attempts, keeping the last answer', async () => {
    const lead = await createLead({ name: 'Carla Soto', phonewhats: '5590004003' });
    evolution.failNext(5);
    const queued = json<WhatsappMessage>(await send('POST', `/api/leads/${lead.id}/whatsapp`, agent, { text: 'Hola' }));
    for (const minutes of [2, 5, 10, 20]) await deliver(later(minutes));
    const [message] = json<WhatsappMessage[]>(await send('GET', `/api/leads/${lead.id}/whatsapp`, agent));
    expect(message).toMatchObject({ id: queued.id, status: 'failed', attempts: 5, nextAttemptAt: null });
    expect(message!.gatewayResponse).toBe('El gateway respondió con un error (500)');
    expect(await deliver(later(120))).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('refuses a number that is not a phone, a missing text, another branch and no token', async () => {
    // A lead typed before issue 20 (the API now refuses such a number): its row holds what was typed.
    const [lead] = await db().insert(leads).values({ branchId: 1, name: 'Sin número', phonewhats: '123', status: 'cotizacion' }).returning({ id: leads.id });
    const notPhone = await call('POST', `/api/leads/${lead!.id}/whatsapp`, agent, { text: 'Hola' });
    expect(notPhone.statusCode).toBe(400);
    expect(json(notPhone).details[0]).toMatchObject({ field: 'phonewhats', message: 'El número de WhatsApp del lead no es un teléfono válido' });

    const good = await createLead({ name: 'Dora Paz', phonewhats: '5590004004' });
    const empty = await call('POST', `/api/leads/${good.id}/whatsapp`, agent, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).details[0].field).toBe('text');
    const santaFeTemplate = json<WhatsappTemplate>(await call('POST', '/api/whatsapp/templates', santaFeManager, { name: 'Hola SF', body: 'Hola' }));
    const otherTemplate = await call('POST', `/api/leads/${good.id}/whatsapp`, agent, { templateId: santaFeTemplate.id });
    expect(otherTemplate.statusCode).toBe(400);
    expect(json(otherTemplate).details[0].field).toBe('templateId');

    expect((await call('POST', `/api/leads/${good.id}/whatsapp`, undefined, { text: 'Hola' })).statusCode).toBe(401);
    expect((await call('GET', `/api/leads/${good.id}/whatsapp`)).statusCode).toBe(401);
    expect((await call('POST', `/api/leads/${good.id}/whatsapp`, santaFeAgent, { text: 'Hola' })).statusCode).toBe(404);
    expect((await call('GET', `/api/leads/${good.id}/whatsapp`, santaFeManager)).statusCode).toBe(404);
    expect((await call('GET', `/api/leads/${good.id}/whatsapp`, admin)).statusCode).toBe(200);
  });

  it('does not follow a redirect: a 302 is a failed attempt, and its target gets no connection', async () => {
    const branchId = await insertBranch(ctx);
    await db().insert(whatsappGateways).values({ branchId, kind: 'evolution', serverUrl: redirector.url, instance: 'sucursal-centro', apiKey: TEST_SECRET_BOX.seal(EVOLUTION_KEY) });
    const lead = await createLead({ name: 'Iván Redirigido', phonewhats: '5590004007' }, await tokenFor(ctx, 'agent', branchId));
    const response = await send('POST', `/api/leads/${lead.id}/whatsapp`, admin, { text: 'Hola' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<WhatsappMessage>(response)).toMatchObject({ status: 'queued', gatewayResponse: 'El gateway respondió con un error (302)' });
    expect(redirector.connections()).toBe(1);
    expect(redirectTarget.connections()).toBe(0);
  });

  it('reads no more than 64 KB of an answer: an endless body does not hold the request', async () => {
    const branchId = await insertBranch(ctx);
    await db().insert(whatsappGateways).values({ branchId, kind: 'evolution', serverUrl: endless.url, instance: 'sucursal-centro', apiKey: TEST_SECRET_BOX.seal(EVOLUTION_KEY) });
    const lead = await createLead({ name: 'Sin Fin', phonewhats: '5590004008' }, await tokenFor(ctx, 'agent', branchId));
    const startedAt = Date.now();
    const response = await send('POST', `/api/leads/${lead.id}/whatsapp`, admin, { text: 'Hola' });
    expect(json<WhatsappMessage>(response)).toMatchObject({ status: 'sent' });
    // Well under the 10-second timeout: it stopped at the cap, not at the clock.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('answers 409 when the branch has no gateway, even when the lead names its own server', async () => {
    const branchId = await insertBranch(ctx);
    const newAgent = await tokenFor(ctx, 'agent', branchId);
    const lead = await createLead({ name: 'Eva Ríos', phonewhats: '5590004005', server: evolution.url, apikey: EVOLUTION_KEY }, newAgent);
    const response = await call('POST', `/api/leads/${lead.id}/whatsapp`, newAgent, { text: 'Hola' });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toContain('Sin gateway de WhatsApp');
  });

  it('never answered a key, nor wrote one to the logs', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const body of answers) {
      expect(body).not.toContain(EVOLUTION_KEY);
      expect(body).not.toContain(WAHA_KEY);
    }
    expect(ctx.logs.join('\n')).not.toContain(EVOLUTION_KEY);
  });
});

describe("the gateway form's conditional writes (issue 28, decision 023)", () => {
  let first: { token: string; name: string };
  let second: string;
  const url = '/api/branches/3/whatsapp-gateway';
  const put = (token: string | undefined, payload: object, ifMatch?: string) =>
    ctx.app.inject({ method: 'PUT', url, headers: saveHeaders(token, ifMatch), payload });

  beforeAll(async () => {
    const [one, two] = [await signInAs(ctx, 'manager', 3), await signInAs(ctx, 'manager', 3)];
    await nameUser(ctx, one.id, 'María', 'López');
    first = { token: one.token, name: 'María López' };
    second = two.token;
  });

  it('a first save names "v0" (none yet): a second first save from the same empty form is a 412', async () => {
    const empty = await ctx.app.inject({ url, headers: bearer(first.token) });
    expect(empty.headers.etag).toBe('"v0"');
    const body = { kind: 'evolution', serverUrl: evolution.url, instance: 'una', apiKey: EVOLUTION_KEY };
    expect((await put(first.token, body, '"v0"')).statusCode).toBe(200);
    const late = await put(second, { ...body, instance: 'otra' }, '"v0"');
    expect(late.statusCode, late.body).toBe(412);
    expect(json<WhatsappGatewayAnswer>(await ctx.app.inject({ url, headers: bearer(first.token) })).gateway?.instance).toBe('una');
  });

  itRefusesStaleSaves<WhatsappGateway>(() => ({
    record: {
      read: (token) => ctx.app.inject({ url, headers: bearer(token) }),
      save: (token, record, text, ifMatch) => put(token, { kind: record.kind, serverUrl: record.serverUrl, instance: text, apiKey: '' }, ifMatch),
      text: (record) => record.instance,
      unwrap: (body) => (body as WhatsappGatewayAnswer).gateway!,
    },
    first,
    second,
    outsider: { token: santaFeManager, status: 403 },
  }));
});
