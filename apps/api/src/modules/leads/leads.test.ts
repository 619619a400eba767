import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLeadNotes, type Lead, type LeadColumn, type LeadFormValues } from '@portal/domain';
import { ADMIN, bearer, createTestContext, tokenFor, json, login, type TestContext } from '../../test/app';

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let approver: string;
let santaFeAgent: string;
let santaFeManager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, manager, approver, santaFeAgent, santaFeManager] = await Promise.all([
    tokenFor(ctx, 'agent', 1),
    tokenFor(ctx, 'manager', 1),
    tokenFor(ctx, 'approver', 1),
    tokenFor(ctx, 'agent', 2),
    tokenFor(ctx, 'manager', 2),
  ]);
});
afterAll(() => ctx.close());


const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

async function createLead(overrides: Partial<LeadFormValues> = {}, token = agent): Promise<Lead> {
  const response = await call('POST', '/api/leads', token, { name: 'Óscar Ruiz', phone: '5512345678', phonewhats: '5512345678', source: 'Instagram', ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return json<Lead>(response);
}

const columnsOf = async (token: string) => json<LeadColumn[]>(await call('GET', '/api/leads/columns', token));

describe('authentication and roles', () => {
  it('answers 401 to every leads call without a token', async () => {
    const calls = [
      ['GET', '/api/leads'],
      ['GET', '/api/leads/columns'],
      ['PUT', '/api/leads/columns'],
      ['POST', '/api/leads'],
      ['POST', '/api/leads/update/1'],
      ['POST', '/api/leads/uodate/1'],
      ['POST', '/api/leads/1/status/accion'],
      ['POST', '/api/leads/1/notes'],
      ['GET', '/api/leads/del/1'],
    ] as const;
    for (const [method, url] of calls) expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('lets only managers and admins configure the board (agent, approver: 403)', async () => {
    const columns = await columnsOf(agent);
    for (const token of [agent, approver]) {
      const response = await call('PUT', '/api/leads/columns', token, { columns });
      expect(json(response)).toMatchObject({ statusCode: 403 });
    }
  });
});

describe('leads', () => {
  it('creates a lead in the first column, its notes as the first note', async () => {
    const lead = await createLead({ notes: 'Busca departamento en Roma Norte', status: 'poliza' } as Partial<LeadFormValues>);
    expect(lead).toMatchObject({ name: 'Óscar Ruiz', source: 'Instagram', status: 'cotizacion', notes: '["Busca departamento en Roma Norte"]' });
    expect(json<Lead[]>(await call('GET', '/api/leads', agent)).map((item) => item.id)).toContain(lead.id);
  });

  it("keeps the person's e-mail, lower-cased (issue 29)", async () => {
    const created = json<Lead>(await call('POST', '/api/leads', agent, { name: 'Ana Correo', email: 'Ana@Correo.MX' }));
    expect(created.email).toBe('ana@correo.mx');
    await call('GET', `/api/leads/del/${created.id}`, agent);
  });

  it('answers 400 for a missing name or an unknown source, and writes nothing', async () => {
    const before = json<Lead[]>(await call('GET', '/api/leads', agent)).length;
    const noName = await call('POST', '/api/leads', agent, { name: '  ' });
    expect(json(noName)).toMatchObject({ statusCode: 400, details: [{ field: 'name', message: 'El campo Nombre es obligatorio' }] });
    expect((await call('POST', '/api/leads', agent, { name: 'Ana', source: 'TikTok' })).statusCode).toBe(400);
    const badEmail = await call('POST', '/api/leads', agent, { name: 'Ana', email: 'no-es-correo' });
    expect(json(badEmail)).toMatchObject({ statusCode: 400, details: [{ field: 'email' }] });
    expect(json<Lead[]>(await call('GET', '/api/leads', agent))).toHaveLength(before);
  });

  it('updates through /update and the spec\'s /uodate, leaving notes and status alone', async () => {
    const lead = await createLead({ notes: 'Primera' });
    await call('POST', `/api/leads/${lead.id}/status/accion`, agent);
    for (const path of ['update', 'uodate']) {
      const response = await call('POST', `/api/leads/${path}/${lead.id}`, agent, { name: `Óscar (${path})`, phone: '5500000000', source: 'Referido', notes: 'borrado' });
      expect(json<Lead>(response)).toMatchObject({ name: `Óscar (${path})`, phone: '+525500000000', source: 'Referido', notes: '["Primera"]', status: 'accion' });
    }
  });

  it('moves a lead to any column of the board, and refuses an unknown one (400)', async () => {
    const lead = await createLead();
    expect(json<Lead>(await call('POST', `/api/leads/${lead.id}/status/agente`, agent)).status).toBe('agente');
    const unknown = await call('POST', `/api/leads/${lead.id}/status/bienvenida`, agent);
    expect(json(unknown)).toMatchObject({ statusCode: 400, details: [{ field: 'status', message: 'El estatus no existe en el tablero de su sucursal' }] });
  });

  it('keeps twenty notes added at the same moment by different people', async () => {
    const lead = await createLead();
    const writers = [agent, manager, approver, admin];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => call('POST', `/api/leads/${lead.id}/notes`, writers[index % writers.length], { note: `Nota ${index + 1}` })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const [stored] = json<Lead[]>(await call('GET', '/api/leads', agent)).filter((item) => item.id === lead.id);
    expect(parseLeadNotes(stored!.notes).sort()).toEqual(Array.from({ length: 20 }, (_, index) => `Nota ${index + 1}`).sort());
    const blank = await call('POST', `/api/leads/${lead.id}/notes`, agent, { note: '   ' });
    expect(json(blank)).toMatchObject({ statusCode: 400, details: [{ field: 'note', message: 'Escriba la nota' }] });
  });

  it('deletes a lead', async () => {
    const lead = await createLead();
    expect(json(await call('GET', `/api/leads/del/${lead.id}`, agent))).toEqual({ message: 'El lead ha sido eliminado correctamente' });
    expect((await call('GET', `/api/leads/del/${lead.id}`, agent)).statusCode).toBe(404);
  });

  it("hides another branch's leads (404) and keeps each branch's board to itself", async () => {
    const lead = await createLead();
    for (const [method, url, payload] of [
      ['POST', `/api/leads/update/${lead.id}`, { name: 'X' }],
      ['POST', `/api/leads/${lead.id}/status/accion`],
      ['POST', `/api/leads/${lead.id}/notes`, { note: 'Hola' }],
      ['GET', `/api/leads/del/${lead.id}`],
    ] as const) {
      const response = await call(method, url, santaFeAgent, payload);
      expect(json(response), `${method} ${url}`).toMatchObject({ statusCode: 404, message: 'No se encontró el lead' });
    }
    expect(json<Lead[]>(await call('GET', '/api/leads', santaFeAgent)).some((item) => item.id === lead.id)).toBe(false);
  });
});

describe('the board columns', () => {
  it("starts from the spec's four, is shared by the branch, and moves the leads of a deleted column to the first", async () => {
    expect(await columnsOf(santaFeAgent)).toEqual([
      { id: 'cotizacion', title: 'Cotización', color: '#0277bd', isWon: false },
      { id: 'accion', title: 'Trabajando', color: '#26a69a', isWon: false },
      { id: 'poliza', title: 'Póliza', color: '#ffb74d', isWon: true },
      { id: 'agente', title: 'Agente', color: '#ba68c8', isWon: false },
    ]);
    const lead = await createLead({}, santaFeAgent);
    await call('POST', `/api/leads/${lead.id}/status/poliza`, santaFeAgent);

    const columns = [
      { id: 'accion', title: 'En seguimiento', color: '#26a69a', isWon: false },
      { id: 'cotizacion', title: 'Cotización', color: '#0277bd', isWon: false },
      { id: 'status_1700000000000', title: 'Visita agendada', color: '#6B7280', isWon: true },
    ];
    const saved = await call('PUT', '/api/leads/columns', santaFeManager, { columns });
    expect(json(saved)).toEqual({ columns, moved: 1 });
    // Every member of the branch sees the same board; the lead of 'poliza' is now in the first column.
    expect(await columnsOf(santaFeAgent)).toEqual(columns);
    expect(json<Lead[]>(await call('GET', '/api/leads', santaFeAgent)).find((item) => item.id === lead.id)!.status).toBe('accion');
    expect((await call('POST', `/api/leads/${lead.id}/status/status_1700000000000`, santaFeAgent)).statusCode).toBe(200);
    // New leads go to the new first column; Polanco's board did not change.
    expect((await createLead({}, santaFeAgent)).status).toBe('accion');
    expect((await columnsOf(agent))[0]!.id).toBe('cotizacion');
  });

  it('takes two saves of the board at the same moment, one after the other', async () => {
    const board = (title: string) => ({ columns: [{ id: 'cotizacion', title, color: '#0277bd' }, { id: 'accion', title: 'Trabajando', color: '#26a69a' }] });
    const responses = await Promise.all([call('PUT', '/api/leads/columns', manager, board('Primera')), call('PUT', '/api/leads/columns', admin, board('Segunda'))]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(['Primera', 'Segunda']).toContain((await columnsOf(agent))[0]!.title);
    await call('PUT', '/api/leads/columns', manager, { columns: [
      { id: 'cotizacion', title: 'Cotización', color: '#0277bd' },
      { id: 'accion', title: 'Trabajando', color: '#26a69a' },
      { id: 'poliza', title: 'Póliza', color: '#ffb74d' },
      { id: 'agente', title: 'Agente', color: '#ba68c8' },
    ] });
  });

  it('refuses an empty board, a column without title or colour, and repeated ids', async () => {
    const bad = [
      [[], 'El tablero necesita al menos un estatus'],
      [[{ id: 'a', title: '', color: '#000000' }], 'Cada estatus necesita un título'],
      [[{ id: 'a', title: 'A', color: 'azul' }], 'Cada estatus necesita un color (#RRGGBB)'],
      [[{ id: 'a', title: 'A', color: '#000000' }, { id: 'a', title: 'B', color: '#000000' }], 'Dos estatus no pueden tener el mismo identificador'],
    ] as const;
    for (const [columns, message] of bad) {
      const response = await call('PUT', '/api/leads/columns', manager, { columns });
      expect(response.statusCode).toBe(400);
      expect(json(response).details[0].message).toBe(message);
    }
    expect((await columnsOf(agent))[0]!.id).toBe('cotizacion');
  });
});
