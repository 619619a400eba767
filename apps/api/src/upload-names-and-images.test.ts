import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Addendum, InvestigationDocument, Policy, PublicUploadView } from '@portal/domain';
import { publicLinks } from './db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from './test/app';
import { newPolicy } from './test/policies';
import { filesUnder, multipartFile, sampleFiles } from './test/files';
import { newLinkToken } from './modules/public-links/index';

// Issue 28, part 5: an upload's recorded name carries the extension of what it is, and an image
// is refused when its header says it is larger than a phone photo by far.

let ctx: TestContext;
let admin: string;
let agent: string;
let filesRoot: string;

beforeAll(async () => {
  ctx = await createTestContext();
  filesRoot = path.join(ctx.config.dataDir, 'files');
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(() => ctx.close());

function staffUpload(policy: Policy, content: Buffer, filename: string, slot = 'utilities') {
  const { payload, headers } = multipartFile(content, filename);
  return ctx.app.inject({ method: 'POST', url: `/api/files/upload/${encodeURIComponent(policy.investigationId)}/${slot}`, headers: { ...bearer(agent), ...headers }, payload });
}

/** An upload link for the tenant, its privacy notice already accepted. */
async function uploadLink(policy: Policy): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await ctx.app.db.insert(publicLinks).values({
    policyId: policy.id,
    tokenHash,
    purpose: 'upload',
    party: 'tenant',
    partyName: 'María López',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const accepted = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 } });
  expect(accepted.statusCode).toBe(204);
  return token;
}

function linkUpload(token: string, content: Buffer, filename: string) {
  const { payload, headers } = multipartFile(content, filename);
  return ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/upload/utilities`, headers, payload });
}

const nul = String.fromCharCode(0);

describe('the name an upload is recorded under', () => {
  it("records 'a.pdf<NUL>.html' sent by staff as 'a.pdf', a PDF", async () => {
    const response = await staffUpload(await newPolicy(ctx, { token: agent }), sampleFiles.pdf(), `a.pdf${nul}.html`);
    expect(response.statusCode, response.body).toBe(201);
    expect(json<InvestigationDocument>(response)).toMatchObject({ originalFilename: 'a.pdf', mimeType: 'application/pdf' });
  });

  it('gives a photo sent by link the extension of what it is, whatever its name says', async () => {
    const token = await uploadLink(await newPolicy(ctx, { token: agent }));
    const response = await linkUpload(token, sampleFiles.jpeg(), `recibo${nul}.exe`);
    expect(response.statusCode, response.body).toBe(201);
    expect(json<PublicUploadView>(response).received).toEqual([expect.objectContaining({ originalFilename: 'recibo.jpg' })]);
  });

  it("records an addendum's file named 'firmado.pdf<NUL>.html' as 'firmado.pdf'", async () => {
    const policy = await newPolicy(ctx, { token: admin, overrides: { status: 'active' } });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/addendum',
      headers: bearer(agent),
      payload: { policyId: policy.id, description: 'Cambio de aval', amount: '100', startDate: '2026-12-01', endDate: '2027-11-30' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const addendum = json<Addendum>(created);
    const { payload, headers } = multipartFile(sampleFiles.pdf(), `firmado.pdf${nul}.html`);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/addendum/upload-file/${addendum.id}/${policy.id}`, headers: { ...bearer(agent), ...headers }, payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Addendum>(response).files).toEqual([expect.objectContaining({ originalFilename: 'firmado.pdf', mimeType: 'application/pdf' })]);
  });
});

describe("an image's size in pixels", () => {
  it('refuses a 20,000 × 20,000 PNG from staff with a 400 on the file, keeping nothing', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const before = filesUnder(filesRoot);
    const response = await staffUpload(policy, sampleFiles.png(20_000, 20_000), 'plano.png');
    expect(response.statusCode, response.body).toBe(400);
    const body = json<{ message: string; details: Array<{ field: string; message: string }> }>(response);
    expect(body.details).toEqual([{ field: 'file', message: body.message }]);
    expect(body.message).toContain('20000 × 20000 píxeles (400 megapíxeles); el máximo es 100 megapíxeles');
    expect(filesUnder(filesRoot)).toEqual(before);
  });

  it('refuses the same from a link, and a JPEG whose header says 30,000 × 10,000', async () => {
    const token = await uploadLink(await newPolicy(ctx, { token: agent }));
    expect((await linkUpload(token, sampleFiles.png(20_000, 20_000), 'plano.png')).statusCode).toBe(400);
    const jpeg = await linkUpload(token, sampleFiles.jpeg(30_000, 10_000), 'foto.jpg');
    expect(jpeg.statusCode).toBe(400);
    expect(json<{ message: string }>(jpeg).message).toContain('30000 × 10000 píxeles');
  });

  it("accepts a 50-megapixel phone photo whose size comes after 200 KB of EXIF", async () => {
    const response = await staffUpload(await newPolicy(ctx, { token: agent }), sampleFiles.jpeg(8160, 6120, 200_000), 'foto.jpg');
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses an image whose size cannot be read: a PNG without its header, a JPEG hiding it past 512 KB', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const headless = Buffer.concat([sampleFiles.png().subarray(0, 8), Buffer.alloc(64, 7)]);
    const broken = await staffUpload(policy, headless, 'foto.png');
    expect(broken.statusCode).toBe(400);
    expect(json<{ message: string }>(broken).message).toBe('Archivo: no se pudo leer el tamaño de la imagen; el archivo está dañado o incompleto');
    expect((await staffUpload(policy, sampleFiles.jpeg(800, 600, 600_000), 'foto.jpg')).statusCode).toBe(400);
  });
});
