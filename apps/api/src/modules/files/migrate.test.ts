import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { multipartFile, sampleFiles } from '../../test/files';
import { startTestBucket, type TestBucket } from '../../test/s3';
import type { DiskFileStore } from '../../lib/file-store';
import { S3FileStore } from '../../lib/s3-file-store';
import { migrateFiles } from './migrate';
import { sweepUnreferencedFiles } from './sweep';
import { allReferencedFiles } from './repository';

let ctx: TestContext;
let bucket: TestBucket;
let agent: string;

beforeAll(async () => {
  [ctx, bucket] = await Promise.all([createTestContext(), startTestBucket()]);
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(async () => {
  await ctx.close();
  await bucket.close();
});

async function uploadDocuments(contents: Buffer[]): Promise<InvestigationDocument[]> {
  const policy = json<Policy>(await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput() }));
  const documents = [];
  for (const [index, content] of contents.entries()) {
    const { payload, headers } = multipartFile(content, `documento-${index}.pdf`);
    const type = ['tenantId', 'incomeProof', 'utilities'][index]!;
    const response = await ctx.app.inject({ method: 'POST', url: `/api/files/upload/${policy.investigationId}/${type}`, headers: { ...bearer(agent), ...headers }, payload });
    expect(response.statusCode, response.body).toBe(201);
    documents.push(json<InvestigationDocument>(response));
  }
  return documents;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('files:migrate (disk → bucket)', () => {
  it('copies every referenced file under its name, verified; a second run copies nothing; a damaged or missing file is reported, not copied', async () => {
    const contents = [sampleFiles.pdf('uno'), sampleFiles.pdf('dos'), sampleFiles.pdf('tres')];
    await uploadDocuments(contents);
    const disk = ctx.app.files as DiskFileStore;
    const target = new S3FileStore(bucket.options());
    const referenced = await allReferencedFiles(ctx.app.db);
    expect(referenced).toHaveLength(3);

    const first = await migrateFiles(ctx.app.db, disk, target);
    expect(first).toMatchObject({ referenced: 3, copied: 3, skipped: 0, missing: [], mismatched: [] });
    expect(first.copiedBytes).toBe(contents.reduce((sum, content) => sum + content.length, 0));
    for (const file of referenced) {
      const bytes = await readAll(target.open(file.storedName));
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }

    const again = await migrateFiles(ctx.app.db, disk, target);
    expect(again).toMatchObject({ copied: 0, skipped: 3 });

    // A file damaged on disk (same size, other bytes) whose object is not there yet, and one lost from disk.
    const [damaged, lost] = referenced;
    const damagedPath = disk.pathOf(damaged!.storedName);
    const original = fs.readFileSync(damagedPath);
    fs.writeFileSync(damagedPath, Buffer.concat([original.subarray(0, -2), Buffer.from('XX')]));
    await target.remove(damaged!.storedName);
    fs.rmSync(disk.pathOf(lost!.storedName));
    const third = await migrateFiles(ctx.app.db, disk, target);
    expect(third).toMatchObject({ copied: 0, skipped: 1, missing: [lost!.storedName], mismatched: [damaged!.storedName] });
    expect(await target.sizeOf(damaged!.storedName)).toBeNull();
    await target.close();
  });
});

describe('files:sweep on a bucket', () => {
  it('lists the bucket page by page and removes only the old objects no row names', async () => {
    const before = new Set((await allReferencedFiles(ctx.app.db)).map((file) => file.storedName));
    await uploadDocuments([sampleFiles.pdf('en uso')]);
    const referenced = (await allReferencedFiles(ctx.app.db)).find((file) => !before.has(file.storedName));
    const files = new S3FileStore(bucket.options(), 2);
    const kept = await files.copyIn(referenced!.storedName, (ctx.app.files as DiskFileStore).open(referenced!.storedName), referenced!.sha256);
    expect(kept.sha256).toBe(referenced!.sha256);
    const orphans = [];
    for (let index = 0; index < 4; index++) orphans.push((await files.save(Readable.from([sampleFiles.pdf(`huérfano ${index}`)]), { accept: ['pdf'], wasTruncated: () => false })).storedName);

    let pages = 0;
    for await (const page of files.storedFiles()) {
      pages++;
      expect(page.length).toBeLessThanOrEqual(2);
    }
    expect(pages).toBe(3);

    const day = 24 * 60 * 60 * 1000;
    const fresh = await sweepUnreferencedFiles(ctx.app.db, files, { olderThanMs: day, dryRun: false });
    expect(fresh.unreferenced).toEqual([]);
    const swept = await sweepUnreferencedFiles(ctx.app.db, files, { olderThanMs: day, dryRun: false, now: Date.now() + 2 * day });
    expect({ scanned: swept.scanned, unreferenced: swept.unreferenced.sort() }).toEqual({ scanned: 5, unreferenced: orphans.sort() });
    expect(await files.sizeOf(referenced!.storedName)).toBe(kept.size);
    for (const name of orphans) expect(await files.sizeOf(name)).toBeNull();
    await files.close();
  });
});
