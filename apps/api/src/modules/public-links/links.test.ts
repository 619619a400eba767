import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  policyMessages,
  publicLinkMessages,
  type IssuedLink,
  type Policy,
  type PolicyEvent,
  type PolicyFormValues,
  type PolicyLinks,
  type PrivacyNoticeVersions,
  type PublicLink,
} from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { emailOutbox, linkSignatures, publicLinks, signingRounds } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, signInAs, tokenFor, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { smtpReceiver } from '../../test/smtp';
import { deliverDueEmails } from '../email/index';
import { insertLink } from './repository';
import { newLinkToken } from './tokens';

const publicUrl = 'https://polizas.empresa.test';

let ctx: TestContext;
let admin: string;
let agent: { id: number; token: string };
let manager: string;
let approver: string;
let santaFeAgent: string;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: publicUrl });
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  agent = await signInAs(ctx, 'agent', 1);
  [manager, approver, santaFeAgent] = await Promise.all([tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2)]);
});
afterAll(() => ctx.close());

const db = () => ctx.app.db;
const get = (url: string, token?: string) => ctx.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
const post = (url: string, token: string | undefined, payload: object = {}) => ctx.app.inject({ method: 'POST', url, ...(token ? { headers: bearer(token) } : {}), payload });
const put = (url: string, token: string | undefined, payload: object) => ctx.app.inject({ method: 'PUT', url, ...(token ? { headers: bearer(token) } : {}), payload });

/** A Plus policy with two tenants (the second without e-mail or phones), a guarantor and the owner. */
/** A Plus with two tenants (the second with no e-mail nor phone) and one guarantor. */
const twoTenantsAndAGuarantor = (): Partial<PolicyFormValues> => ({
  policyType: 'plus',
  tenants: [exampleTenant('María López'), { ...exampleTenant('Pedro Ruiz'), email: '', mobile: '', phone: '' }],
  guarantors: [exampleGuarantor('Jorge Aval')],
});

async function createLink(policyId: number, body: object = { party: 'tenant', partyIndex: 0 }, token = agent.token): Promise<IssuedLink> {
  const response = await post(`/api/policy/${policyId}/links`, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<IssuedLink>(response);
}

/** An upload link's answer carries its URL (a signing link's never does). */
const tokenOf = (url: string | null) => url!.split('/p/')[1]!;
const view = (url: string | null) => ctx.app.inject({ url: `/api/public/links/${tokenOf(url)}` });
const linksOf = async (policyId: number, token = agent.token) => json<PolicyLinks>(await get(`/api/policy/${policyId}/links`, token));
const linkIn = async (policyId: number, linkId: number) => (await linksOf(policyId)).links.find((link) => link.id === linkId)!;
const notes = async (policyId: number) => json<PolicyEvent[]>(await get(`/api/policy/${policyId}/events`, agent.token)).map((event) => event.note);

describe('GET /api/policy/{id}/links', () => {
  it('lists every person of the policy with e-mail and E.164 phone, and no links yet', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    expect(await linksOf(policy.id)).toEqual({
      links: [],
      recipients: [
        { party: 'tenant', partyIndex: 0, name: 'María López', email: 'inquilino@example.mx', phone: '+525511122233' },
        { party: 'tenant', partyIndex: 1, name: 'Pedro Ruiz', email: '', phone: '' },
        { party: 'guarantor', partyIndex: 0, name: 'Jorge Aval', email: 'aval@example.mx', phone: '+525599988877' },
        { party: 'owner', partyIndex: 0, name: 'Roberto Sánchez Villa', email: 'roberto@example.mx', phone: '+525512345678' },
      ],
    });
  });

  it('lists the links newest first, with their state and who made them', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const first = await createLink(policy.id);
    const second = await createLink(policy.id, { party: 'owner' });
    const { links } = await linksOf(policy.id);
    expect(links.map((link) => link.id)).toEqual([second.link.id, first.link.id]);
    expect(links[0]).toMatchObject({ party: 'owner', partyName: 'Roberto Sánchez Villa', purpose: 'upload', state: 'sent', createdByName: 'Ana Pérez', signingRoundId: null });
    expect(JSON.stringify(links)).not.toContain(tokenOf(first.url));
  });
});

describe('the link lifecycle', () => {
  it('creates a link (201): URL under PUBLIC_URL, WhatsApp to the E.164 mobile, history line, no e-mail unless asked', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id, { party: 'tenant', partyIndex: 0, expiresInDays: 3 });
    expect(issued.url).toMatch(new RegExp(`^${publicUrl}/p/[A-Za-z0-9_-]{43}$`));
    expect(issued.whatsappUrl).toMatch(/^https:\/\/wa\.me\/525511122233\?text=/);
    expect(decodeURIComponent(issued.whatsappUrl!.split('text=')[1]!)).toContain(`Hola, María López. Le escribimos de Sucursal Polanco.`);
    expect(decodeURIComponent(issued.whatsappUrl!)).toContain(issued.url);
    expect(issued.link).toMatchObject({ policyId: policy.id, party: 'tenant', partyIndex: 0, partyName: 'María López', email: 'inquilino@example.mx', phone: '+525511122233', state: 'sent', lastSentAt: null });
    const days = (new Date(issued.link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    expect(await notes(policy.id)).toContain('Enlace creado: Subir documentos (Inquilino María López)');
    const [row] = await db().select().from(publicLinks).where(eq(publicLinks.id, issued.link.id));
    expect(row).toMatchObject({ createdBy: agent.id });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.recipient, 'inquilino@example.mx'))).toEqual([]);
  });

  it('queues the e-mail when asked (lastSentAt set), and refuses it (400) for a person without e-mail', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id, { party: 'guarantor', partyIndex: 0, sendEmail: true });
    expect(issued.link.lastSentAt).not.toBeNull();
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.recipient, 'aval@example.mx'));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'link_upload', status: 'queued' });
    expect(emails[0]!.text).toContain(issued.url);

    const withoutEmail = await post(`/api/policy/${policy.id}/links`, agent.token, { party: 'tenant', partyIndex: 1, sendEmail: true });
    expect(withoutEmail.statusCode).toBe(400);
    expect(json(withoutEmail).details).toEqual([{ field: 'sendEmail', message: publicLinkMessages.noEmail('Pedro Ruiz') }]);
    // Nothing half-written: no link for Pedro.
    expect((await linksOf(policy.id)).links.filter((link) => link.partyName === 'Pedro Ruiz')).toEqual([]);
    // Without a number, no WhatsApp address.
    expect((await createLink(policy.id, { party: 'tenant', partyIndex: 1 })).whatsappUrl).toBeNull();
  });

  it("shows 'opened' once the person opens it", async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    expect((await view(issued.url)).statusCode).toBe(200);
    const link = await linkIn(policy.id, issued.link.id);
    expect(link.state).toBe('opened');
    expect(link.firstOpenedAt).not.toBeNull();
  });

  it("shows 'expired' after its date, and the token opens nothing", async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    await db().update(publicLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(publicLinks.id, issued.link.id));
    expect((await linkIn(policy.id, issued.link.id)).state).toBe('expired');
    const response = await view(issued.url);
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(publicLinkMessages.invalid);
  });

  it('revokes (200): the token opens nothing, the history says so, and twice is a 409', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    const revoked = await post(`/api/policy/${policy.id}/links/${issued.link.id}/revoke`, manager);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(json<PublicLink>(revoked)).toMatchObject({ id: issued.link.id, state: 'revoked' });
    expect(json<PublicLink>(revoked).revokedAt).not.toBeNull();
    expect((await view(issued.url)).statusCode).toBe(404);
    expect(await notes(policy.id)).toContain('Enlace revocado: Subir documentos (Inquilino María López)');
    const again = await post(`/api/policy/${policy.id}/links/${issued.link.id}/revoke`, manager);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(publicLinkMessages.alreadyRevoked);
  });

  it('resends with a new token: the old one opens nothing, the new one works, the e-mail goes to the current address', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id, { party: 'owner' });
    await view(issued.url);
    const response = await post(`/api/policy/${policy.id}/links/${issued.link.id}/resend`, agent.token, { sendEmail: true, expiresInDays: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const resent = json<IssuedLink>(response);
    expect(resent.link.id).toBe(issued.link.id);
    expect(resent.url).not.toBe(issued.url);
    expect(resent.link).toMatchObject({ state: 'sent', firstOpenedAt: null });
    expect(resent.link.lastSentAt).not.toBeNull();
    expect(new Date(resent.link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9.9 * 86_400_000);
    expect((await view(issued.url)).statusCode).toBe(404);
    expect((await view(resent.url)).statusCode).toBe(200);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.recipient, 'roberto@example.mx'));
    expect(emails.map((email) => email.text.includes(resent.url!))).toEqual([true]);
    expect(await notes(policy.id)).toContain('Enlace reenviado: Subir documentos (Propietario Roberto Sánchez Villa)');
    // One row, never two: the link was replaced, not added.
    expect((await linksOf(policy.id)).links).toHaveLength(1);
  });

  it('refuses to resend a revoked or finished link (409), or by e-mail to a person without one (400)', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const revoked = await createLink(policy.id);
    await post(`/api/policy/${policy.id}/links/${revoked.link.id}/revoke`, agent.token);
    const finished = await createLink(policy.id);
    await db().update(publicLinks).set({ finishedAt: new Date() }).where(eq(publicLinks.id, finished.link.id));
    for (const { link } of [revoked, finished]) {
      const response = await post(`/api/policy/${policy.id}/links/${link.id}/resend`, agent.token, {});
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(publicLinkMessages.notActive);
    }
    const pedro = await createLink(policy.id, { party: 'tenant', partyIndex: 1 });
    const noEmail = await post(`/api/policy/${policy.id}/links/${pedro.link.id}/resend`, agent.token, { sendEmail: true });
    expect(noEmail.statusCode).toBe(400);
    expect(json(noEmail).details[0].field).toBe('sendEmail');
    // The refused resend left the link as it was.
    expect((await view(pedro.url)).statusCode).toBe(200);
  });

  it('resends an expired link with a new expiry', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    await db().update(publicLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(publicLinks.id, issued.link.id));
    const resent = json<IssuedLink>(await post(`/api/policy/${policy.id}/links/${issued.link.id}/resend`, agent.token, {}));
    expect(resent.link.state).toBe('sent');
    expect((await view(resent.url)).statusCode).toBe(200);
  });

  it('resends a signing link only by e-mail, to the signer, and never answers its URL; not before their turn, nor once the round is closed', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const [round] = await db()
      .insert(signingRounds)
      .values({ policyId: policy.id, packVersion: 1, documentKinds: ['lease'], packStoredName: 'pack.pdf', packSha256: 'a'.repeat(64), sequential: true })
      .returning({ id: signingRounds.id });
    const { tokenHash } = newLinkToken();
    const linkId = await insertLink(db(), { policyId: policy.id, tokenHash, purpose: 'sign', party: 'owner', partyName: 'Roberto Sánchez Villa', email: 'roberto.firma@example.mx', signingRoundId: round!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await db().insert(linkSignatures).values({ linkId, roundId: round!.id, signerName: 'Roberto Sánchez Villa', signerEmail: 'roberto.firma@example.mx', position: 1 });
    const resend = (body: object) => post(`/api/policy/${policy.id}/links/${linkId}/resend`, agent.token, body);

    // Signing in order: not their turn yet, so nothing is sent.
    expect(json(await resend({ sendEmail: true }))).toMatchObject({ statusCode: 409, message: publicLinkMessages.signNotYourTurn });
    await db().update(linkSignatures).set({ invitedAt: new Date() }).where(eq(linkSignatures.linkId, linkId));
    // Copying or WhatsApp would put the signer's link in staff hands: e-mail only.
    expect(json(await resend({ sendEmail: false }))).toMatchObject({ statusCode: 400, details: [{ field: 'sendEmail', message: publicLinkMessages.signByEmailOnly }] });

    const response = await resend({ sendEmail: true });
    expect(response.statusCode, response.body).toBe(200);
    const resent = json<IssuedLink>(response);
    expect(resent).toMatchObject({ url: null, whatsappUrl: null, link: { purpose: 'sign', signingRoundId: round!.id, state: 'sent' } });
    expect(response.body).not.toMatch(/\/p\/[A-Za-z0-9_-]{43}/);
    // The e-mail to the signer's own address carries the new link, and it opens the signing page.
    const [email] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.recipient, 'roberto.firma@example.mx'), eq(emailOutbox.kind, 'link_sign')));
    const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(email!.text)![1]!;
    expect(json(await ctx.app.inject({ url: `/api/public/links/${token}` }))).toMatchObject({ purpose: 'sign' });
    // The staff list shows the link's state, nothing to open it with.
    const listed = await get(`/api/policy/${policy.id}/links`, agent.token);
    expect(listed.body).not.toContain(token);
    expect(json<PolicyLinks>(listed).links.find((link) => link.id === linkId)).toMatchObject({ state: 'opened' });

    await db().update(signingRounds).set({ status: 'cancelled' }).where(eq(signingRounds.id, round!.id));
    expect((await resend({ sendEmail: true })).statusCode).toBe(409);
  });

  it('refuses new upload links and resends once the investigation no longer takes documents (409)', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    const moved = await post(`/api/policy/update/${policy.id}`, manager, { ...examplePolicyInput({ policyType: 'plus', status: 'active' }), guarantors: [exampleGuarantor('Jorge Aval')] });
    expect(moved.statusCode, moved.body).toBe(200);
    const created = await post(`/api/policy/${policy.id}/links`, agent.token, { party: 'tenant' });
    expect(created.statusCode).toBe(409);
    expect(json(created).message).toBe(publicLinkMessages.uploadClosed);
    const resent = await post(`/api/policy/${policy.id}/links/${issued.link.id}/resend`, agent.token, {});
    expect(resent.statusCode).toBe(409);
    // Revoking still works: closing a door is always allowed.
    expect((await post(`/api/policy/${policy.id}/links/${issued.link.id}/revoke`, agent.token)).statusCode).toBe(200);
  });

  it('e-mails the link through a real SMTP receiver, and the outbox keeps no token afterwards', async () => {
    const smtp = await smtpReceiver();
    try {
      await ctx.testDb.database.db.delete(emailOutbox);
      const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
      const issued = await createLink(policy.id, { party: 'tenant', partyIndex: 0, sendEmail: true });
      // A second on: the row's first attempt time is PostgreSQL's now(), which has microseconds.
      expect(await deliverDueEmails(db(), smtp.transport, new Date(Date.now() + 1000))).toMatchObject({ sent: 1 });
      expect(smtp.received.map((message) => message.to)).toEqual([['inquilino@example.mx']]);
      expect(smtp.received[0]!.raw.replace(/=\r?\n/g, '')).toContain(issued.url);
      const rows = await db().select().from(emailOutbox);
      expect(rows).toMatchObject([{ status: 'sent' }]);
      expect(JSON.stringify(rows)).not.toContain(tokenOf(issued.url));
      expect(rows[0]!.text).toContain(`${publicUrl}/p/[enlace enviado]`);
      // The person's link still works: only the outbox's copy is blanked.
      expect((await view(issued.url)).statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  });
});

describe('who may manage links', () => {
  it('every staff role of the branch, and an admin', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    for (const token of [agent.token, manager, approver, admin]) {
      const issued = await createLink(policy.id, { party: 'owner' }, token);
      expect((await post(`/api/policy/${policy.id}/links/${issued.link.id}/resend`, token, {})).statusCode).toBe(200);
      expect((await post(`/api/policy/${policy.id}/links/${issued.link.id}/revoke`, token)).statusCode).toBe(200);
      expect((await get(`/api/policy/${policy.id}/links`, token)).statusCode).toBe(200);
    }
  });

  it("answers 404 for another branch's policy, and for a link of another policy", async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    const calls = [
      get(`/api/policy/${policy.id}/links`, santaFeAgent),
      post(`/api/policy/${policy.id}/links`, santaFeAgent, { party: 'tenant' }),
      post(`/api/policy/${policy.id}/links/${issued.link.id}/resend`, santaFeAgent, {}),
      post(`/api/policy/${policy.id}/links/${issued.link.id}/revoke`, santaFeAgent),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe(policyMessages.notFound);
    }
    const other = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    for (const action of ['resend', 'revoke']) {
      const response = await post(`/api/policy/${other.id}/links/${issued.link.id}/${action}`, agent.token, {});
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe(publicLinkMessages.linkNotFound);
    }
    expect((await get('/api/policy/2147483000/links', agent.token)).statusCode).toBe(404);
    // Nothing happened to the link.
    expect((await view(issued.url)).statusCode).toBe(200);
  });

  it('answers 401 without a token on every endpoint', async () => {
    const calls = [get('/api/policy/1/links'), post('/api/policy/1/links', undefined, { party: 'tenant' }), post('/api/policy/1/links/1/resend', undefined, {}), post('/api/policy/1/links/1/revoke', undefined)];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });
});

describe('invalid input (400, in Spanish, naming the field)', () => {
  it('refuses a party that is not on the policy', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const cases: [object, string][] = [
      [{ party: 'tenant', partyIndex: 2 }, 'partyIndex'],
      [{ party: 'guarantor', partyIndex: 1 }, 'partyIndex'],
    ];
    for (const [body, field] of cases) {
      const response = await post(`/api/policy/${policy.id}/links`, agent.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response).details).toEqual([{ field, message: publicLinkMessages.partyNotFound }]);
    }
    // A Básica policy has no guarantor at all.
    const basica = json<Policy>(await post('/api/policy', agent.token, examplePolicyInput()));
    const response = await post(`/api/policy/${basica.id}/links`, agent.token, { party: 'guarantor' });
    expect(json(response).details).toEqual([{ field: 'party', message: publicLinkMessages.partyNotFound }]);
  });

  it('refuses a malformed body or id on every endpoint', async () => {
    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    const cases: [Promise<Awaited<ReturnType<typeof get>>>, string][] = [
      [post(`/api/policy/${policy.id}/links`, agent.token, { party: 'vecino' }), 'party'],
      [post(`/api/policy/${policy.id}/links`, agent.token, { party: 'tenant', expiresInDays: 31 }), 'expiresInDays'],
      [post(`/api/policy/${policy.id}/links`, agent.token, { party: 'tenant', expiresInDays: 0 }), 'expiresInDays'],
      [post(`/api/policy/${policy.id}/links`, agent.token, { party: 'tenant', sendEmail: 'sí' }), 'sendEmail'],
      [post(`/api/policy/${policy.id}/links/${issued.link.id}/resend`, agent.token, { expiresInDays: 'siete' }), 'expiresInDays'],
      [post(`/api/policy/${policy.id}/links/abc/resend`, agent.token, {}), 'linkId'],
      [post(`/api/policy/${policy.id}/links/0/revoke`, agent.token), 'linkId'],
      [get('/api/policy/abc/links', agent.token), 'id'],
    ];
    for (const [call, field] of cases) {
      const response = await call;
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response).details[0].field).toBe(field);
    }
    expect(json(await post(`/api/policy/${policy.id}/links`, agent.token, { party: 'tenant', expiresInDays: 31 })).details[0].message).toBe('La vigencia debe estar entre 1 y 30 días');
  });
});

describe('the aviso de privacidad (admins)', () => {
  const text = 'AVISO DE PRIVACIDAD DE INMOBILIARIA EJEMPLO. Sus datos se usan solo para su póliza jurídica de arrendamiento.';

  it('starts at the product text (version 1, by Sistema), and each save is a new version the links show', async () => {
    const initial = json<PrivacyNoticeVersions>(await get('/api/admin/privacy-notice', admin));
    expect(initial.current).toMatchObject({ version: 1, createdByName: 'Sistema' });
    expect(initial.current.text).toMatch(/^AVISO DE PRIVACIDAD/);
    const saved = await put('/api/admin/privacy-notice', admin, { text: `  ${text}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    const versions = json<PrivacyNoticeVersions>(saved);
    expect(versions.current).toMatchObject({ version: initial.current.version + 1, text });
    expect(versions.current.createdByName).not.toBe('Sistema');
    expect(versions.versions.map((version) => version.version)).toEqual([initial.current.version + 1, ...initial.versions.map((version) => version.version)]);

    const policy = await newPolicy(ctx, { token: agent.token, overrides: twoTenantsAndAGuarantor() });
    const issued = await createLink(policy.id);
    expect(json(await view(issued.url))).toMatchObject({ privacy: { version: versions.current.version, text, accepted: false } });
  });

  it('gives two admins saving at once a version each', async () => {
    const before = json<PrivacyNoticeVersions>(await get('/api/admin/privacy-notice', admin)).current.version;
    const responses = await Promise.all([put('/api/admin/privacy-notice', admin, { text: `${text} Uno.` }), put('/api/admin/privacy-notice', admin, { text: `${text} Dos.` })]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const after = json<PrivacyNoticeVersions>(await get('/api/admin/privacy-notice', admin));
    expect(after.versions.slice(0, 2).map((version) => version.version).sort()).toEqual([before + 1, before + 2]);
  });

  it('refuses a short or missing text (400), no token (401) and every other role (403)', async () => {
    const short = await put('/api/admin/privacy-notice', admin, { text: 'Muy corto' });
    expect(short.statusCode).toBe(400);
    expect(json(short).details).toEqual([{ field: 'text', message: 'El texto del aviso es demasiado corto (mínimo 50 caracteres)' }]);
    expect(json(await put('/api/admin/privacy-notice', admin, {})).details[0].field).toBe('text');
    expect((await get('/api/admin/privacy-notice')).statusCode).toBe(401);
    expect((await put('/api/admin/privacy-notice', undefined, { text })).statusCode).toBe(401);
    for (const token of [agent.token, manager, approver]) {
      expect((await get('/api/admin/privacy-notice', token)).statusCode).toBe(403);
      expect((await put('/api/admin/privacy-notice', token, { text })).statusCode).toBe(403);
    }
  });
});
