import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { contractDocumentLabels, contractMessages, type Policy } from '@portal/domain';
import { branches } from '../../db/schema/index';
import { insertBranch, json, tokenFor } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';
import {
  admin,
  agent,
  contractsOf,
  ctx,
  current,
  download,
  generate,
  get,
  manager,
  otherBranchAgent,
  send,
  setUpContractTests,
} from './contracts.test-helpers';
import { approvedPolicy } from '../../test/policies';

setUpContractTests();

describe('templates', () => {
  const leaseUrl = '/api/admin/templates/lease';

  it('are for admins only (403), and need a token (401)', async () => {
    expect((await get(leaseUrl, agent)).statusCode).toBe(403);
    expect((await get(leaseUrl, manager)).statusCode).toBe(403);
    expect((await send('PUT', leaseUrl, manager, { branchId: null, body: '# X' })).statusCode).toBe(403);
    expect((await send('POST', `${leaseUrl}/preview`, agent, { branchId: null, body: '# X', policyId: 1 })).statusCode).toBe(403);
    expect((await get(leaseUrl)).statusCode).toBe(401);
  });

  it("answer the product's default as version 1, and 400 for an unknown kind", async () => {
    const response = await get(leaseUrl, admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body.isOverride).toBe(false);
    expect(body.current).toMatchObject({ kind: 'lease', branchId: null });
    expect(body.current.body).toContain('# CONTRATO DE ARRENDAMIENTO');
    expect(body.versions[0].id).toBe(body.current.id);
    expect((await get('/api/admin/templates/carta', admin)).statusCode).toBe(400);
    expect((await get(`${leaseUrl}?branchId=999999`, admin)).statusCode).toBe(404);
  });

  it('refuse an unknown placeholder or another kind’s own (400 naming it), and an empty text', async () => {
    const unknown = await send('PUT', leaseUrl, admin, { branchId: null, body: '# Contrato\n\n{{arrendador.nombre}} y {{inquilino.nombre}}' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe(contractMessages.unknownPlaceholder('inquilino.nombre'));
    expect(json(unknown).details[0].field).toBe('body');
    const notesOnly = await send('PUT', leaseUrl, admin, { branchId: null, body: 'Vence {{pagare.vencimiento}}' });
    expect(json(notesOnly).message).toBe(contractMessages.unknownPlaceholder('pagare.vencimiento'));
    expect((await send('PUT', leaseUrl, admin, { branchId: null, body: '   ' })).statusCode).toBe(400);
  });

  it("a branch's override is used for that branch only, and each document records its template version", async () => {
    const branchId = await insertBranch(ctx);
    const branchAgent = await tokenFor(ctx, 'agent', branchId);
    const saved = await send('PUT', leaseUrl, admin, { branchId, body: '# CONTRATO DE LA SUCURSAL\n\nArrendador: **{{arrendador.nombre}}**.\n\n[[firmas]]' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(json(saved)).toMatchObject({ kind: 'lease', branchId, version: 1 });
    const second = await send('PUT', leaseUrl, admin, { branchId, body: '# CONTRATO DE LA SUCURSAL V2\n\nArrendador: **{{arrendador.nombre}}**.\n\n[[firmas]]' });
    expect(json(second).version).toBe(2);
    const scoped = json(await get(`${leaseUrl}?branchId=${branchId}`, admin));
    expect(scoped.isOverride).toBe(true);
    expect(scoped.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const ours = await approvedPolicy(ctx, { token: branchAgent });
    expect((await generate(ours, branchAgent)).statusCode).toBe(200);
    const lease = current(await contractsOf(ours, branchAgent), 'lease');
    expect(lease).toMatchObject({ templateIsBranchOverride: true, templateVersion: 2, templateId: json(second).id });
    const text = (await pdfPages((await download(ours, lease, branchAgent)).rawPayload)).join(' ');
    expect(text).toContain('CONTRATO DE LA SUCURSAL V2');

    const elsewhere = await approvedPolicy(ctx, { token: agent });
    expect((await generate(elsewhere)).statusCode).toBe(200);
    expect(current(await contractsOf(elsewhere), 'lease')).toMatchObject({ templateIsBranchOverride: false, templateVersion: 1 });
  });

  it("a branch's paper size is the documents' page size", async () => {
    const branchId = await insertBranch(ctx);
    await ctx.testDb.database.db.update(branches).set({ paperSize: 'a4' }).where(eq(branches.id, branchId));
    const policy = await approvedPolicy(ctx, { token: await tokenFor(ctx, 'agent', branchId) });
    expect((await generate(policy, admin)).statusCode).toBe(200);
    const lease = current(await contractsOf(policy, admin), 'lease');
    const pdf = await PDFDocument.load((await download(policy, lease, admin)).rawPayload);
    expect(Math.round(pdf.getPage(0).getWidth())).toBe(595);
  });

  it('preview a text on a policy of any branch as a PDF', async () => {
    const policy = await approvedPolicy(ctx, { token: otherBranchAgent });
    const response = await send('POST', '/api/admin/templates/promissory_notes/preview', admin, {
      branchId: null,
      body: '# Pagaré {{pagare.numero}}\n\nVence el {{pagare.vencimiento}} por {{pagare.importe_letra}}.',
      policyId: policy.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(12);
    expect(pages[11]).toContain('Pagaré 12 de 12');
    expect(pages[11]).toContain('Vence el 1 de noviembre de 2027');
    const missing = await send('POST', '/api/admin/templates/lease/preview', admin, { branchId: null, body: '# X', policyId: 99999999 });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).details[0].field).toBe('policyId');
    const unknown = await send('POST', '/api/admin/templates/lease/preview', admin, { branchId: null, body: '{{x}}', policyId: policy.id });
    expect(json(unknown).message).toBe(contractMessages.unknownPlaceholder('x'));
  });

  it('refuse a text over 50,000 characters on save and on preview (400 naming the text)', async () => {
    const policy = await approvedPolicy(ctx, { token: agent });
    const body = `# Contrato\n\n${'Cláusula larga. '.repeat(3200)}`;
    expect(body.length).toBeGreaterThan(50_000);
    for (const [method, url, payload] of [
      ['PUT', leaseUrl, { branchId: null, body }],
      ['POST', `${leaseUrl}/preview`, { branchId: null, body, policyId: policy.id }],
    ] as const) {
      const response = await send(method, url, admin, payload);
      expect(response.statusCode, url).toBe(400);
      expect(json(response).details).toEqual([{ field: 'body', message: 'El texto de la plantilla admite hasta 50,000 caracteres' }]);
    }
  });

  it('stop a preview at page 51 with a 400 on the text, instead of drawing thousands of pages', async () => {
    const policy = await approvedPolicy(ctx, { token: agent });
    const body = `# Contrato\n\n${'Hoja\n\n[[salto]]\n'.repeat(2500)}`;
    const response = await send('POST', `${leaseUrl}/preview`, admin, { branchId: null, body, policyId: policy.id });
    const message = contractMessages.tooManyPages(contractDocumentLabels.lease, 50);
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response).details).toEqual([{ field: 'body', message }]);
    // Fifty pages are still a preview; twelve pagarés may take two pages each past that.
    const fifty = await send('POST', `${leaseUrl}/preview`, admin, { branchId: null, body: `# Contrato\n\n${'Hoja\n\n[[salto]]\n'.repeat(49)}Fin`, policyId: policy.id });
    expect(fifty.statusCode, fifty.body).toBe(200);
    expect(await pdfPages(fifty.rawPayload)).toHaveLength(50);
  });

  it("refuse a pack whose saved template would pass the page limit (409 naming the document), keeping the policy's status", async () => {
    const branchId = await insertBranch(ctx);
    const branchAgent = await tokenFor(ctx, 'agent', branchId);
    const saved = await send('PUT', '/api/admin/templates/policy', admin, { branchId, body: `# Póliza\n\n${'Hoja\n\n[[salto]]\n'.repeat(60)}` });
    expect(saved.statusCode, saved.body).toBe(201);
    const policy = await approvedPolicy(ctx, { token: branchAgent });
    const response = await generate(policy, branchAgent);
    expect(response.statusCode, response.body).toBe(409);
    const message = contractMessages.tooManyPages(contractDocumentLabels.policy, 50);
    expect(json(response)).toMatchObject({ message: contractMessages.generationFailed(message), details: [{ field: 'template', message }] });
    expect(json<Policy>(await get(`/api/policy/unique/${policy.id}`, branchAgent)).status).toBe('investigation_approved');
  });
});
