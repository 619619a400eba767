import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { filesUnder, multipartFile, sampleFiles, sha256 } from '../../test/files';
import {
  admin,
  agent,
  approver,
  confirmed,
  ctx,
  decide,
  documentRows,
  documentsOf,
  eventsOf,
  filesRoot,
  manager,
  plusPolicy,
  santaFeAgent,
  santaFeManager,
  setUpInvestigationTests,
  statusOf,
  upload,
  uploaded,
} from './investigations.test-helpers';

setUpInvestigationTests();

describe('authentication and roles', () => {
  it('answers 401 to every investigation call without a token', async () => {
    const calls = [
      ['POST', '/api/files/upload/INV-1/tenantId'],
      ['POST', '/api/files/upload/INV-1/tenantId/ine'],
      ['GET', '/api/files/documentswithresponses/INV-1'],
      ['GET', '/api/files/1/download'],
      ['PUT', '/api/files/1/response'],
      ['DELETE', '/api/policy/delete/1'],
      ['GET', '/api/policy/approve/INV-1'],
      ['POST', '/api/policy/reject/INV-1'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets only admins, managers and approvers decide or answer (agent 403)', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const document = await uploaded(agent, policy.investigationId, 'tenantId');
    for (const decision of ['approve', 'reject'] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await decide(agent, decision, policy.investigationId, method);
        expect(response.statusCode).toBe(403);
        expect(json(response).message).toBe('No tiene permiso para realizar esta acción');
      }
    }
    const answer = await ctx.app.inject({ method: 'PUT', url: `/api/files/${document.id}/response`, headers: bearer(agent), payload: { respuesta: 'Bien' } });
    expect(answer.statusCode).toBe(403);
    expect(await statusOf(policy)).toBe('investigation');
  });
});

describe('upload', () => {
  it('stores the file under a generated name with its metadata, and starts the investigation', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    expect(policy.status).toBe('created');
    const file = sampleFiles.pdf('INE de María');
    const response = await upload(agent, policy.investigationId, 'tenantId', file, 'INE María.pdf', 'ine');
    expect(response.statusCode).toBe(201);
    const document = json<InvestigationDocument>(response);
    expect(document).toMatchObject({
      originalFilename: 'INE_Maria.pdf',
      documentType: 'tenantId',
      identificationType: 'ine',
      mimeType: 'application/pdf',
      size: file.length,
      sha256: sha256(file),
      uploadedByName: 'Ana Pérez',
      respuesta: '',
      respondedByName: null,
    });

    const [row] = (
      (await ctx.testDb.database.db.execute(sql`select stored_name, investigation_id, slot_index from investigation_documents where id = ${document.id}`)) as unknown as {
        rows: Array<{ stored_name: string; investigation_id: string; slot_index: number }>;
      }
    ).rows;
    expect(row!.investigation_id).toBe(policy.investigationId);
    expect(row!.stored_name).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(filesRoot, row!.stored_name))).toEqual(file);

    expect(await statusOf(policy)).toBe('investigation');
    const [event] = await eventsOf(policy);
    expect(event).toMatchObject({ fromStatus: 'created', toStatus: 'investigation', note: 'Documento subido: Identificación del inquilino (INE_Maria.pdf)' });
  });

  it('keeps each income proof in its own index and replaces a slot and index on a new upload', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const folio = policy.investigationId;
    await uploaded(agent, folio, 'incomeProof', sampleFiles.pdf('enero'), 'enero.pdf');
    const february = await uploaded(agent, folio, 'incomeProof1', sampleFiles.pdf('febrero'), 'febrero.pdf');
    await uploaded(agent, folio, 'incomeProof2', sampleFiles.png(), 'marzo.png');
    const oldFiles = filesUnder(filesRoot);

    const corrected = sampleFiles.jpeg();
    const replacement = await uploaded(agent, folio, 'incomeProof1', corrected, 'febrero corregido.jpg');
    expect(replacement.id).not.toBe(february.id);
    expect(replacement).toMatchObject({ documentType: 'incomeProof1', mimeType: 'image/jpeg', sha256: sha256(corrected) });

    const documents = await documentsOf(folio);
    expect(documents.map((document) => [document.documentType, document.originalFilename])).toEqual([
      ['incomeProof', 'enero.pdf'],
      ['incomeProof2', 'marzo.png'],
      ['incomeProof1', 'febrero_corregido.jpg'],
    ]);
    // The replaced file left the disk; the new one took its place.
    const nowFiles = filesUnder(filesRoot);
    expect(nowFiles.length).toBe(oldFiles.length);
    expect(nowFiles.filter((name) => !oldFiles.includes(name))).toHaveLength(1);
    expect((await eventsOf(policy))[0]!.note).toBe('Documento reemplazado: Comprobantes de ingresos (2) (febrero_corregido.jpg)');
    // Only the first upload changed the status.
    expect((await eventsOf(policy)).filter((event) => event.toStatus === 'investigation')).toHaveLength(1);
  });

  it('asks a Básica policy for its employment letter and proof of services, not for guarantor papers', async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    for (const type of ['employmentLetter', 'utilities', 'ownerId', 'tenantIdBack']) expect((await upload(agent, folio, type)).statusCode, type).toBe(201);
    for (const type of ['guarantorId', 'guarantorDeed', 'guarantorIdBack']) {
      const response = await upload(agent, folio, type);
      expect(response.statusCode, type).toBe(400);
      expect(json(response)).toMatchObject({ message: 'Este documento no se pide para una póliza Básica sin aval', details: [{ field: 'documentType' }] });
    }
  });

  it("asks a Plus policy with a guarantor for the guarantor's identification and deed, not for the employment letter", async () => {
    const folio = (await plusPolicy()).investigationId;
    expect((await upload(agent, folio, 'guarantorId', sampleFiles.png(), 'ine.png', 'ineSeparada')).statusCode).toBe(201);
    expect((await upload(agent, folio, 'guarantorIdBack', sampleFiles.png(), 'ine-atras.png', 'ineSeparada')).statusCode).toBe(201);
    expect((await upload(agent, folio, 'guarantorDeed')).statusCode).toBe(201);
    for (const type of ['employmentLetter', 'utilities']) {
      const response = await upload(agent, folio, type);
      expect(json(response)).toMatchObject({ statusCode: 400, message: 'Este documento no se pide para una póliza Plus' });
    }
  });

  it('refuses guarantor papers on a Plus policy that has no guarantor', async () => {
    // The form requires a guarantor for Plus; a policy that lost it (an older record) is still judged by what it has.
    const policy = await plusPolicy();
    await ctx.testDb.database.db.execute(sql`delete from guarantors where policy_id = ${policy.id}`);
    for (const type of ['guarantorId', 'guarantorDeed']) {
      const response = await upload(agent, policy.investigationId, type);
      expect(json(response)).toMatchObject({ statusCode: 400, message: 'Este documento no se pide para una póliza Plus sin aval' });
    }
    expect((await upload(agent, policy.investigationId, 'tenantId')).statusCode).toBe(201);
  });

  it('refuses unknown types, indexes past a slot and identification types where they do not belong', async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    const cases: Array<[string, string | undefined, string, string]> = [
      ['incomeProof3', undefined, 'documentType', 'El tipo de documento no es válido'],
      ['pasaporte', undefined, 'documentType', 'El tipo de documento no es válido'],
      ['utilities', 'ine', 'identificationType', 'Este documento no lleva tipo de identificación'],
      ['tenantIdBack', 'pasaporte', 'identificationType', 'La parte trasera solo se pide para una INE separada'],
    ];
    for (const [type, identification, field, message] of cases) {
      const response = await upload(agent, folio, type, sampleFiles.pdf(), 'x.pdf', identification);
      expect(response.statusCode, type).toBe(400);
      expect(json(response)).toMatchObject({ message, details: [{ field }] });
    }
    const unknownIdentification = await upload(agent, folio, 'tenantId', sampleFiles.pdf(), 'x.pdf', 'licencia');
    expect(unknownIdentification.statusCode).toBe(400);
    expect(json(unknownIdentification).details[0].field).toBe('identificationType');
    expect(await documentsOf(folio)).toEqual([]);
  });

  it('answers 400 without a file part, with another part name, or with an empty file', async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    const url = `/api/files/upload/${folio}/tenantId`;
    const json400 = await ctx.app.inject({ method: 'POST', url, headers: bearer(agent), payload: { file: 'x' } });
    expect(json(json400)).toMatchObject({ statusCode: 400, message: 'Adjunte un archivo en el campo «file»', details: [{ field: 'file' }] });
    const wrongField = multipartFile(sampleFiles.pdf(), 'a.pdf', { field: 'documento' });
    const wrong = await ctx.app.inject({ method: 'POST', url, headers: { ...bearer(agent), ...wrongField.headers }, payload: wrongField.payload });
    expect(json(wrong)).toMatchObject({ statusCode: 400, details: [{ field: 'file' }] });
    const empty = await upload(agent, folio, 'tenantId', Buffer.alloc(0));
    expect(json(empty)).toMatchObject({ statusCode: 400, message: 'El archivo está vacío' });
    expect(await documentsOf(folio)).toEqual([]);
  });

  it('answers 400, never a 500, to a malformed or cut-short multipart body, and keeps nothing of it', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const before = filesUnder(filesRoot);
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'sin boundary'],
      ['multipart/form-data; boundary=xyz', 'nada que ver'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cortado'],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/files/upload/${policy.investigationId}/tenantId`,
        headers: { ...bearer(agent), 'content-type': contentType },
        payload,
      });
      expect(json(response), contentType).toMatchObject({
        statusCode: 400,
        message: 'El archivo llegó incompleto o el formulario de carga no es válido',
        details: [{ field: 'file' }],
      });
    }
    // A body cut short is answered as soon as the parser fails; the half-written temporary file is
    // removed when the store's own pipeline fails, which may come a moment after the answer.
    await expect.poll(() => filesUnder(filesRoot), { timeout: 2_000, interval: 20 }).toEqual(before);
    expect(await documentRows(policy.id)).toBe(0);
  });

  it('judges the type by content: an executable or a page named .pdf is a 415, and nothing stays on disk', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const before = filesUnder(filesRoot);
    for (const [content, name] of [
      [sampleFiles.exe(), 'recibo.pdf'],
      [sampleFiles.html(), 'comprobante.pdf'],
    ] as const) {
      const response = await upload(agent, policy.investigationId, 'utilities', content, name);
      expect(response.statusCode).toBe(415);
      expect(json(response)).toMatchObject({ message: 'Tipo de archivo no permitido: solo se aceptan PDF, JPEG o PNG', details: [{ field: 'file' }] });
    }
    expect(filesUnder(filesRoot)).toEqual(before);
    expect(await documentRows(policy.id)).toBe(0);
    expect(await statusOf(policy)).toBe('created');
  });

  it('never uses the sent name as a path: ../, accents and odd characters are normalised', async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    const cases: Array<[string, string]> = [
      // The multipart parser keeps only the last path segment; the name rule does the rest.
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\system.pdf', 'system.pdf'],
      ['Comprobante de nómina (marzo) #1.pdf', 'Comprobante_de_nomina_marzo_1.pdf'],
      ['Recibo ¡luz! 😀 <CFE>.pdf', 'Recibo_luz_CFE.pdf'],
      // Nothing is left of the name: the fallback, with the extension of what the file is (issue 28).
      ['../..', 'documento.pdf'],
    ];
    for (const [index, [sent, kept]] of cases.entries()) {
      const slot = ['tenantId', 'employmentLetter', 'utilities', 'ownerId', 'incomeProof'][index]!;
      const document = await uploaded(agent, folio, slot, sampleFiles.pdf(), sent);
      expect(document.originalFilename, sent).toBe(kept);
    }
    // Every stored file is inside the store, under a generated name.
    for (const name of filesUnder(filesRoot)) expect(name).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.(pdf|png|jpg)$/);
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'etc'))).toBe(false);
  });

  it("hides another branch's folio (404) and refuses uploads once the investigation is decided (409)", async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const other = await upload(santaFeAgent, policy.investigationId, 'tenantId');
    expect(json(other)).toMatchObject({ statusCode: 404, message: 'No se encontró la investigación' });
    expect((await upload(agent, 'INV-00000000-0000-000', 'tenantId')).statusCode).toBe(404);

    await uploaded(agent, policy.investigationId, 'tenantId');
    expect((await decide(manager, 'approve', policy.investigationId, 'GET', confirmed)).statusCode).toBe(200);
    const late = await upload(agent, policy.investigationId, 'utilities');
    expect(json(late)).toMatchObject({ statusCode: 409, message: 'La investigación ya fue resuelta: sus documentos ya no se pueden cambiar' });
  });
});

describe('413: the size limit', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ MAX_UPLOAD_MB: '1' });
  });
  afterAll(() => small.close());

  it('refuses a file over MAX_UPLOAD_MB with a Spanish 413 and keeps nothing of it', async () => {
    const token = (await login(small.app, ADMIN.email, ADMIN.password)).token;
    const created = await small.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: examplePolicyInput() });
    const folio = json<Policy>(created).investigationId;
    const big = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const { payload, headers } = multipartFile(big, 'grande.pdf');
    const response = await small.app.inject({ method: 'POST', url: `/api/files/upload/${folio}/tenantId`, headers: { ...bearer(token), ...headers }, payload });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ message: 'El archivo supera el tamaño máximo de 1 MB', details: [{ field: 'file' }] });
    expect(filesUnder(path.join(small.config.dataDir, 'files'))).toEqual([]);
    const documents = await small.app.inject({ url: `/api/files/documentswithresponses/${folio}`, headers: bearer(token) });
    expect(json(documents)).toEqual([]);

    // Exactly at the limit is accepted.
    const fits = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(1024 * 1024 - sampleFiles.pdf().length, 0x20)]);
    const atLimit = multipartFile(fits, 'justo.pdf');
    const ok = await small.app.inject({ method: 'POST', url: `/api/files/upload/${folio}/tenantId`, headers: { ...bearer(token), ...atLimit.headers }, payload: atLimit.payload });
    expect(ok.statusCode).toBe(201);
    expect(json<InvestigationDocument>(ok).size).toBe(1024 * 1024);
  });
});

describe('documents with responses, download and delete', () => {
  it('lists the documents of a folio with their answers; another branch gets 404', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    await uploaded(agent, policy.investigationId, 'tenantId');
    expect(await documentsOf(policy.investigationId)).toHaveLength(1);
    expect(await documentsOf(policy.investigationId, admin)).toHaveLength(1);
    const other = await ctx.app.inject({ url: `/api/files/documentswithresponses/${policy.investigationId}`, headers: bearer(santaFeAgent) });
    expect(json(other)).toMatchObject({ statusCode: 404, message: 'No se encontró la investigación' });
    expect(await documentsOf((await newPolicy(ctx, { token: agent })).investigationId)).toEqual([]);
  });

  it('streams the file back with its type and a Content-Disposition naming it', async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    const file = sampleFiles.png();
    const document = await uploaded(agent, folio, 'utilities', file, 'Recibo de luz.png');
    const response = await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe('attachment; filename=Recibo_de_luz.png');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload).toEqual(file);

    const inline = await ctx.app.inject({ url: `/api/files/${document.id}/download?disposition=inline`, headers: bearer(agent) });
    expect(inline.headers['content-disposition']).toBe('inline; filename=Recibo_de_luz.png');
    expect((await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(santaFeAgent) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/files/abc/download', headers: bearer(agent) })).statusCode).toBe(400);
  });

  it('answers 404, not 500, when a file went missing from disk', async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    const document = await uploaded(agent, folio, 'ownerId');
    const result = await ctx.testDb.database.db.execute(sql`select stored_name from investigation_documents where id = ${document.id}`);
    fs.rmSync(path.join(filesRoot, (result as unknown as { rows: Array<{ stored_name: string }> }).rows[0]!.stored_name));
    const response = await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(json(response)).toMatchObject({ statusCode: 404, message: 'El archivo no está disponible en el servidor' });
  });

  it('deletes the row and the file, with a line in the history; another branch gets 404', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const document = await uploaded(agent, policy.investigationId, 'employmentLetter', sampleFiles.pdf(), 'carta.pdf');
    const before = filesUnder(filesRoot);

    const other = await ctx.app.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(santaFeAgent) });
    expect(json(other)).toMatchObject({ statusCode: 404, message: 'No se encontró el documento' });

    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(agent) });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: 'El documento se ha eliminado correctamente' });
    expect(await documentRows(policy.id)).toBe(0);
    expect(filesUnder(filesRoot)).toHaveLength(before.length - 1);
    expect((await eventsOf(policy))[0]!.note).toBe('Documento eliminado: Carta Laboral (carta.pdf)');

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(agent) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/policy/delete/0', headers: bearer(agent) })).statusCode).toBe(400);
  });

  it("records the reviewer's answer and who gave it; validates it; another branch gets 404", async () => {
    const folio = (await newPolicy(ctx, { token: agent })).investigationId;
    const document = await uploaded(agent, folio, 'tenantId');
    const url = `/api/files/${document.id}/response`;

    const saved = await ctx.app.inject({ method: 'PUT', url, headers: bearer(approver), payload: { respuesta: '  INE vigente, coincide con la solicitud  ' } });
    expect(saved.statusCode).toBe(200);
    expect(json<InvestigationDocument>(saved)).toMatchObject({ respuesta: 'INE vigente, coincide con la solicitud', respondedByName: 'Ana Pérez' });
    const [listed] = await documentsOf(folio);
    expect(listed!.respuesta).toBe('INE vigente, coincide con la solicitud');
    expect(listed!.respondedAt).not.toBeNull();

    const tooLong = await ctx.app.inject({ method: 'PUT', url, headers: bearer(manager), payload: { respuesta: 'x'.repeat(2001) } });
    expect(json(tooLong)).toMatchObject({ statusCode: 400, details: [{ field: 'respuesta', message: 'La respuesta admite como máximo 2000 caracteres' }] });
    const missing = await ctx.app.inject({ method: 'PUT', url, headers: bearer(manager), payload: {} });
    expect(json(missing)).toMatchObject({ statusCode: 400, details: [{ field: 'respuesta' }] });
    const other = await ctx.app.inject({ method: 'PUT', url, headers: bearer(santaFeManager), payload: { respuesta: 'No' } });
    expect(other.statusCode).toBe(404);

    const cleared = await ctx.app.inject({ method: 'PUT', url, headers: bearer(manager), payload: { respuesta: '' } });
    expect(json<InvestigationDocument>(cleared)).toMatchObject({ respuesta: '', respondedByName: null, respondedAt: null });
  });
});
