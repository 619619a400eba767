import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contractMessages, policyContractsSchema, type Policy, type PolicyContracts } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput } from '@portal/domain/testing';
import { bearer, json } from '../../test/app';
import { sweepUnreferencedFiles } from '../files/index';
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
  plusInput,
  send,
  setUpContractTests,
  textOf,
  withRent,
} from './contracts.test-helpers';
import { approvedPolicy } from '../../test/policies';

setUpContractTests();

describe('entering "contracts" generates the pack', () => {
  let policy: Policy;
  let pack: PolicyContracts;

  beforeAll(async () => {
    policy = await approvedPolicy(ctx, { token: agent, overrides: plusInput(withRent({ gracePeriod: '5', deposit: '37000' })) });
    const response = await generate(policy);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Policy>(response).status).toBe('contracts');
    pack = await contractsOf(policy);
  });

  it('stores three documents of version 1 with their hash, size, pages and template version', async () => {
    expect(pack.currentVersion).toBe(1);
    expect(pack.canRegenerate).toBe(true);
    expect(pack.documents.map((d) => d.kind)).toEqual(['lease', 'policy', 'promissory_notes']);
    for (const document of pack.documents) {
      expect(document).toMatchObject({ packVersion: 1, templateVersion: 1, templateIsBranchOverride: false, superseded: false, createdByName: 'Ana Pérez' });
      const file = await download(policy, document);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('inline');
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(document.sha256);
      expect(file.rawPayload.length).toBe(document.size);
      expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(document.pageCount);
    }
    const attachment = await ctx.app.inject({ url: `/api/policy/${policy.id}/contracts/${pack.documents[0]!.id}/file?download=1`, headers: bearer(agent) });
    expect(attachment.headers['content-disposition']).toMatch(/^attachment; filename="?contrato-arrendamiento-.+-v1\.pdf"?$/);
  });

  it('writes the lease with every party, the property, the rent in figures and words, the term, initials and page numbers', async () => {
    const pages = await textOf(policy, current(pack, 'lease'));
    // The body's text without the footers, which pdfjs reads where they are drawn (mid-sentence at a page's end).
    const text = pages.map((page) => page.replace(/ ?Iniciales: [_ ]+Página \d+ de \d+ ?/, ' ')).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('CONTRATO DE ARRENDAMIENTO');
    expect(text).toContain('Roberto Sánchez Villa');
    expect(text).toContain('María Fernanda López Ruiz y Jorge Iñiguez Ñúñez');
    expect(text).toContain('Calle Durango 214 Int. 3, Roma Norte, Cuauhtémoc, Ciudad de México, C.P. 06700');
    expect(text).toContain('$18,500.00 (DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.)');
    expect(text).toContain('$37,000.00 (TREINTA Y SIETE MIL PESOS 00/100 M.N.)');
    expect(text).toContain('del 1 de diciembre de 2026 al 30 de noviembre de 2027');
    // The guarantor appears as obligado solidario, and signs.
    expect(text).toContain('Óscar Gutiérrez Peña');
    expect(text).toContain('EL OBLIGADO SOLIDARIO');
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
      // Four parties initial each page: the owner, two tenants, the guarantor.
      expect(page).toContain('Iniciales: ____ ____ ____ ____');
    });
  });

  it('writes the póliza jurídica with its folios, type, coverage, branch and agent', async () => {
    const text = (await textOf(policy, current(pack, 'policy'))).join(' ');
    const numbered = json<Policy>(await get(`/api/policy/unique/${policy.id}`, agent));
    expect(numbered.policyNumber).not.toBe('');
    expect(text).toContain(numbered.policyNumber);
    expect(text).toContain(policy.investigationId);
    expect(text).toContain('Tipo de póliza: Plus');
    expect(text).toContain('obligado solidario que responde con un inmueble');
    expect(text).toContain('Sucursal Polanco');
    expect(text).toContain('Agente: Ana Pérez');
  });

  it('writes twelve pagarés, one a month from the start plus the grace period, signed by the tenants and the guarantor as aval', async () => {
    const pages = await textOf(policy, current(pack, 'promissory_notes'));
    expect(pages).toHaveLength(12);
    const months = ['diciembre de 2026', 'enero de 2027', 'febrero de 2027', 'marzo de 2027', 'abril de 2027', 'mayo de 2027', 'junio de 2027', 'julio de 2027', 'agosto de 2027', 'septiembre de 2027', 'octubre de 2027', 'noviembre de 2027'];
    pages.forEach((page, index) => {
      expect(page).toContain(`PAGARÉ ${index + 1} de 12`);
      expect(page).toContain(`Vencimiento: 6 de ${months[index]}`);
      expect(page).toContain('$18,500.00 (DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.)');
      expect(page).toContain('SUSCRIPTOR');
      expect(page).toMatch(/Óscar Gutiérrez Peña AVAL/);
    });
  });

  it('lets the nightly sweep keep the contract files', async () => {
    // A dry run that counts every file as old: only files no row names are listed.
    const swept = await sweepUnreferencedFiles(ctx.testDb.database.db, ctx.app.files, { olderThanMs: 0, dryRun: true, now: Date.now() + 60_000 });
    const rows = await ctx.testDb.database.db.query.contractDocuments.findMany({ columns: { storedName: true } });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(swept.unreferenced).not.toContain(row.storedName);
  });
});

describe('guarantors only where the type has them', () => {
  it('a Básica lease and its pagarés have no obligado solidario nor aval', async () => {
    const policy = await approvedPolicy(ctx, { token: agent });
    expect((await generate(policy)).statusCode).toBe(200);
    const pack = await contractsOf(policy);
    const lease = (await textOf(policy, current(pack, 'lease'))).join(' ');
    expect(lease).toContain('María Fernanda López Ruiz');
    expect(lease).toContain('Este contrato no cuenta con obligado solidario.');
    expect(lease).not.toContain('OBLIGADO SOLIDARIO');
    expect(lease).toContain('Iniciales: ____ ____ Página');
    const notes = await textOf(policy, current(pack, 'promissory_notes'));
    expect(notes).toHaveLength(12);
    expect(notes.join(' ')).not.toContain('AVAL');
  });

  it('Plus Auto names the vehicle and the guarantor signs as aval', async () => {
    const guarantor = { ...exampleGuarantor('Luisa Ávila Muñoz'), vehicle: { brand: 'Nissan', model: 'Versa', year: '2022', color: 'Gris', licensePlate: 'ABC-123-D' } };
    const policy = await approvedPolicy(ctx, { token: agent, overrides: { policyType: 'plusAuto', guarantors: [guarantor] } });
    const response = await generate(policy);
    expect(response.statusCode, response.body).toBe(200);
    const pack = await contractsOf(policy);
    expect((await textOf(policy, current(pack, 'lease'))).join(' ')).toContain('vehículo Nissan Versa 2022 Gris, placas ABC-123-D');
    expect((await textOf(policy, current(pack, 'promissory_notes')))[0]).toContain('Luisa Ávila Muñoz AVAL');
  });
});

describe('regeneration and freezing', () => {
  it('regenerating in "contracts" makes version 2, keeps version 1 superseded and downloadable', async () => {
    const policy = await approvedPolicy(ctx, { token: agent });
    expect((await generate(policy, manager)).statusCode).toBe(200);
    const response = await send('POST', `/api/policy/${policy.id}/contracts`, agent);
    expect(response.statusCode, response.body).toBe(201);
    const pack = policyContractsSchema.parse(json(response));
    expect(pack.currentVersion).toBe(2);
    expect(pack.documents).toHaveLength(6);
    expect(pack.documents.filter((d) => d.packVersion === 1).every((d) => d.superseded)).toBe(true);
    expect(pack.documents.filter((d) => d.packVersion === 2).every((d) => !d.superseded)).toBe(true);
    for (const document of pack.documents) await download(policy, document);

    const whole = await get(`/api/policy/${policy.id}/contracts/pack?version=1`, agent);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="?contratos-.+-v1\.pdf"?$/);
    const pages = pack.documents.filter((d) => d.packVersion === 1).reduce((sum, d) => sum + d.pageCount, 0);
    expect((await PDFDocument.load(whole.rawPayload)).getPageCount()).toBe(pages);
    const latest = await get(`/api/policy/${policy.id}/contracts/pack`, agent);
    expect(latest.headers['content-disposition']).toContain('-v2.pdf');
    expect((await get(`/api/policy/${policy.id}/contracts/pack?version=3`, agent)).statusCode).toBe(404);
    // The history says who made the new pack.
    const events = json<Array<{ note: string }>>(await get(`/api/policy/${policy.id}/events`, agent));
    expect(events.filter((event) => event.note === contractMessages.regeneratedNote(2))).toHaveLength(1);
  });

  it('is frozen from "signature" on (409) and not available before "contracts" (409)', async () => {
    const policy = await approvedPolicy(ctx, { token: agent });
    const early = await send('POST', `/api/policy/${policy.id}/contracts`, agent);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(contractMessages.notInContracts);
    expect((await generate(policy)).statusCode).toBe(200);
    expect((await send('POST', `/api/policy/update/${policy.id}`, agent, { status: 'signature' })).statusCode).toBe(200);
    const frozen = await send('POST', `/api/policy/${policy.id}/contracts`, agent);
    expect(frozen.statusCode).toBe(409);
    expect(json(frozen).message).toBe(contractMessages.frozen);
    expect((await contractsOf(policy)).canRegenerate).toBe(false);
  });

  it('a form save and an admin jump into "contracts" generate the pack too', async () => {
    const viaForm = await approvedPolicy(ctx, { token: agent });
    const saved = await send('POST', `/api/policy/update/${viaForm.id}`, agent, examplePolicyInput({ status: 'contracts' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await contractsOf(viaForm)).currentVersion).toBe(1);
    const created = await send('POST', '/api/policy', admin, examplePolicyInput());
    const jumped = await send('POST', `/api/policy/update/${json<Policy>(created).id}`, admin, examplePolicyInput({ status: 'contracts' }));
    expect(jumped.statusCode, jumped.body).toBe(200);
    expect((await contractsOf(json<Policy>(created), admin)).documents).toHaveLength(3);
  });
});

describe('a generation failure', () => {
  it('leaves the policy in its previous status, names the missing data and leaves no file behind', async () => {
    const policy = await approvedPolicy(ctx, { token: agent, overrides: withRent({ contractStartDate: '', propertyDeliveryDate: '' }) });
    const before = await storedFileCount();
    const response = await generate(policy);
    expect(response.statusCode).toBe(409);
    const body = json(response);
    expect(body.message).toBe(contractMessages.generationFailed(contractMessages.missingData('la fecha de inicio del contrato')));
    expect(body.details[0].field).toBe('property.rent.contractStartDate');
    expect(json<Policy>(await get(`/api/policy/unique/${policy.id}`, agent)).status).toBe('investigation_approved');
    expect((await contractsOf(policy)).documents).toEqual([]);
    expect(await storedFileCount()).toBe(before);
  });
});

describe('a failure after some files were written', () => {
  it('answers 500 saying the pack failed, keeps the status and removes the files already written', async () => {
    const policy = await approvedPolicy(ctx, { token: agent });
    const before = await storedFileCount();
    const files = ctx.app.files;
    const save = files.save.bind(files);
    // The lease is stored, then the disk refuses the póliza.
    const spy = vi.spyOn(files, 'save').mockImplementationOnce(save).mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
    try {
      const response = await generate(policy);
      expect(response.statusCode).toBe(500);
      expect(json(response).message).toBe(contractMessages.generationFailed('error al crear los documentos; intente de nuevo'));
    } finally {
      spy.mockRestore();
    }
    expect(json<Policy>(await get(`/api/policy/unique/${policy.id}`, agent)).status).toBe('investigation_approved');
    expect((await contractsOf(policy)).documents).toEqual([]);
    expect(await storedFileCount()).toBe(before);
  });
});

async function storedFileCount(): Promise<number> {
  let count = 0;
  for await (const batch of ctx.app.files.storedFiles()) count += batch.length;
  return count;
}

describe('access', () => {
  let policy: Policy;
  let pack: PolicyContracts;
  beforeAll(async () => {
    policy = await approvedPolicy(ctx, { token: agent });
    expect((await generate(policy)).statusCode).toBe(200);
    pack = await contractsOf(policy);
  });

  it('answers 404 for another branch, 401 without a token', async () => {
    const document = pack.documents[0]!;
    for (const url of [`/api/policy/${policy.id}/contracts`, `/api/policy/${policy.id}/contracts/${document.id}/file`, `/api/policy/${policy.id}/contracts/pack`]) {
      expect((await get(url, otherBranchAgent)).statusCode).toBe(404);
      expect((await get(url)).statusCode).toBe(401);
    }
    expect((await send('POST', `/api/policy/${policy.id}/contracts`, otherBranchAgent)).statusCode).toBe(404);
    expect((await send('POST', `/api/policy/${policy.id}/contracts`, undefined)).statusCode).toBe(401);
    // A document id of another policy is not this policy's.
    const other = await approvedPolicy(ctx, { token: otherBranchAgent });
    expect((await generate(other, otherBranchAgent)).statusCode).toBe(200);
    expect((await get(`/api/policy/${other.id}/contracts/${document.id}/file`, otherBranchAgent)).statusCode).toBe(404);
    expect((await get(`/api/policy/${policy.id}/contracts/abc/file`, agent)).statusCode).toBe(400);
  });
});
