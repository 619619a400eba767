import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLinkMessages, type InvestigationDocument, type Policy, type PolicyEvent, type PublicUploadView } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput } from '@portal/domain/testing';
import { investigationDocuments, notifications, publicLinks } from '../../db/schema/index';
import { bearer, createTestContext, json, signInAs, tokenFor, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { filesUnder, multipartFile, sampleFiles } from '../../test/files';
import { newLinkToken } from '../public-links/index';

let ctx: TestContext;
let agent: string;
let agentId: number;
let managerId: number;
let otherBranchManagerId: number;
let filesRoot: string;

beforeAll(async () => {
  ctx = await createTestContext();
  filesRoot = path.join(ctx.config.dataDir, 'files');
  ({ id: agentId, token: agent } = await signInAs(ctx, 'agent', 1));
  managerId = (await signInAs(ctx, 'manager', 1)).id;
  otherBranchManagerId = (await signInAs(ctx, 'manager', 2)).id;
});
afterAll(() => ctx.close());

const plusPolicy = () => newPolicy(ctx, { token: agent, overrides: { policyType: 'plus', guarantors: [exampleGuarantor('Aval Uno')] } });

/** An upload link written straight to the table (the staff endpoints that create them are tested apart). */
async function link(policy: Policy, values: Partial<typeof publicLinks.$inferInsert> = {}, context = ctx) {
  const { token, tokenHash } = newLinkToken();
  const [row] = await context.app.db.insert(publicLinks).values({
    policyId: policy.id,
    tokenHash,
    purpose: 'upload',
    party: 'tenant',
    partyName: 'María López',
    expiresAt: new Date(Date.now() + 86_400_000),
    ...values,
  }).returning({ id: publicLinks.id });
  return { id: row!.id, token };
}

const accept = (token: string, context = ctx) => context.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 } });

async function acceptedLink(policy: Policy, values: Partial<typeof publicLinks.$inferInsert> = {}, context = ctx) {
  const created = await link(policy, values, context);
  expect((await accept(created.token, context)).statusCode).toBe(204);
  return created;
}

function send(token: string, documentType: string, file = sampleFiles.pdf(), filename = 'documento.pdf', identificationType?: string, context = ctx) {
  const suffix = identificationType ? `/${identificationType}` : '';
  const { payload, headers } = multipartFile(file, filename);
  return context.app.inject({ method: 'POST', url: `/api/public/links/${token}/upload/${documentType}${suffix}`, headers, payload });
}

async function sent(token: string, documentType: string, file = sampleFiles.pdf(), filename = 'documento.pdf', identificationType?: string) {
  const response = await send(token, documentType, file, filename, identificationType);
  expect(response.statusCode, response.body).toBe(201);
  return json<PublicUploadView>(response);
}

const viewOf = async (token: string) => ctx.app.inject({ url: `/api/public/links/${token}/documents` });
const staffDocuments = async (policy: Policy) =>
  json<InvestigationDocument[]>(await ctx.app.inject({ url: `/api/files/documentswithresponses/${policy.investigationId}`, headers: bearer(agent) }));
const message = (response: { body: string }) => (JSON.parse(response.body) as { message: string }).message;

describe('GET /api/public/links/{token}/documents', () => {
  it("lists the party's own documents with hints and identification type, and only what arrived in its slots", async () => {
    const policy = await plusPolicy();
    // A staff upload in the guarantor's slot: never shown to the tenant.
    const staff = multipartFile(sampleFiles.pdf(), 'escritura-aval.pdf');
    const staffUpload = await ctx.app.inject({ method: 'POST', url: `/api/files/upload/${policy.investigationId}/guarantorDeed`, headers: { ...bearer(agent), ...staff.headers }, payload: staff.payload });
    expect(staffUpload.statusCode).toBe(201);
    await ctx.app.inject({ method: 'PUT', url: `/api/files/${json<InvestigationDocument>(staffUpload).id}/response`, headers: bearer(await tokenFor(ctx, 'manager', 1)), payload: { respuesta: 'Ilegible' } });

    const { token } = await acceptedLink(policy);
    await sent(token, 'tenantId', sampleFiles.jpeg(), 'ine-frente.jpg', 'ineSeparada');
    const response = await viewOf(token);
    expect(response.statusCode, response.body).toBe(200);
    const view = json<PublicUploadView>(response);
    expect(view.documents.map((document) => document.slot)).toEqual(['tenantId', 'tenantIdBack', 'incomeProof']);
    expect(view.documents[0]).toMatchObject({ label: 'Identificación del inquilino', asksIdentificationType: true, files: 1, present: 1 });
    expect(view.documents[2]).toMatchObject({ hint: 'Últimos 3 recibos de nómina o estados de cuenta', files: 3, present: 0, asksIdentificationType: false });
    expect(view.received).toEqual([
      { documentType: 'tenantId', slot: 'tenantId', index: 0, originalFilename: 'ine-frente.jpg', identificationType: 'ineSeparada', uploadedAt: expect.any(String) },
    ]);
    expect(view).toMatchObject({ complete: false, accepting: true });
    expect(response.body).not.toContain('escritura-aval');
    expect(response.body).not.toContain('Ilegible');
  });

  it('gives the guarantor and the owner their own slots', async () => {
    const policy = await plusPolicy();
    const guarantor = await link(policy, { party: 'guarantor', partyName: 'Aval Uno' });
    const owner = await link(policy, { party: 'owner', partyName: 'Roberto Sánchez' });
    expect(json<PublicUploadView>(await viewOf(guarantor.token)).documents.map((d) => d.slot)).toEqual(['guarantorId', 'guarantorDeed']);
    expect(json<PublicUploadView>(await viewOf(owner.token)).documents.map((d) => d.slot)).toEqual(['ownerId']);
  });

  it('answers a wrong, revoked, expired or signing token with the same 404', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const tokens = [
      newLinkToken().token,
      (await link(policy, { revokedAt: new Date() })).token,
      (await link(policy, { expiresAt: new Date(Date.now() - 1000) })).token,
      (await link(policy, { purpose: 'sign' })).token,
    ];
    for (const token of tokens) {
      const response = await viewOf(token);
      expect({ status: response.statusCode, message: message(response) }).toEqual({ status: 404, message: publicLinkMessages.invalid });
    }
  });
});

describe('POST /api/public/links/{token}/upload/{documentType}', () => {
  it('stores the file by link: the first one starts the investigation, by Sistema, naming the person', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { id, token } = await acceptedLink(policy);
    const view = await sent(token, 'tenantId', sampleFiles.jpeg(), 'ine.jpg', 'ine');
    expect(view.received).toEqual([expect.objectContaining({ documentType: 'tenantId', originalFilename: 'ine.jpg', identificationType: 'ine' })]);

    const policyNow = json<Policy>(await ctx.app.inject({ url: `/api/policy/unique/${policy.id}`, headers: bearer(agent) }));
    expect(policyNow.status).toBe('investigation');
    const events = json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${policy.id}/events`, headers: bearer(agent) }));
    expect(events).toContainEqual(
      expect.objectContaining({
        userId: null,
        // Named as the person outside, not 'Usuario eliminado' (issue 29).
        userName: 'María López (inquilino, por enlace)',
        fromStatus: 'created',
        toStatus: 'investigation',
        note: 'Documento subido por enlace (Inquilino: María López): Identificación del inquilino (ine.jpg)',
      }),
    );
    const [row] = await ctx.app.db.select().from(investigationDocuments).where(eq(investigationDocuments.policyId, policy.id));
    expect(row).toMatchObject({ uploadedBy: null, uploadedViaLinkId: id, mimeType: 'image/jpeg' });
    // The staff list says it came by link, from whom.
    expect(await staffDocuments(policy)).toEqual([expect.objectContaining({ uploadedVia: 'link', uploadedViaLinkName: 'María López', uploadedByName: '' })]);
  });

  it('works with a link the staff issued (POST /api/policy/{id}/links), the link naming the tenant', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const issued = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/links`, headers: bearer(agent), payload: { party: 'tenant' } });
    expect(issued.statusCode, issued.body).toBe(201);
    const token = new URL(json<{ url: string }>(issued).url).pathname.split('/').at(-1)!;
    expect((await accept(token)).statusCode).toBe(204);
    await sent(token, 'utilities', sampleFiles.pdf(), 'luz.pdf');
    const [document] = await staffDocuments(policy);
    expect(document).toMatchObject({ uploadedVia: 'link', uploadedViaLinkName: examplePolicyInput().tenants[0]!.name });
  });

  it("reaches only the party's own slots: another party's slot is a 400 on documentType, like a slot the policy does not ask for", async () => {
    const policy = await plusPolicy();
    const { token } = await acceptedLink(policy);
    for (const documentType of ['ownerId', 'guarantorDeed', 'guarantorId']) {
      const response = await send(token, documentType);
      expect(response.statusCode, documentType).toBe(400);
      expect(json(response)).toMatchObject({ details: [{ field: 'documentType' }] });
    }
    expect(message(await send(token, 'ownerId'))).toBe('Este documento no se pide para una póliza Plus');
    // The guarantor's link cannot fill the tenant's slots either.
    const guarantor = await acceptedLink(policy, { party: 'guarantor', partyName: 'Aval Uno' });
    expect((await send(guarantor.token, 'tenantId', sampleFiles.png(), 'ine.png')).statusCode).toBe(400);
    expect((await send(guarantor.token, 'guarantorDeed')).statusCode).toBe(201);
    expect((await staffDocuments(policy)).map((document) => document.documentType)).toEqual(['guarantorDeed']);
    expect((await send(token, 'nada')).statusCode).toBe(400);
    expect((await send(token, 'utilities')).statusCode).toBe(400); // a tenant slot this policy type does not ask for
  });

  it('refuses the token on every staff endpoint (401)', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { token } = await acceptedLink(policy);
    const document = (await sent(token, 'incomeProof')).received[0]!;
    const [stored] = await ctx.app.db.select().from(investigationDocuments).where(eq(investigationDocuments.policyId, policy.id));
    const calls = [
      { method: 'GET' as const, url: `/api/policy/unique/${policy.id}` },
      { method: 'GET' as const, url: `/api/policy/${policy.id}/events` },
      { method: 'GET' as const, url: `/api/files/documentswithresponses/${policy.investigationId}` },
      { method: 'GET' as const, url: `/api/files/${stored!.id}/download` },
      { method: 'DELETE' as const, url: `/api/policy/delete/${stored!.id}` },
      { method: 'POST' as const, url: `/api/files/upload/${policy.investigationId}/${document.documentType}` },
      { method: 'GET' as const, url: '/api/notifications' },
    ];
    for (const call of calls) {
      const response = await ctx.app.inject({ ...call, headers: bearer(token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('refuses before the aviso is accepted (409), and keeps nothing', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { token } = await link(policy);
    const before = filesUnder(filesRoot).length;
    const response = await send(token, 'tenantId', sampleFiles.jpeg(), 'ine.jpg');
    expect({ status: response.statusCode, message: message(response) }).toEqual({ status: 409, message: publicLinkMessages.privacyRequired });
    expect(filesUnder(filesRoot).length).toBe(before);
  });

  it('refuses a revoked, expired or wrong link with the uniform 404', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const revoked = await acceptedLink(policy);
    await ctx.app.db.update(publicLinks).set({ revokedAt: new Date() }).where(eq(publicLinks.id, revoked.id));
    const expired = await acceptedLink(policy);
    await ctx.app.db.update(publicLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(publicLinks.id, expired.id));
    for (const token of [revoked.token, expired.token, newLinkToken().token]) {
      const response = await send(token, 'incomeProof');
      expect({ status: response.statusCode, message: message(response) }).toEqual({ status: 404, message: publicLinkMessages.invalid });
    }
    expect(await staffDocuments(policy)).toEqual([]);
  });

  it('stores nothing when the link is revoked while the file is on its way', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { id, token } = await acceptedLink(policy);
    const { payload, headers } = multipartFile(sampleFiles.pdf(), 'recibo.pdf');
    const before = filesUnder(filesRoot).length;
    // The checks pass on the headers; the revocation lands before the last bytes arrive.
    async function* slowBody() {
      yield payload.subarray(0, 40);
      await ctx.app.db.update(publicLinks).set({ revokedAt: new Date() }).where(eq(publicLinks.id, id));
      yield payload.subarray(40);
    }
    const response = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/upload/incomeProof`, headers, payload: Readable.from(slowBody()) });
    expect({ status: response.statusCode, message: message(response) }).toEqual({ status: 404, message: publicLinkMessages.invalid });
    expect(await staffDocuments(policy)).toEqual([]);
    expect(filesUnder(filesRoot).length).toBe(before);
  });

  it('refuses once the investigation is decided (409)', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { token } = await acceptedLink(policy);
    await sent(token, 'incomeProof');
    const admin = await tokenFor(ctx, 'admin', 1);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/reject/${policy.investigationId}`, headers: bearer(admin), payload: {} })).statusCode).toBe(200);
    const response = await send(token, 'incomeProof1');
    expect({ status: response.statusCode, message: message(response) }).toEqual({ status: 409, message: publicLinkMessages.uploadClosed });
    expect(json<PublicUploadView>(await viewOf(token)).accepting).toBe(false);
  });

  it("checks the file as the staff upload does: empty, type by its bytes, the identification type", async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { token } = await acceptedLink(policy);
    const empty = await send(token, 'incomeProof', Buffer.alloc(0), 'vacio.pdf');
    expect({ status: empty.statusCode, message: message(empty) }).toEqual({ status: 400, message: 'El archivo está vacío' });
    const text = await send(token, 'incomeProof', Buffer.from('esto no es un pdf'), 'recibo.pdf');
    expect(text.statusCode).toBe(415);
    expect(message(text)).toBe(json(await staffUploadOf(policy, Buffer.from('esto no es un pdf'), 'recibo.pdf')).message);
    // A PNG named .pdf is a PNG: accepted, judged by its bytes.
    const png = await sent(token, 'incomeProof', sampleFiles.png(), 'recibo.pdf');
    expect(png.received).toHaveLength(1);
    const wrongType = await send(token, 'incomeProof1', sampleFiles.pdf(), 'recibo.pdf', 'ine');
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType)).toMatchObject({ details: [{ field: 'identificationType' }] });
    const noFile = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/upload/incomeProof1`, payload: {} });
    expect(noFile.statusCode).toBe(400);
  });

  it('tells the agent and the managers once per policy every ten minutes', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { token } = await acceptedLink(policy);
    const notices = () =>
      ctx.app.db.select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'link_documents_received')));
    await sent(token, 'incomeProof');
    await sent(token, 'incomeProof1');
    await sent(token, 'incomeProof2');
    const first = await notices();
    const recipients = first.map((notice) => notice.userId);
    expect(recipients).toEqual(expect.arrayContaining([agentId, managerId]));
    expect(recipients).not.toContain(otherBranchManagerId);
    expect(new Set(recipients).size).toBe(first.length);
    expect(first[0]).toMatchObject({
      title: `Documentos recibidos por enlace: ${policy.investigationId}`,
      body: expect.stringContaining('María López'),
    });
    // Eleven minutes later, the next file makes a new notice.
    await ctx.app.db.update(notifications).set({ createdAt: sql`${notifications.createdAt} - interval '11 minutes'` }).where(eq(notifications.policyId, policy.id));
    await sent(token, 'employmentLetter');
    expect((await notices()).length).toBe(first.length * 2);
  });

  it('names everyone who sent files in those ten minutes, the guarantor after the tenant, and shows the notice unread again (issue 29)', async () => {
    const policy = await plusPolicy();
    const tenant = await acceptedLink(policy);
    const guarantor = await acceptedLink(policy, { party: 'guarantor', partyName: 'Aval Uno' });
    const notices = () =>
      ctx.app.db.select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'link_documents_received')));
    await sent(tenant.token, 'incomeProof');
    const first = await notices();
    expect(first[0]!.body).toBe(`María López está enviando sus documentos por enlace para la investigación ${policy.investigationId}. Revíselos en el expediente.`);
    await ctx.app.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.policyId, policy.id));
    await sent(guarantor.token, 'guarantorDeed');
    await sent(tenant.token, 'incomeProof1');
    const grouped = await notices();
    expect(grouped).toHaveLength(first.length);
    for (const notice of grouped) {
      expect(notice.body).toBe(`María López y Aval Uno están enviando sus documentos por enlace para la investigación ${policy.investigationId}. Revíselos en el expediente.`);
      expect(notice.readAt).toBeNull();
    }
  });

  it("finishes the link when every document of the party is in, the back side of a separate INE included", async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const { id, token } = await acceptedLink(policy);
    const finishedAt = async () => (await ctx.app.db.select().from(publicLinks).where(eq(publicLinks.id, id)))[0]!.finishedAt;
    await sent(token, 'tenantId', sampleFiles.jpeg(), 'frente.jpg', 'ineSeparada');
    for (const documentType of ['incomeProof', 'incomeProof1', 'incomeProof2', 'employmentLetter']) await sent(token, documentType);
    const almost = await sent(token, 'utilities');
    expect(almost.complete).toBe(false);
    expect(await finishedAt()).toBeNull();
    const done = await sent(token, 'tenantIdBack', sampleFiles.jpeg(), 'reverso.jpg', 'ineSeparada');
    expect(done.complete).toBe(true);
    expect(await finishedAt()).not.toBeNull();
    // The owner's ID is missing, yet the tenant's link is done: only the party's documents count.
    expect((await staffDocuments(policy)).some((document) => document.documentType === 'ownerId')).toBe(false);
  });
});

describe('the rate limit', () => {
  it('limits how often one address calls the upload endpoint', async () => {
    const wrong = newLinkToken().token;
    const statuses: number[] = [];
    for (let call = 0; call < 62; call++) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${wrong}/upload/incomeProof`, remoteAddress: '10.7.7.7' });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
  });
});

async function staffUploadOf(policy: Policy, file: Buffer, filename: string) {
  const { payload, headers } = multipartFile(file, filename);
  return ctx.app.inject({ method: 'POST', url: `/api/files/upload/${policy.investigationId}/incomeProof`, headers: { ...bearer(agent), ...headers }, payload });
}

describe('the size limit', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ MAX_UPLOAD_MB: '1' });
  });
  afterAll(() => small.close());

  it('refuses a file over MAX_UPLOAD_MB with the staff upload’s 413 and keeps nothing', async () => {
    const policy = await newPolicy(small, { token: await tokenFor(small, 'agent', 1) });
    const { token } = await acceptedLink(policy, {}, small);
    const big = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const response = await send(token, 'incomeProof', big, 'grande.pdf', undefined, small);
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ message: 'El archivo supera el tamaño máximo de 1 MB', details: [{ field: 'file' }] });
    expect(filesUnder(path.join(small.config.dataDir, 'files'))).toEqual([]);
  });
});
