import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Addendum, AddendumFormValues, AddendumSearchResult, Policy, PolicyEvent } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, tokenFor, json, login, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { filesUnder, multipartFile, sampleFiles, sha256 } from '../../test/files';

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let approver: string;
let santaFeAgent: string;
let activePolicy: Policy;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, manager, approver, santaFeAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2)]);
  activePolicy = await newPolicy(ctx, { token: agent, overrides: { status: 'active', policyNumber: 'POL-2026-00042', tenants: [exampleTenant('Mariana Ávila Cortés')] }, via: 'admin-jump' });
});
afterAll(() => ctx.close());


const body = (overrides: Partial<AddendumFormValues> = {}): AddendumFormValues => ({
  policyId: activePolicy.id,
  description: 'Incremento de renta anual',
  amount: '1500.50',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  ...overrides,
});

const post = (url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });

async function createAddendum(overrides: Partial<AddendumFormValues> = {}, token = agent): Promise<Addendum> {
  const response = await post('/api/addendum', token, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return json<Addendum>(response);
}

function upload(token: string, addendum: Pick<Addendum, 'id' | 'policyId'>, content: Buffer, filename = 'addendum.pdf') {
  const { payload, headers } = multipartFile(content, filename);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/addendum/upload-file/${addendum.id}/${addendum.policyId}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

const history = async (policyId: number) => json<PolicyEvent[]>(await get(`/api/policy/${policyId}/events`, admin));

/** A real .docx starts as a zip whose first entries are Word's own. */
const docx = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml word/document.xml'), Buffer.alloc(200)]);

describe('authentication and roles', () => {
  it('answers 401 to every addendum call without a token', async () => {
    const calls = [
      ['GET', '/api/addendum'],
      ['GET', '/api/addendum/1'],
      ['GET', '/api/addendum/search'],
      ['GET', '/api/addendum/item/1'],
      ['POST', '/api/addendum'],
      ['POST', '/api/addendum/1'],
      ['POST', '/api/addendum/del/1'],
      ['POST', '/api/addendum/upload-file/1/1'],
      ['GET', '/api/addendum/download-file/1'],
    ] as const;
    for (const [method, url] of calls) expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
  });

  it('lets approvers read but not write (403)', async () => {
    const addendum = await createAddendum();
    expect((await get(`/api/addendum/item/${addendum.id}`, approver)).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/api/addendum', body()],
      [`/api/addendum/${addendum.id}`, body()],
      [`/api/addendum/del/${addendum.id}`, undefined],
    ] as const) {
      const response = await post(url, approver, payload);
      expect(response.statusCode, url).toBe(403);
    }
    expect((await upload(approver, addendum, sampleFiles.pdf())).statusCode).toBe(403);
    expect((await post('/api/addendum', manager, body())).statusCode).toBe(201);
  });
});

describe('create and update', () => {
  it('creates an addendum for an active policy: number and client from the policy, branch and author from the session', async () => {
    const response = await post('/api/addendum', agent, {
      ...body(),
      policyNumber: 'INVENTADO',
      clientName: 'Otra persona',
      branchId: '2',
      status: 'active',
      files: [],
      createdAt: '2000-01-01',
    });
    expect(response.statusCode).toBe(201);
    const addendum = json<Addendum>(response);
    expect(addendum).toMatchObject({
      policyId: activePolicy.id,
      policyNumber: 'POL-2026-00042',
      clientName: 'Mariana Ávila Cortés',
      description: 'Incremento de renta anual',
      amount: 1500.5,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      status: 'active',
      branchId: 1,
      files: [],
    });
    expect(Date.now() - Date.parse(addendum.createdAt)).toBeLessThan(60_000);
    const [event] = await history(activePolicy.id);
    expect(event).toMatchObject({ fromStatus: null, toStatus: null, note: 'Addendum creado: Incremento de renta anual · $1,500.50 · del 01/12/2026 al 30/11/2027 · Activo' });
  });

  it("answers 400 with the spec's messages and the fields named, and writes nothing", async () => {
    const before = json<Addendum[]>(await get('/api/addendum', admin)).length;
    const empty = await post('/api/addendum', agent, { policyId: '', description: ' ', amount: '', startDate: '', endDate: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).details).toEqual([
      { field: 'policyId', message: 'El campo Póliza es obligatorio' },
      { field: 'description', message: 'El campo Descripción es obligatorio' },
      { field: 'amount', message: 'El campo Monto es obligatorio' },
      { field: 'startDate', message: 'El campo Fecha inicial es obligatorio' },
      { field: 'endDate', message: 'El campo Fecha final es obligatorio' },
    ]);
    const zero = await post('/api/addendum', agent, body({ amount: 0 }));
    expect(json(zero).details).toEqual([{ field: 'amount', message: 'El monto debe ser mayor a cero' }]);
    const order = await post('/api/addendum', agent, body({ startDate: '2028-01-01' }));
    expect(json(order).details).toEqual([{ field: 'startDate', message: 'La fecha inicial no puede ser posterior a la fecha final' }]);
    expect(json<Addendum[]>(await get('/api/addendum', admin))).toHaveLength(before);
  });

  it('refuses a policy that is not active or belongs to another branch', async () => {
    const created = await newPolicy(ctx, { token: agent, via: 'admin-jump' });
    const notActive = await post('/api/addendum', agent, body({ policyId: created.id }));
    expect(json(notActive)).toMatchObject({ statusCode: 400, details: [{ field: 'policyId', message: 'Seleccione una póliza activa de su sucursal' }] });
    const santaFePolicy = await newPolicy(ctx, { token: santaFeAgent, overrides: { status: 'active' }, via: 'admin-jump' });
    const otherBranch = await post('/api/addendum', agent, body({ policyId: santaFePolicy.id }));
    expect(json(otherBranch)).toMatchObject({ statusCode: 400, details: [{ field: 'policyId' }] });
    // An admin writes for any branch; the addendum belongs to the policy's.
    expect(json<Addendum>(await post('/api/addendum', admin, body({ policyId: santaFePolicy.id }))).branchId).toBe(2);
  });

  it('updates every field but the policy, records it, and cancels for good', async () => {
    const addendum = await createAddendum();
    const url = `/api/addendum/${addendum.id}`;
    const updated = await post(url, manager, body({ description: 'Ampliación de vigencia', amount: 2000, endDate: '2028-05-31', status: 'active' }));
    expect(json<Addendum>(updated)).toMatchObject({ description: 'Ampliación de vigencia', amount: 2000, endDate: '2028-05-31', status: 'active' });
    expect((await history(activePolicy.id))[0]!.note).toBe('Addendum actualizado: Ampliación de vigencia · $2,000.00 · del 01/12/2026 al 31/05/2028 · Activo');

    const otherPolicy = await newPolicy(ctx, { token: agent, overrides: { status: 'active' }, via: 'admin-jump' });
    const moved = await post(url, manager, body({ policyId: otherPolicy.id }));
    expect(json(moved)).toMatchObject({ statusCode: 400, details: [{ field: 'policyId', message: 'La póliza de un addendum no se puede cambiar' }] });

    const cancelled = await post(url, manager, body({ status: 'canceled' }));
    expect(json<Addendum>(cancelled).status).toBe('canceled');
    expect((await history(activePolicy.id))[0]!.note).toMatch(/^Addendum cancelado: Incremento de renta anual/);
    const again = await post(url, manager, body({ status: 'active' }));
    expect(json(again)).toMatchObject({ statusCode: 409, message: 'El addendum está cancelado: ya no se puede modificar' });
  });

  it('POST /api/addendum/del/{id} cancels (kept in the record), once', async () => {
    const addendum = await createAddendum();
    const response = await post(`/api/addendum/del/${addendum.id}`, agent);
    expect(json<Addendum>(response).status).toBe('canceled');
    const events = (await history(activePolicy.id)).filter((event) => event.note.startsWith('Addendum cancelado'));
    expect((await post(`/api/addendum/del/${addendum.id}`, agent)).statusCode).toBe(200);
    expect((await history(activePolicy.id)).filter((event) => event.note.startsWith('Addendum cancelado'))).toHaveLength(events.length);
    expect(json<Addendum[]>(await get(`/api/addendum/item/${addendum.id}`, agent))[0]!.status).toBe('canceled');
  });
});

describe('reading', () => {
  it("serves one addendum as a one-item array; another branch's is 404", async () => {
    const addendum = await createAddendum();
    const response = await get(`/api/addendum/item/${addendum.id}`, agent);
    expect(json<Addendum[]>(response)).toEqual([addendum]);
    expect(json(await get(`/api/addendum/item/${addendum.id}`, santaFeAgent))).toMatchObject({ statusCode: 404, message: 'No se encontró el addendum' });
    expect((await post(`/api/addendum/${addendum.id}`, santaFeAgent, body())).statusCode).toBe(404);
    expect((await post(`/api/addendum/del/${addendum.id}`, santaFeAgent)).statusCode).toBe(404);
    expect((await get('/api/addendum/item/abc', agent)).statusCode).toBe(400);
  });

  it("lists the branch's addendums; another branch's list is 403 for non-admins", async () => {
    const mine = json<Addendum[]>(await get('/api/addendum', agent));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((addendum) => addendum.branchId === 1)).toBe(true);
    expect(json<Addendum[]>(await get('/api/addendum/1', agent))).toEqual(mine);
    expect(json(await get('/api/addendum/1', santaFeAgent))).toMatchObject({ statusCode: 403, message: 'No tiene acceso a los addendums de otra sucursal' });
    expect(json<Addendum[]>(await get('/api/addendum/2', admin)).every((addendum) => addendum.branchId === 2)).toBe(true);
    expect((await get('/api/addendum/99', admin)).statusCode).toBe(404);
  });

  it('searches policy number, client and description (accents and case ignored), a page at a time', async () => {
    const policy = await newPolicy(ctx, { token: agent, overrides: { status: 'active', policyNumber: 'POL-2027-77777', tenants: [exampleTenant('Íñigo Peñaloza Ruiz')] }, via: 'admin-jump' });
    for (const description of ['Cambio de aval', 'Mascota autorizada', 'Reducción temporal de renta']) await createAddendum({ policyId: policy.id, description });
    const search = async (q: string, extra = '') => json<AddendumSearchResult>(await get(`/api/addendum/search?q=${encodeURIComponent(q)}${extra}`, agent));

    expect((await search('77777')).total).toBe(3);
    expect((await search('inigo penaloza')).total).toBe(3);
    expect((await search('REDUCCION')).items.map((item) => item.description)).toEqual(['Reducción temporal de renta']);
    expect((await search('100%')).total).toBe(0);
    expect((await get('/api/addendum/search?q=77777', santaFeAgent)).json().total).toBe(0);

    const first = await search('77777', '&limit=2');
    expect(first.items.map((item) => item.description)).toEqual(['Reducción temporal de renta', 'Mascota autorizada']);
    const second = await search('77777', `&limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ items: [{ description: 'Cambio de aval' }], nextCursor: null, total: 3 });
    expect((await get('/api/addendum/search?cursor=nope', agent)).statusCode).toBe(400);
    // A cursor the server never wrote (a date or an id PostgreSQL cannot hold) is a 400, not a 500.
    for (const forged of ['+275760-09-13T00:00:00.000Z|1', '2026-01-01T00:00:00.000Z|99999999999']) {
      const response = await get(`/api/addendum/search?cursor=${Buffer.from(forged).toString('base64url')}`, agent);
      expect(response.statusCode, forged).toBe(400);
      expect((await get(`/api/policy/search?cursor=${Buffer.from(forged).toString('base64url')}`, agent)).statusCode, forged).toBe(400);
    }
  });
});

describe("the list's status filter (issue 20)", () => {
  it('selects one status in the search and the export; a wrong one is a 400 naming Estado; scope is kept', async () => {
    const policy = await newPolicy(ctx, { token: agent, overrides: { status: 'active', policyNumber: 'POL-2027-55555' }, via: 'admin-jump' });
    const [pending, active, canceled] = await Promise.all(['Pendiente filtro', 'Activo filtro', 'Cancelado filtro'].map((description) => createAddendum({ policyId: policy.id, description })));
    expect((await post(`/api/addendum/${active!.id}`, manager, body({ policyId: policy.id, description: 'Activo filtro', status: 'active' }))).statusCode).toBe(200);
    expect((await post(`/api/addendum/del/${canceled!.id}`, agent)).statusCode).toBe(200);
    const descriptions = async (status?: string, token = agent) => {
      const response = await get(`/api/addendum/search?q=55555${status ? `&status=${status}` : ''}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return json<AddendumSearchResult>(response).items.map((item) => item.description);
    };
    expect(await descriptions('pending')).toEqual([pending!.description]);
    expect(await descriptions('active')).toEqual(['Activo filtro']);
    expect(await descriptions('canceled')).toEqual(['Cancelado filtro']);
    expect(await descriptions()).toHaveLength(3);
    expect(await descriptions('active', santaFeAgent)).toEqual([]);
    const wrong = await get('/api/addendum/search?status=archived', agent);
    expect(json(wrong)).toMatchObject({ statusCode: 400, details: [{ field: 'status', message: 'El valor del campo Estado no es válido' }] });
    expect((await ctx.app.inject({ url: '/api/addendum/search?status=active' })).statusCode).toBe(401);
    expect((await get('/api/addendum/search?status=active&branchId=2', agent)).statusCode).toBe(403);
    const csv = await get('/api/addendum/export?format=csv&q=55555&status=canceled', agent);
    expect(csv.body).toContain('Cancelado filtro');
    expect(csv.body).not.toContain('Activo filtro');
  });
});

describe('the file', () => {
  it('stores a PDF, DOC or DOCX by content, replaces the previous one, and downloads it as addendum_{policyId}', async () => {
    const addendum = await createAddendum();
    const filesRoot = path.join(ctx.config.dataDir, 'files');
    const before = filesUnder(filesRoot).length;

    const pdf = sampleFiles.pdf('Addendum firmado');
    const first = await upload(agent, addendum, pdf, 'Addendum firmado (Mariana).pdf');
    expect(first.statusCode).toBe(201);
    expect(json<Addendum>(first).files).toEqual([
      { originalFilename: 'Addendum_firmado_Mariana.pdf', mimeType: 'application/pdf', size: pdf.length, uploadedAt: expect.any(String) },
    ]);
    const download = await get(`/api/addendum/download-file/${addendum.id}`, agent);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename=addendum_${activePolicy.id}.pdf`);
    expect(download.rawPayload).toEqual(pdf);

    const word = docx();
    const second = await upload(agent, addendum, word, 'addendum.docx');
    expect(json<Addendum>(second).files[0]).toMatchObject({ mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(filesUnder(filesRoot)).toHaveLength(before + 1);
    const replaced = await get(`/api/addendum/download-file/${addendum.id}`, agent);
    expect(replaced.headers['content-disposition']).toBe(`attachment; filename=addendum_${activePolicy.id}.docx`);
    expect(sha256(replaced.rawPayload)).toBe(sha256(word));
    expect((await history(activePolicy.id))[0]!.note).toBe('Archivo del addendum «Incremento de renta anual»: addendum.docx');
  });

  it('refuses other types (415), a wrong policy (400), another branch (404) and a canceled addendum (409)', async () => {
    const addendum = await createAddendum();
    for (const content of [sampleFiles.png(), sampleFiles.exe()]) {
      const response = await upload(agent, addendum, content, 'addendum.pdf');
      expect(json(response)).toMatchObject({ statusCode: 415, message: 'Tipo de archivo no permitido: solo se aceptan PDF, DOC o DOCX' });
    }
    const wrongPolicy = await upload(agent, { id: addendum.id, policyId: addendum.policyId + 1000 }, sampleFiles.pdf());
    expect(json(wrongPolicy)).toMatchObject({ statusCode: 400, details: [{ field: 'policyId', message: 'El archivo no corresponde a la póliza de este addendum' }] });
    expect((await upload(santaFeAgent, addendum, sampleFiles.pdf())).statusCode).toBe(404);
    expect((await get(`/api/addendum/download-file/${addendum.id}`, agent)).json()).toMatchObject({ statusCode: 404, message: 'Este addendum no tiene archivo' });

    await post(`/api/addendum/del/${addendum.id}`, agent);
    expect((await upload(agent, addendum, sampleFiles.pdf())).statusCode).toBe(409);
  });

  it("hides another branch's file (404)", async () => {
    const addendum = await createAddendum();
    await upload(agent, addendum, sampleFiles.pdf());
    expect((await get(`/api/addendum/download-file/${addendum.id}`, santaFeAgent)).statusCode).toBe(404);
    fs.rmSync(path.join(ctx.config.dataDir, 'files'), { recursive: true, force: true });
    expect((await get(`/api/addendum/download-file/${addendum.id}`, agent)).json()).toMatchObject({ statusCode: 404, message: 'El archivo no está disponible en el servidor' });
  });
});

describe('413: the size limit', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ MAX_UPLOAD_MB: '1' });
  });
  afterAll(() => small.close());

  it('refuses a file over MAX_UPLOAD_MB and keeps nothing of it', async () => {
    const token = (await login(small.app, ADMIN.email, ADMIN.password)).token;
    const policy = json<Policy>(await small.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: examplePolicyInput({ status: 'active' }) }));
    const addendum = json<Addendum>(await small.app.inject({ method: 'POST', url: '/api/addendum', headers: bearer(token), payload: body({ policyId: policy.id }) }));
    const { payload, headers } = multipartFile(Buffer.concat([sampleFiles.pdf(), Buffer.alloc(1024 * 1024, 0x20)]), 'grande.pdf');
    const response = await small.app.inject({
      method: 'POST',
      url: `/api/addendum/upload-file/${addendum.id}/${policy.id}`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(json(response)).toMatchObject({ statusCode: 413, message: 'El archivo supera el tamaño máximo de 1 MB' });
    expect(filesUnder(path.join(small.config.dataDir, 'files'))).toEqual([]);
    const [stored] = json<Addendum[]>(await small.app.inject({ url: `/api/addendum/item/${addendum.id}`, headers: bearer(token) }));
    expect(stored!.files).toEqual([]);
  });
});
