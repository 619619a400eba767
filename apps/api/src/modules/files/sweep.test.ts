import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Addendum, InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, type TestContext } from '../../test/app';
import { filesUnder, multipartFile, sampleFiles } from '../../test/files';
import { sweepUnreferencedFiles } from './sweep';
import type { DiskFileStore } from '../../lib/file-store';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());

async function post<T>(url: string, payload: object): Promise<T> {
  return json<T>(await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload }));
}

async function upload<T>(url: string, content: Buffer): Promise<T> {
  const { payload, headers } = multipartFile(content, 'archivo.pdf');
  return json<T>(await ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload }));
}

describe('sweeping unreferenced files', () => {
  it('removes only old files that no document or addendum names', async () => {
    const investigated = await post<Policy>('/api/policy', examplePolicyInput());
    await upload<InvestigationDocument>(`/api/files/upload/${investigated.investigationId}/utilities`, sampleFiles.pdf('recibo'));
    const policy = await post<Policy>('/api/policy', examplePolicyInput({ status: 'active', policyNumber: 'POL-1' }));
    const addendum = await post<Addendum>('/api/addendum', { policyId: policy.id, description: 'Mascota', amount: 100, startDate: '2026-12-01', endDate: '2027-01-01' });
    await upload<Addendum>(`/api/addendum/upload-file/${addendum.id}/${policy.id}`, sampleFiles.pdf('addendum'));
    const kept = filesUnder(path.join(ctx.config.dataDir, 'files'));
    expect(kept).toHaveLength(2);

    // Two files no row names, as a crash between the rename and the commit would leave them.
    const orphan = await ctx.app.files.save(Readable.from([sampleFiles.pdf('huérfano')]), { accept: ['pdf'], wasTruncated: () => false });
    const fresh = await ctx.app.files.save(Readable.from([sampleFiles.pdf('en curso')]), { accept: ['pdf'], wasTruncated: () => false });
    const dayAgo = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync((ctx.app.files as DiskFileStore).pathOf(orphan.storedName), dayAgo, dayAgo);

    const dry = await sweepUnreferencedFiles(ctx.app.db, ctx.app.files, { olderThanMs: 86_400_000, dryRun: true });
    expect(dry).toMatchObject({ scanned: 4, unreferenced: [orphan.storedName], bytes: orphan.size });
    expect(filesUnder(path.join(ctx.config.dataDir, 'files'))).toHaveLength(4);

    const swept = await sweepUnreferencedFiles(ctx.app.db, ctx.app.files, { olderThanMs: 86_400_000, dryRun: false });
    expect(swept.unreferenced).toEqual([orphan.storedName]);
    expect(filesUnder(path.join(ctx.config.dataDir, 'files')).sort()).toEqual([...kept, fresh.storedName].sort());
  });
});
