import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCaptureMessages, type Lead, type LeadCaptureKey, type LeadCaptureSettings, type WhatsappWebhookUrl } from '@portal/domain';
import { leadNotes, leads, whatsappGateways, whatsappMessages } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { TEST_SECRET_BOX } from '../../test/app';

const publicUrl = 'https://polizas.empresa.test';
const site = 'https://www.inmobiliaria.test';

let ctx: TestContext;
let admin: string;
let manager: string;
let agent: string;
let santaFeManager: string;
/** Branch 1's current web-form key. */
let key: string;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: publicUrl });
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [manager, agent, santaFeManager] = await Promise.all([tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 2)]);
  expect((await put('/api/branches/1/lead-capture', manager, { origins: [site, 'http://localhost:5173/'] })).statusCode).toBe(200);
  key = (await rotateKey(1, manager)).key;
});
afterAll(() => ctx.close());

const db = () => ctx.app.db;
const get = (url: string, token?: string) => ctx.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
const put = (url: string, token: string | undefined, payload: object) => ctx.app.inject({ method: 'PUT', url, ...(token ? { headers: bearer(token) } : {}), payload });
const postAuth = (url: string, token: string | undefined) => ctx.app.inject({ method: 'POST', url, ...(token ? { headers: bearer(token) } : {}) });

let addressCounter = 0;
/** Each test its own address, so the per-IP rate limit of one never touches another. */
const nextIp = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function rotateKey(branchId: number, token: string): Promise<LeadCaptureKey> {
  const response = await postAuth(`/api/branches/${branchId}/lead-capture/key`, token);
  expect(response.statusCode, response.body).toBe(201);
  return json<LeadCaptureKey>(response);
}

function postJson(formKey: string, payload: object, headers: Record<string, string> = {}, ip = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: `/api/public/leads/${formKey}`, payload, headers, remoteAddress: ip });
}

function postForm(formKey: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/leads/${formKey}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: nextIp(),
  });
}

async function leadsNamed(name: string) {
  return db().select().from(leads).where(eq(leads.name, name));
}

async function notesOf(leadId: number) {
  return db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId));
}

describe('the public web form', () => {
  it('creates a lead from JSON: first column, source Sitio Web, phone normalised, message and e-mail as the first note without author', async () => {
    const response = await postJson(key, { name: 'Laura Web', phone: '55 9000 4000', email: 'laura@correo.test', message: 'Busco depa en Roma' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json(response).message).toBe(leadCaptureMessages.accepted);
    const [lead] = await leadsNamed('Laura Web');
    expect(lead).toMatchObject({ branchId: 1, phone: '+525590004000', phonewhats: '', source: 'Sitio Web', status: 'cotizacion', createdBy: null });
    const notes = await notesOf(lead!.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ authorId: null, body: 'Busco depa en Roma\n\nCorreo: laura@correo.test' });
    // The board names where the note came from, not 'Usuario eliminado' (issue 29).
    const shown = json<Lead>(await get(`/api/leads/${lead!.id}`, manager));
    // The e-mail is the lead's, for 'Convertir en póliza' to carry into the tenant's (issue 29).
    expect(shown.email).toBe('laura@correo.test');
    expect(shown.noteList[0]).toMatchObject({ authorName: 'Formulario web', body: 'Busco depa en Roma\n\nCorreo: laura@correo.test' });
  });

  it('takes a plain HTML form (urlencoded) and answers a Spanish thank-you page', async () => {
    const response = await postForm(key, { name: 'Pablo Form', phonewhats: '+52 1 55 1234 5678' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(leadCaptureMessages.thanks);
    const [lead] = await leadsNamed('Pablo Form');
    expect(lead).toMatchObject({ phonewhats: '+525512345678', source: 'Sitio Web' });
    expect(await notesOf(lead!.id)).toEqual([]);
  });

  it('redirects a form post to a page of a listed origin only', async () => {
    const listed = await postForm(key, { name: 'Redirigida', phone: '5590004001', _redirect: `${site}/gracias` });
    expect(listed.statusCode).toBe(303);
    expect(listed.headers.location).toBe(`${site}/gracias`);
    const elsewhere = await postForm(key, { name: 'No redirigida', phone: '5590004002', _redirect: 'https://malo.test/x' });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.headers.location).toBeUndefined();
  });

  it('answers a wrong key with the same Spanish 404', async () => {
    const response = await postJson('x'.repeat(43), { name: 'Nadie', phone: '5590004000' });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(leadCaptureMessages.invalidKey);
  });

  it('refuses a name-less or phone-less form, and a number that is none, naming the field (400)', async () => {
    const noName = await postJson(key, { phone: '5590004000' });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).details[0].field).toBe('name');
    const noPhone = await postJson(key, { name: 'Sin Teléfono' });
    expect(noPhone.statusCode).toBe(400);
    expect(json(noPhone).message).toContain(leadCaptureMessages.phoneRequired);
    const badPhone = await postJson(key, { name: 'Mal Teléfono', phone: '123' });
    expect(badPhone.statusCode).toBe(400);
    expect(json(badPhone).details[0].field).toBe('phone');
    expect(await leadsNamed('Mal Teléfono')).toEqual([]);
  });

  it('answers a plain form’s mistakes with a Spanish page naming them', async () => {
    const response = await postForm(key, { name: 'Sin Número' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(leadCaptureMessages.notSent);
    expect(response.body).toContain(leadCaptureMessages.phoneRequired);
    const wrongKey = await postForm('w'.repeat(43), { name: 'Nadie', phone: '5590004000' });
    expect(wrongKey.statusCode).toBe(404);
    expect(wrongKey.body).toContain(leadCaptureMessages.invalidKey);
  });

  it('answers a filled honeypot as if accepted and stores nothing', async () => {
    const asJson = await postJson(key, { name: 'Bot Json', phone: '5590004000', sitio_web: 'http://spam.test' });
    expect(asJson.statusCode).toBe(201);
    const asForm = await postForm(key, { name: 'Bot Form', sitio_web: 'x' });
    expect(asForm.statusCode).toBe(201);
    expect(asForm.body).toContain(leadCaptureMessages.thanks);
    expect(await leadsNamed('Bot Json')).toEqual([]);
    expect(await leadsNamed('Bot Form')).toEqual([]);
  });

  it('allows a preflight from a listed origin only', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: `/api/public/leads/${key}`,
      headers: { origin: site, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      remoteAddress: nextIp(),
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(site);
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');

    const refused = await ctx.app.inject({
      method: 'OPTIONS',
      url: `/api/public/leads/${key}`,
      headers: { origin: 'https://otro.test', 'access-control-request-method': 'POST' },
      remoteAddress: nextIp(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('names a listed origin back on a post, and refuses a post from an unlisted one (403, nothing stored)', async () => {
    const listed = await postJson(key, { name: 'Desde Sitio', phone: '5590004003' }, { origin: 'http://localhost:5173' });
    expect(listed.statusCode).toBe(201);
    expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const unlisted = await postJson(key, { name: 'Desde Otro', phone: '5590004004' }, { origin: 'https://otro.test' });
    expect(unlisted.statusCode).toBe(403);
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
    expect(await leadsNamed('Desde Otro')).toEqual([]);
  });

  it('limits how often one address posts (429 after the limit)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i++) expect((await postJson('y'.repeat(43), { name: 'x' }, {}, ip)).statusCode).toBe(404);
    const limited = await postJson(key, { name: 'Limitada', phone: '5590004005' }, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(await leadsNamed('Limitada')).toEqual([]);
  });

  it('a new key kills the old one', async () => {
    const old = key;
    key = (await rotateKey(1, admin)).key;
    expect((await postJson(old, { name: 'Clave Vieja', phone: '5590004006' })).statusCode).toBe(404);
    expect((await postJson(key, { name: 'Clave Nueva', phone: '5590004006' })).statusCode).toBe(201);
  });

  it('parses urlencoded bodies on this route only: the rest of the API stays JSON', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/branches/1/lead-capture',
      payload: 'origins=https%3A%2F%2Fa.test',
      headers: { ...bearer(manager), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('keeps the key out of the logs', async () => {
    await postJson(key, { name: 'Log', phone: '5590004007' });
    expect(ctx.logs.join('\n')).not.toContain(key);
  });
});

describe('the settings', () => {
  it('shows origins, whether a key exists and the endpoint, never the key', async () => {
    const response = await get('/api/branches/1/lead-capture', manager);
    expect(response.statusCode, response.body).toBe(200);
    const settings = json<LeadCaptureSettings>(response);
    expect(settings).toMatchObject({ branchId: 1, origins: [site, 'http://localhost:5173'], hasKey: true, endpointBase: `${publicUrl}/api/public/leads/` });
    expect(response.body).not.toContain(key);
    const fresh = json<LeadCaptureSettings>(await get('/api/branches/3/lead-capture', admin));
    expect(fresh).toMatchObject({ hasKey: false, origins: [], gateway: { configured: false, webhookTokenSet: false, webhookSecretSet: false } });
  });

  it('refuses a path, a query or plain http to other hosts as an origin (400)', async () => {
    for (const origin of ['https://sitio.test/contacto', 'http://sitio.test', 'ftp://sitio.test', 'sitio.test', 'https://sitio.test?x=1']) {
      const response = await put('/api/branches/1/lead-capture', manager, { origins: [origin] });
      expect(response.statusCode, origin).toBe(400);
      expect(json(response).message).toContain('no es un origen válido');
    }
    expect((await put('/api/branches/1/lead-capture', manager, { origins: 'https://a.test' })).statusCode).toBe(400);
  });

  it('is for managers of the branch and admins: 401 without a session, 403 for agents and other branches, 404 for no branch', async () => {
    expect((await get('/api/branches/1/lead-capture')).statusCode).toBe(401);
    expect((await postAuth('/api/branches/1/lead-capture/key', undefined)).statusCode).toBe(401);
    expect((await get('/api/branches/1/lead-capture', agent)).statusCode).toBe(403);
    expect((await postAuth('/api/branches/1/lead-capture/key', agent)).statusCode).toBe(403);
    expect((await put('/api/branches/1/lead-capture', agent, { origins: [] })).statusCode).toBe(403);
    expect((await get('/api/branches/1/lead-capture', santaFeManager)).statusCode).toBe(403);
    expect((await postAuth('/api/branches/1/lead-capture/key', santaFeManager)).statusCode).toBe(403);
    expect((await put('/api/branches/1/lead-capture', santaFeManager, { origins: [] })).statusCode).toBe(403);
    expect((await get('/api/branches/9999/lead-capture', admin)).statusCode).toBe(404);
    expect((await postAuth('/api/branches/1/whatsapp-gateway/webhook-token', santaFeManager)).statusCode).toBe(403);
  });
});

describe('the WhatsApp gateway webhook', () => {
  let webhookPath: string;
  /** The webhook's signing key, answered once with its URL. */
  let secret: string;

  beforeAll(async () => {
    expect((await postAuth('/api/branches/2/whatsapp-gateway/webhook-token', santaFeManager)).statusCode).toBe(404);
    await db().insert(whatsappGateways).values({ branchId: 2, kind: 'evolution', serverUrl: 'http://127.0.0.1:1', instance: 'sf', apiKey: TEST_SECRET_BOX.seal('clave') });
    const response = await postAuth('/api/branches/2/whatsapp-gateway/webhook-token', santaFeManager);
    expect(response.statusCode, response.body).toBe(201);
    const { webhookUrl, webhookSecret } = json<WhatsappWebhookUrl>(response);
    expect(webhookUrl.startsWith(`${publicUrl}/api/public/whatsapp/`)).toBe(true);
    webhookPath = webhookUrl.slice(publicUrl.length);
    secret = webhookSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(whatsappGateways).where(eq(whatsappGateways.branchId, 2));
    expect(row!.webhookSecret).not.toContain(secret);
    expect(TEST_SECRET_BOX.open(row!.webhookSecret!)).toBe(secret);
  });

  /** How a call proves itself: WAHA's HMAC (with its timestamp), Evolution's secret header, or nothing. */
  type Proof = 'waha' | 'evolution' | 'none' | Record<string, string>;
  const wahaHeaders = (body: string, key = secret, timestamp = Date.now()) => ({
    'x-webhook-hmac': crypto.createHmac('sha512', key).update(body).digest('hex'),
    'x-webhook-hmac-algorithm': 'sha512',
    'x-webhook-timestamp': String(timestamp),
  });
  const proofHeaders = (proof: Proof, body: string): Record<string, string> => {
    if (proof === 'waha') return wahaHeaders(body);
    if (proof === 'evolution') return { 'x-webhook-secret': secret };
    return proof === 'none' ? {} : proof;
  };
  /** A gateway's call: the payload as the raw bytes it signs. WAHA-shaped payloads are signed as WAHA does, the rest as Evolution. */
  const hook = (payload: object, path = webhookPath, proof: Proof = 'event' in payload && payload.event === 'message' ? 'waha' : 'evolution') => {
    const body = JSON.stringify(payload);
    return ctx.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', ...proofHeaders(proof, body) }, remoteAddress: nextIp() });
  };

  const evolution = (number: string, text: string, extra: { fromMe?: boolean; jid?: string; extended?: boolean } = {}) => ({
    event: 'messages.upsert',
    instance: 'sf',
    data: {
      key: { remoteJid: extra.jid ?? `${number}@s.whatsapp.net`, fromMe: extra.fromMe ?? false, id: `EVO${number}${text.length}` },
      pushName: 'Rosa Evolution',
      message: extra.extended ? { extendedTextMessage: { text } } : { conversation: text },
      messageType: 'conversation',
    },
  });

  const waha = (number: string, text: string, fromMe = false) => ({
    event: 'message',
    session: 'default',
    payload: { id: `true_${number}@c.us_AAA`, from: `${number}@c.us`, fromMe, body: text, hasMedia: false, _data: { notifyName: 'Tomás WAHA' } },
  });

  it('turns a first Evolution message from an unknown number into a lead with the text as its first note', async () => {
    const response = await hook(evolution('5215511110001', 'Hola, quiero información'));
    expect(response.statusCode, response.body).toBe(200);
    const [lead] = await leadsNamed('Rosa Evolution');
    expect(lead).toMatchObject({ branchId: 2, phonewhats: '+525511110001', source: 'WhatsApp', status: 'cotizacion' });
    expect((await notesOf(lead!.id)).map((note) => [note.body, note.authorId, note.authorLabel])).toEqual([['Hola, quiero información', null, 'WhatsApp']]);
  });

  it('turns a first WAHA message into a lead too', async () => {
    expect((await hook(waha('5215511110002', 'Buenas tardes'))).statusCode).toBe(200);
    const [lead] = await leadsNamed('Tomás WAHA');
    expect(lead).toMatchObject({ branchId: 2, phonewhats: '+525511110002', source: 'WhatsApp' });
    expect((await notesOf(lead!.id)).map((note) => note.body)).toEqual(['Buenas tardes']);
  });

  it('logs a known number’s message on its lead, making no second lead', async () => {
    expect((await hook(evolution('5215511110001', '¿Siguen disponibles?', { extended: true }))).statusCode).toBe(200);
    const rosa = await leadsNamed('Rosa Evolution');
    expect(rosa).toHaveLength(1);
    const log = await db().select().from(whatsappMessages).where(eq(whatsappMessages.leadId, rosa[0]!.id));
    expect(log.map((row) => [row.direction, row.status, row.body])).toEqual([
      ['in', 'received', 'Hola, quiero información'],
      ['in', 'received', '¿Siguen disponibles?'],
    ]);
  });

  it('finds a lead typed in by hand by its phone, in national format', async () => {
    const [typed] = await db().insert(leads).values({ branchId: 2, name: 'A Mano', phone: '+525511110003', status: 'accion' }).returning();
    await hook(waha('5215511110003', 'Soy yo'));
    expect(await db().select().from(leads).where(eq(leads.phonewhats, '+525511110003'))).toEqual([]);
    const log = await db().select().from(whatsappMessages).where(eq(whatsappMessages.leadId, typed!.id));
    expect(log).toHaveLength(1);
  });

  it('ignores the business’s own messages, groups and other events', async () => {
    expect((await hook(evolution('5215511110009', 'Mensaje nuestro', { fromMe: true }))).statusCode).toBe(200);
    expect((await hook(waha('5215511110009', 'Nuestro WAHA', true))).statusCode).toBe(200);
    expect((await hook(evolution('120363000000000001', 'Grupo', { jid: '120363000000000001@g.us' }))).statusCode).toBe(200);
    expect((await hook({ event: 'connection.update', data: { state: 'open' } })).statusCode).toBe(200);
    expect(await db().select().from(leads).where(eq(leads.phonewhats, '+525511110009'))).toEqual([]);
  });

  it('answers a wrong token 404 and keeps the token out of the logs', async () => {
    const response = await hook(evolution('5215511110010', 'Hola'), '/api/public/whatsapp/' + 'z'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(leadCaptureMessages.invalidWebhookToken);
    expect(ctx.logs.join('\n')).not.toContain(webhookPath.split('/').pop()!);
  });

  it('a new webhook URL kills the old one', async () => {
    const response = await postAuth('/api/branches/2/whatsapp-gateway/webhook-token', admin);
    const rotated = json<WhatsappWebhookUrl>(response);
    const fresh = rotated.webhookUrl.slice(publicUrl.length);
    expect((await hook(waha('5215511110011', 'Hola'))).statusCode).toBe(404);
    // The old key does not sign for the new URL.
    expect((await hook(waha('5215511110011', 'Hola'), fresh)).statusCode).toBe(401);
    secret = rotated.webhookSecret;
    expect((await hook(waha('5215511110011', 'Hola'), fresh)).statusCode).toBe(200);
    webhookPath = fresh;
  });

  describe('forged and repeated deliveries (issue 28)', () => {
    const nothingWritten = async (phone: string) => {
      expect(await db().select().from(leads).where(eq(leads.phonewhats, phone))).toEqual([]);
      expect(await db().select().from(whatsappMessages).where(eq(whatsappMessages.phone, phone))).toEqual([]);
    };

    it('refuses an unsigned call 401, writing nothing', async () => {
      const response = await hook(evolution('5215511110020', 'Sin firma'), webhookPath, 'none');
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe(leadCaptureMessages.webhookNotSigned);
      await nothingWritten('+525511110020');
    });

    it('refuses a wrong signature, a signature of other bytes and a wrong Evolution secret, 401', async () => {
      const payload = waha('5215511110021', 'Firma falsa');
      const body = JSON.stringify(payload);
      expect((await hook(payload, webhookPath, wahaHeaders(body, 'otra-clave'))).statusCode).toBe(401);
      expect((await hook(payload, webhookPath, wahaHeaders(JSON.stringify({ ...payload, event: 'message.any' })))).statusCode).toBe(401);
      expect((await hook(payload, webhookPath, { ...wahaHeaders(body), 'x-webhook-hmac-algorithm': 'sha256' })).statusCode).toBe(401);
      expect((await hook(evolution('5215511110021', 'Firma falsa'), webhookPath, { 'x-webhook-secret': `${secret}x` })).statusCode).toBe(401);
      await nothingWritten('+525511110021');
    });

    it('refuses a WAHA signature older than five minutes, 401', async () => {
      const payload = waha('5215511110022', 'Repetido días después');
      const old = await hook(payload, webhookPath, wahaHeaders(JSON.stringify(payload), secret, Date.now() - 6 * 60_000));
      expect(old.statusCode).toBe(401);
      await nothingWritten('+525511110022');
    });

    it('takes a well-signed WAHA call and a call with Evolution’s secret header, 200', async () => {
      expect((await hook(waha('5215511110023', 'Firmado'), webhookPath, 'waha')).statusCode).toBe(200);
      expect(await db().select().from(leads).where(eq(leads.phonewhats, '+525511110023'))).toHaveLength(1);
      expect((await hook(evolution('5215511110024', 'Con encabezado'), webhookPath, 'evolution')).statusCode).toBe(200);
      expect(await db().select().from(leads).where(eq(leads.phonewhats, '+525511110024'))).toHaveLength(1);
    });

    it('answers a repeated delivery (same message id) 200 and changes nothing', async () => {
      const first = evolution('5215511110025', 'Solo una vez');
      expect((await hook(first)).statusCode).toBe(200);
      expect((await hook(first)).statusCode).toBe(200);
      expect((await hook(first, webhookPath, 'evolution')).statusCode).toBe(200);
      const [lead, ...others] = await db().select().from(leads).where(eq(leads.phonewhats, '+525511110025'));
      expect(others).toEqual([]);
      expect(await db().select().from(whatsappMessages).where(eq(whatsappMessages.leadId, lead!.id))).toHaveLength(1);
      expect(await notesOf(lead!.id)).toHaveLength(1);
    });

    it('refuses every call to a webhook without a signing key (made before issue 28)', async () => {
      await db().update(whatsappGateways).set({ webhookSecret: null }).where(eq(whatsappGateways.branchId, 2));
      expect((await hook(waha('5215511110026', 'Sin clave'), webhookPath, 'waha')).statusCode).toBe(401);
      expect((await hook(evolution('5215511110026', 'Sin clave'), webhookPath, { 'x-webhook-secret': '' })).statusCode).toBe(401);
      await nothingWritten('+525511110026');
    });

    it('never logged a signing key', () => {
      expect(ctx.logs.join('\n')).not.toContain(secret);
    });
  });
});
