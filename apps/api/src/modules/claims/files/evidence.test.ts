import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { claimDetailSchema, type Policy } from '@portal/domain';
import { accessLog } from '../../../db/schema/index';
import { bearer, json } from '../../../test/app';
import { filesUnder, multipartFile, sampleFiles, sha256 } from '../../../test/files';
import { activePolicy, ctx, db, fieldsOf, filesOfClaim, NOW, useOwnerContext, users } from '../owner/claims-owner.test-helpers';
import { findClaim } from '../repository/claims';
import { openClaim } from '../service/open';
import { moveClaimStage } from '../service/stage';

// Evidence staff attach to a case (issue 33): photos and PDFs, the case's branch only, not once closed.
useOwnerContext();

const storedFiles = () => filesUnder(path.join(ctx.config.dataDir, 'files')).filter((name) => !name.startsWith('tmp'));

async function openCase(policy: Policy): Promise<number> {
  return db().transaction((tx) => openClaim(tx, { policyId: policy.id, type: 'property_damage', description: 'Daños en la cocina', source: 'staff', status: 'open', damagesCents: 500_000 }, { userId: users.agent.id, label: '' }));
}

const upload = (claimId: number, content: Buffer, filename: string, token: string | null = users.agent.token, field = 'file') => {
  const body = multipartFile(content, filename, { field });
  return ctx.app.inject({ method: 'POST', url: `/api/claims/${claimId}/files`, headers: { ...body.headers, ...(token ? bearer(token) : {}) }, payload: body.payload });
};

describe('POST /api/claims/{id}/files and GET /api/claims/files/{id}', () => {
  it('adds a photo to the case and answers the whole case (201, with its ETag); the file reads back byte for byte, logged', async () => {
    const policy = await activePolicy();
    const id = await openCase(policy);
    const photo = sampleFiles.png(1024, 768);
    const response = await upload(id, photo, 'cocina.png');
    expect(response.statusCode, response.body).toBe(201);
    const detail = claimDetailSchema.strict().parse(json(response));
    expect(response.headers.etag).toBe(`"v${detail.version}"`);
    expect(detail.files).toMatchObject([{ fileName: 'cocina.png', mimeType: 'image/png', size: photo.length, uploadedBy: 'Ana Pérez' }]);
    expect(detail.checklist.find((item) => item.item === 'evidence')?.ok).toBe(true);
    const [row] = await filesOfClaim(id);
    expect(row).toMatchObject({ sha256: sha256(photo), uploadedBy: users.agent.id, linkId: null });

    const read = await ctx.app.inject({ url: `/api/claims/files/${row!.id}`, headers: bearer(users.lawyer.token) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['content-disposition']).toContain('cocina.png');
    expect(read.rawPayload.equals(photo)).toBe(true);
    const logged = await db().select().from(accessLog).where(eq(accessLog.userId, users.lawyer.id));
    expect(logged).toEqual([expect.objectContaining({ action: 'document_download', policyId: policy.id, subject: `Evidencia de la incidencia INC-${String(id).padStart(5, '0')}: cocina.png` })]);
    // A PDF too, by a lawyer of the branch.
    expect((await upload(id, sampleFiles.pdf(), 'presupuesto.pdf', users.lawyer.token)).statusCode).toBe(201);
  });

  it('401 without a session, 403 for a role that does not work cases, 404 for another branch or no case, 409 once closed — the file never kept', async () => {
    const policy = await activePolicy();
    const id = await openCase(policy);
    const before = storedFiles();
    expect((await upload(id, sampleFiles.png(), 'a.png', null)).statusCode).toBe(401);
    expect((await upload(id, sampleFiles.png(), 'a.png', users.approver.token)).statusCode).toBe(403);
    expect((await upload(id, sampleFiles.png(), 'a.png', users.otherBranchAgent.token)).statusCode).toBe(404);
    expect((await upload(999_999, sampleFiles.png(), 'a.png')).statusCode).toBe(404);
    const uploaded = await upload(id, sampleFiles.png(), 'a.png');
    const fileId = claimDetailSchema.parse(json(uploaded)).files[0]!.id;
    expect((await ctx.app.inject({ url: `/api/claims/files/${fileId}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/claims/files/${fileId}`, headers: bearer(users.otherBranchAgent.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/claims/files/999999`, headers: bearer(users.agent.token) })).statusCode).toBe(404);
    // Admins reach every branch.
    expect((await ctx.app.inject({ url: `/api/claims/files/${fileId}`, headers: bearer(users.admin.token) })).statusCode).toBe(200);

    await db().transaction(async (tx) => {
      const claim = (await findClaim(tx, id, { branchId: 1 }, true))!;
      await moveClaimStage(tx, claim, { stage: 'closed', note: '', result: 'paid' }, { userId: users.agent.id, label: '' }, NOW);
    });
    const closed = await upload(id, sampleFiles.png(), 'b.png');
    expect(closed.statusCode).toBe(409);
    expect(json<{ message: string }>(closed).message).toBe('La incidencia está cerrada: solo puede reabrirse con un motivo');
    expect(storedFiles().filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it('400 naming «file» without one or under another name, 415 for what is not a photo or PDF (judged by its bytes)', async () => {
    const policy = await activePolicy();
    const id = await openCase(policy);
    const before = storedFiles();
    const wrongName = await upload(id, sampleFiles.png(), 'a.png', users.agent.token, 'foto');
    expect(wrongName.statusCode).toBe(400);
    expect(fieldsOf(wrongName)).toEqual(['file']);
    const json400 = await ctx.app.inject({ method: 'POST', url: `/api/claims/${id}/files`, headers: bearer(users.agent.token), payload: {} });
    expect(json400.statusCode).toBe(400);
    expect(fieldsOf(json400)).toEqual(['file']);
    const exe = await upload(id, sampleFiles.exe(), 'factura.pdf');
    expect(exe.statusCode).toBe(415);
    expect(fieldsOf(exe)).toEqual(['file']);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/claims/abc/files`, headers: bearer(users.agent.token) })).statusCode).toBe(400);
    expect(await filesOfClaim(id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });
});
