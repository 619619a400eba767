import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leadCaptureMessages, type WhatsappWebhookUrl } from '@portal/domain';
import { leads, whatsappGateways, whatsappMessages } from '../../db/schema/index';
import { json } from '../../test/app';
import { TEST_SECRET_BOX } from '../../test/app';
import { admin, ctx, db, leadsNamed, nextIp, notesOf, postAuth, publicUrl, santaFeManager, setUpLeadCaptureTests } from './lead-capture.test-helpers';

setUpLeadCaptureTests();

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
