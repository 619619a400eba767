import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, buildTestApp, createTestContext, json, testConfig, tokenFor, type TestContext } from '../../test/app';
import { multipartFile, sampleFiles } from '../../test/files';
import { startTestBucket, type TestBucket } from '../../test/s3';

/** The investigation files' endpoints with FILES_URL=s3://… against s3rver on loopback. */
let bucket: TestBucket;
let ctx: TestContext;
/** A second instance on the same database and bucket that answers downloads with presigned URLs. */
let presigning: FastifyInstance;
let agent: string;
const prefix = `portal-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  bucket = await startTestBucket();
  // 6 MB: a refused over-limit file has already sent a 5 MiB part when the limit is reached.
  ctx = await createTestContext(bucket.env(prefix, { MAX_UPLOAD_MB: '6' }));
  presigning = (await buildTestApp(testConfig(bucket.env(prefix, { S3_PRESIGN_DOWNLOADS: 'true' })), ctx.testDb)).app;
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(async () => {
  await presigning.close();
  await ctx.close();
  await bucket.close();
});

async function createFolio(): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput() });
  return json<Policy>(response).investigationId;
}

function upload(folio: string, file: Buffer, filename = 'documento.pdf') {
  const { payload, headers } = multipartFile(file, filename);
  return ctx.app.inject({ method: 'POST', url: `/api/files/upload/${encodeURIComponent(folio)}/incomeProof`, headers: { ...bearer(agent), ...headers }, payload });
}

const streamedHeaders = (response: { headers: Record<string, unknown> }) => String(response.headers['content-security-policy']);

const storedKeys = async () => (await bucket.keys()).filter((key) => key.startsWith(`${prefix}/`));

describe('investigation files in a bucket', () => {
  it('stores an upload as one object, streams the same bytes back, and deletes the object with the document', async () => {
    const folio = await createFolio();
    const file = sampleFiles.png();
    const before = await storedKeys();
    const response = await upload(folio, file, 'Recibo de luz.png');
    expect(response.statusCode, response.body).toBe(201);
    const document = json<InvestigationDocument>(response);
    const added = (await storedKeys()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(new RegExp(`^${prefix}/[0-9a-f]{2}/[0-9a-f-]{36}\\.png$`));

    const download = await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-length']).toBe(String(file.length));
    expect(download.headers['content-disposition']).toBe('attachment; filename=Recibo_de_luz.png');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload).toEqual(file);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(agent) });
    expect(removed.statusCode).toBe(200);
    expect(await storedKeys()).toEqual(before);
  });

  it.each([
    ['a type it does not take (415)', () => sampleFiles.exe(), 415],
    ['an empty file (400)', () => Buffer.alloc(0), 400],
    ['a file over MAX_UPLOAD_MB, after a part was sent (413)', () => Buffer.concat([sampleFiles.pdf(), crypto.randomBytes(7 * 1024 * 1024)]), 413],
  ])('refuses %s and leaves nothing in the bucket', async (_case, file, status) => {
    const folio = await createFolio();
    const before = await storedKeys();
    const response = await upload(folio, file());
    expect(response.statusCode, response.body).toBe(status);
    expect(await storedKeys()).toEqual(before);
  });

  it('answers 404, not 500, when the object went missing', async () => {
    const folio = await createFolio();
    const before = await storedKeys();
    const document = json<InvestigationDocument>(await upload(folio, sampleFiles.pdf()));
    const [key] = (await storedKeys()).filter((name) => !before.includes(name));
    await ctx.app.files.remove(key!.slice(prefix.length + 1));
    const response = await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(json(response)).toMatchObject({ statusCode: 404, message: 'El archivo no está disponible en el servidor' });
  });
});

describe('presigned downloads (S3_PRESIGN_DOWNLOADS=true)', () => {
  it('answers 302 to a URL of the bucket valid for a minute; following it gives the bytes with the same headers', async () => {
    const folio = await createFolio();
    const file = sampleFiles.pdf('póliza firmada');
    const document = json<InvestigationDocument>(await upload(folio, file, 'Póliza firmada.pdf'));

    const redirect = await presigning.inject({ url: `/api/files/${document.id}/download?disposition=inline`, headers: bearer(agent) });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const location = new URL(String(redirect.headers.location));
    expect(location.origin).toBe(bucket.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    // The branch scope still decides: another branch's agent gets no URL.
    const outsider = await presigning.inject({ url: `/api/files/${document.id}/download`, headers: bearer(await tokenFor(ctx, 'agent', 2)) });
    expect(outsider.statusCode).toBe(404);

    // The web app may connect to the bucket (Content-Security-Policy), only when downloads are presigned.
    expect(redirect.headers['content-security-policy']).toContain(`connect-src 'self' ${bucket.endpoint};`);
    expect(streamedHeaders(await ctx.app.inject({ url: '/api/health' }))).toContain("connect-src 'self';");

    // As the web app does it: fetch with the bearer token, following the redirect to the bucket.
    await presigning.listen({ port: 0, host: '127.0.0.1' });
    const { port } = presigning.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/files/${document.id}/download?disposition=inline`, { headers: bearer(agent) });
    expect(response.status).toBe(200);
    expect(response.redirected).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const streamed = await ctx.app.inject({ url: `/api/files/${document.id}/download?disposition=inline`, headers: bearer(agent) });
    expect(response.headers.get('content-disposition')).toBe(streamed.headers['content-disposition']);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(file);
  });
});
