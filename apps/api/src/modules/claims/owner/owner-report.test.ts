import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { claimDetailSchema, claimOwnerReportedSchema, claimOwnerViewSchema } from '@portal/domain';
import { claimEvents, notifications } from '../../../db/schema/index';
import { bearer, json } from '../../../test/app';
import { filesUnder, sampleFiles, sha256 } from '../../../test/files';
import { readClaimDetail } from '../service/read';
import {
  activePolicy,
  claimsOf,
  ctx,
  daysLater,
  db,
  fieldsOf,
  filesOfClaim,
  NOW,
  ownerToken,
  ownerView,
  reportJson,
  reportWithFiles,
  useOwnerContext,
  users,
} from './claims-owner.test-helpers';

// 'Reportar un problema' (issue 33): the owner's report by link opens a draft case the agent reviews.
useOwnerContext();

const report = { type: 'property_damage', description: 'Se rompió la ventana de la recámara y el inquilino no la arregla' };
const storedFiles = () => filesUnder(path.join(ctx.config.dataDir, 'files')).filter((name) => !name.startsWith('tmp'));
const noticesOf = (userId: number) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'claim_reported')));

describe('POST /api/public/claims/{token}', () => {
  it('opens a draft case from the owner (JSON, no files): its number answered, the agent and the managers told, the owner sees it', async () => {
    const policy = await activePolicy();
    const token = await ownerToken(policy);
    const response = await reportJson(token, report);
    expect(response.statusCode, response.body).toBe(201);
    const { number } = claimOwnerReportedSchema.strict().parse(json(response));
    const [claim] = await claimsOf(policy.id);
    expect(number).toBe(`INC-${String(claim!.id).padStart(5, '0')}`);
    expect(claim).toMatchObject({ type: 'property_damage', status: 'draft', stage: 'report', source: 'owner_link', reportedBy: 'Propietario (por enlace)', description: report.description, createdBy: null });
    const [event] = await db().select().from(claimEvents).where(eq(claimEvents.claimId, claim!.id));
    expect(event).toMatchObject({ toStage: 'report', userId: null, actorLabel: 'Propietario (por enlace)' });

    for (const user of [users.agent, users.manager]) {
      const notices = (await noticesOf(user.id)).filter((notice) => notice.policyId === policy.id);
      expect(notices.map((notice) => notice.title)).toEqual([`Nuevo reporte del propietario: ${number}`]);
      expect(notices[0]!.body).toContain('Daños al inmueble');
    }
    expect(await noticesOf(users.otherBranchAgent.id)).toEqual([]);

    const view = claimOwnerViewSchema.parse(json(await ownerView(token)));
    expect(view.cases).toMatchObject([{ number, typeLabel: 'Daños al inmueble', stageLabel: 'Reporte', closed: false }]);
    // Staff see it as a draft with who reported it.
    const detail = claimDetailSchema.parse(await readClaimDetail(db(), { id: users.agent.id, email: 'a@portal.test', role: 'agent', branchId: 1 }, claim!.id, NOW));
    expect(detail).toMatchObject({ status: 'draft', source: 'owner_link', reportedBy: 'Propietario (por enlace)', files: [] });
  });

  it('stores the photos and PDFs (by their bytes) with the case; staff read them back, access-logged', async () => {
    const policy = await activePolicy();
    const token = await ownerToken(policy);
    const photo = sampleFiles.jpeg(1600, 1200);
    const pdf = sampleFiles.pdf('recibo de luz');
    const response = await reportWithFiles(token, { type: 'unpaid_services', description: 'No pagó la luz' }, [
      { content: photo, filename: 'ventana.JPG' },
      { content: pdf, filename: 'recibo.pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [claim] = await claimsOf(policy.id);
    const files = await filesOfClaim(claim!.id);
    expect(files.map((file) => [file.fileName, file.mimeType, file.size, file.sha256, file.uploadedBy])).toEqual([
      ['ventana.JPG', 'image/jpeg', photo.length, sha256(photo), null],
      ['recibo.pdf', 'application/pdf', pdf.length, sha256(pdf), null],
    ]);
    expect(files.every((file) => file.linkId !== null)).toBe(true);
    for (const file of files) expect(storedFiles()).toContain(file.storedName);

    const detail = claimDetailSchema.parse(await readClaimDetail(db(), { id: users.agent.id, email: 'a@portal.test', role: 'agent', branchId: 1 }, claim!.id, NOW));
    expect(detail.files.map((file) => [file.fileName, file.uploadedBy])).toEqual([
      ['ventana.JPG', 'Propietario (por enlace)'],
      ['recibo.pdf', 'Propietario (por enlace)'],
    ]);
    expect(detail.checklist.find((item) => item.item === 'evidence')?.ok).toBe(true);
    const read = await ctx.app.inject({ url: `/api/claims/files/${files[1]!.id}`, headers: bearer(users.agent.token) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(pdf)).toBe(true);
    const log = await ctx.app.inject({ url: `/api/policy/${policy.id}/access-log`, headers: bearer(users.manager.token) });
    expect(log.body).toContain(`Evidencia de la incidencia INC-${String(claim!.id).padStart(5, '0')}: recibo.pdf`);
  });

  it('400 naming the field (type, description, too many files), 415 for a file that is not a photo or PDF; nothing is kept', async () => {
    const policy = await activePolicy();
    const token = await ownerToken(policy);
    const before = storedFiles();
    const noType = await reportJson(token, { description: 'Algo pasó' });
    expect(noType.statusCode).toBe(400);
    expect(fieldsOf(noType)).toEqual(['type']);
    const badType = await reportWithFiles(token, { type: 'robo', description: 'Algo pasó' }, [{ content: sampleFiles.png(), filename: 'a.png' }]);
    expect(badType.statusCode).toBe(400);
    expect(fieldsOf(badType)).toEqual(['type']);
    const blank = await reportWithFiles(token, { type: 'other', description: '   ' }, [{ content: sampleFiles.png(), filename: 'a.png' }]);
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual(['description']);
    const tooLong = await reportJson(token, { type: 'other', description: 'x'.repeat(2001) });
    expect(fieldsOf(tooLong)).toEqual(['description']);
    const six = Array.from({ length: 6 }, (_, index) => ({ content: sampleFiles.png(), filename: `foto-${index}.png` }));
    const tooMany = await reportWithFiles(token, report, six);
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(fieldsOf(tooMany)).toEqual(['files']);
    expect(json<{ message: string }>(tooMany).message).toBe('Puede adjuntar como máximo 5 fotos o archivos');
    const html = await reportWithFiles(token, report, [{ content: sampleFiles.png(), filename: 'a.png' }, { content: sampleFiles.html(), filename: 'b.pdf' }]);
    expect(html.statusCode).toBe(415);
    expect(fieldsOf(html)).toEqual(['files']);
    const good = await reportJson(token, report);
    expect(good.statusCode).toBe(201);
    // Only the good report made a case; every refused one's files left the store.
    expect(await claimsOf(policy.id)).toHaveLength(1);
    expect(storedFiles()).toEqual(before);
  });

  it('five files are the most one report takes', async () => {
    const policy = await activePolicy();
    const token = await ownerToken(policy);
    const five = Array.from({ length: 5 }, (_, index) => ({ content: sampleFiles.png(800, 600), filename: `foto-${index}.png` }));
    const response = await reportWithFiles(token, report, five);
    expect(response.statusCode, response.body).toBe(201);
    const [claim] = await claimsOf(policy.id);
    expect(await filesOfClaim(claim!.id)).toHaveLength(5);
  });

  it('refuses before the aviso (409), and a wrong, expired or revoked link (404), keeping nothing', async () => {
    const policy = await activePolicy();
    const before = storedFiles();
    const notAccepted = await ownerToken(policy, { accept: false });
    const early = await reportWithFiles(notAccepted, report, [{ content: sampleFiles.png(), filename: 'a.png' }]);
    expect(early.statusCode).toBe(409);
    expect(json<{ message: string }>(early).message).toBe('Debe aceptar el aviso de privacidad antes de continuar');
    expect((await reportJson(notAccepted, report)).statusCode).toBe(409);
    expect((await reportJson('D'.repeat(43), report)).statusCode).toBe(404);
    expect((await reportWithFiles('D'.repeat(43), report, [{ content: sampleFiles.png(), filename: 'a.png' }])).statusCode).toBe(404);

    const token = await ownerToken(policy);
    vi.setSystemTime(daysLater(91));
    expect((await reportJson(token, report)).statusCode).toBe(404);
    vi.setSystemTime(NOW);
    const links = json<{ links: Array<{ id: number; purpose: string }> }>(await ctx.app.inject({ url: `/api/policy/${policy.id}/links`, headers: bearer(users.agent.token) }));
    for (const link of links.links) await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/links/${link.id}/revoke`, headers: bearer(users.agent.token) });
    expect((await reportWithFiles(token, report, [{ content: sampleFiles.png(), filename: 'a.png' }])).statusCode).toBe(404);
    expect(await claimsOf(policy.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });
});
