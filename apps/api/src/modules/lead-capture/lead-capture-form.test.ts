import { beforeAll, describe, expect, it } from 'vitest';
import { leadCaptureMessages, type Lead, type LeadCaptureSettings } from '@portal/domain';
import { bearer, json } from '../../test/app';
import {
  admin,
  agent,
  ctx,
  get,
  leadsNamed,
  manager,
  nextIp,
  notesOf,
  postAuth,
  postForm,
  postJson,
  publicUrl,
  put,
  rotateKey,
  santaFeManager,
  setUpLeadCaptureTests,
  site,
} from './lead-capture.test-helpers';

/** Branch 1's current web-form key. */
let key: string;

setUpLeadCaptureTests();
beforeAll(async () => {
  key = (await rotateKey(1, manager)).key;
});

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
