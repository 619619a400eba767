import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { moveOutActaSchema, moveOutPhotoLinkSchema, moveOutPublicViewSchema, type MoveOutActa, type MoveOutInput, type Policy } from '@portal/domain';
import { emailOutbox, moveOutPhotoLinks } from '../../db/schema/index';
import { newLinkToken } from '../public-links/index';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { multipartFile, sampleFiles } from '../../test/files';
import { pdfPages } from '../../test/pdf-text';
import { newPolicy, rentOverrides } from '../../test/policies';

// 'Today' is 10 March 2027 in Mexico City: the policy's months of December to March are due.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let agent: string;
let approver: string;
let otherBranchAgent: string;
let manager: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [agent, approver, otherBranchAgent, manager] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2), tokenFor(ctx, 'manager', 1)]);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const unique = () => `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;

/** In force since 1 December 2026, $18,500 a month and $18,500 of deposit; the owner and the tenant with their own e-mails. */
async function activePolicy(): Promise<Policy> {
  const base = rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5', price: '18500', deposit: '18500' });
  const policy = await newPolicy(ctx, { token: agent, overrides: { ...base, status: 'active', policyNumber: `POL-${unique()}` }, via: 'admin-jump' });
  return policy;
}

const url = (policy: Pick<Policy, 'id'>, path = '') => `/api/policy/${policy.id}/move-out${path}`;
const get = (policy: Pick<Policy, 'id'>, token = agent) => ctx.app.inject({ url: url(policy), headers: bearer(token) });
const put = (policy: Pick<Policy, 'id'>, payload: object, version: number | null, token = agent) =>
  ctx.app.inject({ method: 'PUT', url: url(policy), headers: { ...bearer(token), ...(version === null ? {} : { 'if-match': `"v${version}"` }) }, payload });
const acta = (response: { statusCode: number; body: string }): MoveOutActa => {
  expect(response.statusCode, response.body).toBe(200);
  return moveOutActaSchema.strict().parse(JSON.parse(response.body));
};

const draft: MoveOutInput = {
  deliveredOn: '2027-03-05',
  keysCount: 4,
  keysNotes: 'Dos de la puerta, una del portón, un control',
  meters: { water: '01234', electricity: '55678', gas: '40 %' },
  rooms: [
    { key: 'sala', name: 'Sala', condition: 'good', notes: 'Paredes limpias' },
    { key: 'bano', name: 'Baño', condition: 'fair', notes: 'Llave del lavabo gotea' },
  ],
  damages: [
    { description: 'Vidrio de la ventana roto', amount: '1,200.50' },
    { description: 'Puerta del clóset', amount: 799.5 },
  ],
  unpaidServices: '350.00',
  unpaidServicesNotes: 'Recibo de luz de febrero',
};

const upload = (path: string, content: Buffer, token?: string, filename = 'foto.jpg') => {
  const { payload, headers } = multipartFile(content, filename);
  return ctx.app.inject({ method: 'POST', url: path, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
};

describe('the acta and its settlement', () => {
  it('starts empty (version 0) with the deposit and the rent owed to date, saves with its version and refuses a stale save (412)', async () => {
    const policy = await activePolicy();
    const empty = acta(await get(policy));
    expect(empty).toMatchObject({ exists: false, state: 'draft', version: 0, rooms: [], damages: [] });
    // Four months due (December to March), none paid.
    expect(empty.settlement).toMatchObject({ deposit: '18500.00', unpaidRent: '74000.00', balance: '-55500.00', kind: 'owed', label: 'Adeudo del inquilino: $55,500.00' });

    const paid = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(agent), payload: { amount: '74000', receivedOn: '2027-03-05', method: 'transfer' } });
    expect(paid.statusCode, paid.body).toBe(201);

    const saved = acta(await put(policy, draft, 0));
    expect(saved).toMatchObject({ exists: true, version: 1, deliveredOn: '2027-03-05', keysCount: 4, unpaidServices: '350.00' });
    expect(saved.damages).toEqual([
      { description: 'Vidrio de la ventana roto', amount: '1200.50' },
      { description: 'Puerta del clóset', amount: '799.50' },
    ]);
    // 18,500.00 − (1,200.50 + 799.50) − 0 − 350.00 = 16,150.00, to the tenant.
    expect(saved.settlement).toEqual({
      deposit: '18500.00',
      damages: '2000.00',
      unpaidRent: '0.00',
      unpaidServices: '350.00',
      balance: '16150.00',
      kind: 'refund',
      label: 'Reembolso al inquilino: $16,150.00',
    });

    const stale = await put(policy, { ...draft, keysCount: 3 }, 0, manager);
    expect(stale.statusCode).toBe(412);
    expect(json<{ code: string }>(stale).code).toBe('stale_version');
    const again = acta(await put(policy, { ...draft, keysCount: 3 }, 1, manager));
    expect(again).toMatchObject({ version: 2, keysCount: 3 });
    expect((await get(policy)).headers.etag).toBe('"v2"');
  });

  it('answers 400 naming the field: a negative damage, a future day, a bad condition', async () => {
    const policy = await activePolicy();
    const cases: Array<[object, string, RegExp]> = [
      [{ damages: [{ description: 'Vidrio', amount: '-5' }] }, 'damages.0.amount', /Importe del daño/],
      [{ deliveredOn: '2027-03-11' }, 'deliveredOn', /posterior a hoy/],
      [{ deliveredOn: '2027-02-30' }, 'deliveredOn', /Fecha de entrega/],
      [{ rooms: [{ key: 'sala', name: 'Sala', condition: 'nuevo' }] }, 'rooms.0.condition', /Estado/],
      [{ unpaidServices: '10.005' }, 'unpaidServices', /Servicios pendientes/],
    ];
    for (const [change, field, message] of cases) {
      const response = await put(policy, { ...draft, ...change }, null);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const body = json<{ message: string; details: Array<{ field: string; message: string }> }>(response);
      expect(body.details[0]!.field).toBe(field);
      expect(body.message).toMatch(message);
    }
    expect(acta(await get(policy)).exists).toBe(false);
  });

  it('needs a session (401), an editor to write (403), the branch (404); a cancelled policy has no acta (409)', async () => {
    const policy = await activePolicy();
    expect((await ctx.app.inject({ url: url(policy) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: url(policy), payload: draft })).statusCode).toBe(401);
    expect(acta(await get(policy, approver)).exists).toBe(false);
    expect((await put(policy, draft, null, approver)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: url(policy, '/send'), headers: bearer(approver) })).statusCode).toBe(403);
    expect((await get(policy, otherBranchAgent)).statusCode).toBe(404);
    expect((await put(policy, draft, null, otherBranchAgent)).statusCode).toBe(404);

    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/terminate`, headers: bearer(manager), payload: { reason: 'Desocupó el inmueble' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await put(policy, draft, null);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/cancelada/);
  });
});

describe('photos', () => {
  it('takes a staff photo of a room (images only), and the owner’s or tenant’s through their link', async () => {
    const policy = await activePolicy();
    acta(await put(policy, draft, 0));
    const added = await upload(url(policy, '/rooms/sala/photos'), sampleFiles.jpeg(), agent);
    expect(added.statusCode, added.body).toBe(201);
    const withPhoto = moveOutActaSchema.parse(json(added));
    expect(withPhoto.rooms[0]!.photos).toHaveLength(1);
    const photo = await ctx.app.inject({ url: `/api/move-out/photos/${withPhoto.rooms[0]!.photos[0]!.id}`, headers: bearer(approver) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await ctx.app.inject({ url: `/api/move-out/photos/${withPhoto.rooms[0]!.photos[0]!.id}`, headers: bearer(otherBranchAgent) })).statusCode).toBe(404);

    expect((await upload(url(policy, '/rooms/sala/photos'), sampleFiles.pdf(), agent, 'foto.pdf')).statusCode).toBe(415);
    expect((await upload(url(policy, '/rooms/cocina/photos'), sampleFiles.jpeg(), agent)).statusCode).toBe(400);
    expect((await upload(url(policy, '/rooms/sala/photos'), sampleFiles.jpeg(), approver)).statusCode).toBe(403);
    expect((await upload(url(policy, '/rooms/sala/photos'), sampleFiles.jpeg(), otherBranchAgent)).statusCode).toBe(404);
    expect((await upload(url(policy, '/rooms/sala/photos'), sampleFiles.jpeg())).statusCode).toBe(401);

    const issued = await ctx.app.inject({ method: 'POST', url: url(policy, '/photo-link'), headers: bearer(agent), payload: { party: 'tenant' } });
    expect(issued.statusCode, issued.body).toBe(201);
    const link = moveOutPhotoLinkSchema.parse(json(issued));
    const token = /\/entrega\/([A-Za-z0-9_-]{43})$/.exec(link.url)![1]!;
    expect((await ctx.app.inject({ method: 'POST', url: url(policy, '/photo-link'), headers: bearer(agent), payload: { party: 'aval' } })).statusCode).toBe(400);

    const page = await ctx.app.inject({ url: `/api/public/move-out/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(moveOutPublicViewSchema.strict().parse(json(page))).toMatchObject({ party: 'tenant', rooms: [{ key: 'sala', name: 'Sala', photos: 1 }, { key: 'bano', name: 'Baño', photos: 0 }] });
    expect((await upload(`/api/public/move-out/${token}/rooms/bano/photos`, sampleFiles.png())).statusCode).toBe(201);
    const badToken = 'A'.repeat(43);
    expect((await ctx.app.inject({ url: `/api/public/move-out/${badToken}` })).statusCode).toBe(404);
    expect((await upload(`/api/public/move-out/${badToken}/rooms/bano/photos`, sampleFiles.png())).statusCode).toBe(404);

    // An expired link opens nothing: the same 404 as a wrong one.
    const expired = newLinkToken();
    await ctx.app.db.insert(moveOutPhotoLinks).values({ policyId: policy.id, party: 'owner', tokenHash: expired.tokenHash, expiresAt: new Date(NOW.getTime() - 1000) });
    expect((await ctx.app.inject({ url: `/api/public/move-out/${expired.token}` })).statusCode).toBe(404);
    expect((await upload(`/api/public/move-out/${expired.token}/rooms/bano/photos`, sampleFiles.png())).statusCode).toBe(404);

    const rooms = acta(await get(policy)).rooms;
    expect(rooms[1]!.photos.map((p) => p.takenBy)).toEqual(['Inquilino (por enlace)']);
  });
});

describe("'Enviar a firma'", () => {
  it('freezes the acta, draws its PDF with the settlement and starts the owner’s and tenant’s round; both signatures give the signed PDF', async () => {
    const policy = await activePolicy();
    // No payment: the four months owed (74,000.00) and the deductions exceed the deposit.
    const saved = acta(await put(policy, draft, 0));
    expect((await ctx.app.inject({ method: 'POST', url: url(policy, '/send'), headers: { ...bearer(agent), 'if-match': '"v0"' } })).statusCode).toBe(412);
    const sent = acta(await ctx.app.inject({ method: 'POST', url: url(policy, '/send'), headers: { ...bearer(agent), 'if-match': `"v${saved.version}"` } }));
    expect(sent.state).toBe('signing');
    expect(sent.signing?.status).toBe('open');
    expect(sent.signing?.signers.map((signer) => signer.party).sort()).toEqual(['owner', 'tenant']);
    expect(sent.settlement.label).toBe('Adeudo del inquilino: $57,850.00');

    // Frozen: no edits, no photos, not sent twice.
    expect((await put(policy, draft, sent.version)).statusCode).toBe(409);
    expect((await upload(url(policy, '/rooms/sala/photos'), sampleFiles.jpeg(), agent)).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'POST', url: url(policy, '/send'), headers: bearer(agent) })).statusCode).toBe(409);
    // The contract pack's signing is not this round.
    expect(json((await ctx.app.inject({ url: `/api/policy/${policy.id}/signing`, headers: bearer(agent) })))).toBeNull();

    const pdf = await ctx.app.inject({ url: url(policy, '/pdf'), headers: bearer(approver) });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('ACTA DE ENTREGA-RECEPCIÓN');
    expect(text).toContain('Depósito en garantía: $18,500.00');
    expect(text).toContain('Menos daños: $2,000.00');
    expect(text).toContain('Menos rentas pendientes de pago: $74,000.00');
    expect(text).toContain('Menos servicios pendientes de pago: $350.00');
    expect(text).toContain('Adeudo del inquilino: $57,850.00');
    expect(text).toContain('Vidrio de la ventana roto: $1,200.50');

    for (const email of [policy.tenants[0]!.email, policy.property.owner.email]) await signAs(tokenOf(email, await linkEmails(email)), email);
    const signed = acta(await get(policy));
    expect(signed.state).toBe('signed');
    const signedPdf = await ctx.app.inject({ url: url(policy, '/pdf'), headers: bearer(agent) });
    expect(signedPdf.headers['content-disposition']).toMatch(/firmada/);
    expect((await pdfPages(signedPdf.rawPayload)).join(' ')).toMatch(/Constancia de firma electrónica/i);
    // Issue 35: the signed acta checks on /verificar as a document of its own.
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/public/verify', ...multipartFile(signedPdf.rawPayload, 'acta.pdf') });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json(verified)).toMatchObject({ matched: { label: 'Acta de entrega-recepción' }, subject: 'Acta de entrega-recepción', packVersion: 0, documents: [{ label: 'Acta de entrega-recepción' }] });
    // A payment recorded afterwards does not change what was signed.
    expect(signed.settlement.unpaidRent).toBe('74000.00');
  });
});

async function linkEmails(email: string): Promise<string> {
  const [row] = await ctx.app.db.select().from(emailOutbox).where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'link_sign'))).orderBy(desc(emailOutbox.id)).limit(1);
  expect(row!.subject).toMatch(/^Acta de entrega para firmar/);
  return row!.text;
}
const tokenOf = (_email: string, text: string) => /\/p\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

async function signAs(token: string, email: string): Promise<void> {
  const post = (path: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/signing${path}`, payload, headers: { 'user-agent': 'Prueba' } });
  expect((await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 } })).statusCode).toBe(204);
  expect((await post('/code')).statusCode).toBe(200);
  const [row] = await ctx.app.db.select().from(emailOutbox).where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'signing_code'))).orderBy(desc(emailOutbox.id)).limit(1);
  expect((await post('/verify', { code: /Su código es (\d{6})/.exec(row!.text)![1]! })).statusCode).toBe(204);
  const view = json<{ packSha256: string; documents: Array<{ kind: string }> }>(await ctx.app.inject({ url: `/api/public/links/${token}/signing` }));
  expect(view.documents.map((document) => document.kind)).toEqual(['move_out']);
  const signed = await post('/sign', { signature: { kind: 'typed', text: 'Firma escrita' }, accept: true, packSha256: view.packSha256 });
  expect(signed.statusCode, signed.body).toBe(200);
}
