import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { policySearchResultSchema, type PolicyAgent, type PolicyFormValues, type PolicySearchResult } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, insertBranch, insertUser, json, login, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { readCsvExport, utf8Bom } from '../../test/csv';

/**
 * Issue 14, lists a person can work with: the search's type, agent and date filters and its
 * three orders (each paged by its own cursor, each its own cached page), the agents the filter
 * offers, the dashboard of every branch, and the export of everything the filters select.
 */

let ctx: TestContext;
let adminToken: string;
let branchId: number;
let agent: { id: number; token: string; name: string };
let manager: { id: number; token: string; name: string };
let santaFeAgent: { id: number; token: string };
const ids: Record<string, number> = {};

const get = (url: string, token?: string) => ctx.app.inject({ url, headers: token ? bearer(token) : {} });

/** Moves a policy's creation to a given instant (the API always stamps "now"). */
async function createdAt(id: number, instant: string) {
  await ctx.testDb.database.db.execute(sql`update policies set created_at = ${instant}::timestamptz where id = ${id}`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  branchId = await insertBranch(ctx);
  const signIn = async (role: 'agent' | 'manager', firstName: string) => {
    const user = await insertUser(ctx, { role, branchId });
    await ctx.testDb.database.db.execute(sql`update users set first_name = ${firstName}, last_name = 'Ibáñez' where id = ${user.id}`);
    return { id: user.id, token: (await login(ctx.app, user.email, user.password)).token, name: `${firstName} Ibáñez` };
  };
  agent = await signIn('agent', 'Óscar');
  manager = await signIn('manager', 'Ana');
  santaFeAgent = await signInAs(ctx, 'agent', 2);

  // Created by the agent or the manager, of each type, on days around a month's turn (Mexico City).
  const make = async (key: string, as: { token: string }, body: PolicyFormValues, at: string) => {
    ids[key] = (await newPolicy(ctx, { token: as.token, overrides: body, via: 'admin-jump' })).id;
    await createdAt(ids[key], at);
  };
  await make('basicaOld', agent, examplePolicyInput({ tenants: [exampleTenant('Íñigo Peña, "El Güero"')], status: 'active' }), '2026-10-31T12:00:00Z');
  await make('plusLate', manager, examplePolicyInput({ policyType: 'plus', tenants: [exampleTenant('Lucía Ñáñez')], guarantors: [exampleGuarantor('José Ávila')] }), '2026-11-01T05:30:00Z');
  await make('garantia', agent, examplePolicyInput({ policyType: 'garantiaPlus', tenants: [exampleTenant('=HYPERLINK("x")')], status: 'active' }), '2026-11-01T06:30:00Z');
  await make('basicaNew', manager, examplePolicyInput({ tenants: [exampleTenant('Zoé Muñoz')], status: 'signature' }), '2026-11-15T18:00:00Z');
  await newPolicy(ctx, { token: santaFeAgent.token, overrides: { tenants: [exampleTenant('Otra Sucursal')] }, via: 'admin-jump' });
});
afterAll(() => ctx.close());

async function search(query: Record<string, string | number>, token = agent.token): Promise<PolicySearchResult> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await get(`/api/policy/search?${params}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return policySearchResultSchema.strict().parse(response.json());
}
const idsOf = async (query: Record<string, string | number>, token?: string) => (await search(query, token)).items.map((item) => item.id);

describe('GET /api/policy/search: filters', () => {
  it('filters by policy type, by the agent who created the policy, and by creation dates in Mexico City', async () => {
    expect(await idsOf({ type: 'basica' })).toEqual([ids.basicaNew, ids.basicaOld]);
    expect(await idsOf({ type: 'plus' })).toEqual([ids.plusLate]);
    expect(await idsOf({ agent: agent.id })).toEqual([ids.garantia, ids.basicaOld]);
    expect(await idsOf({ agent: manager.id, type: 'basica' })).toEqual([ids.basicaNew]);
    // 05:30Z on Nov 1 is still Oct 31 in Mexico City (UTC-6); 06:30Z is Nov 1.
    expect(await idsOf({ to: '2026-10-31' })).toEqual([ids.plusLate, ids.basicaOld]);
    expect(await idsOf({ from: '2026-11-01', to: '2026-11-01' })).toEqual([ids.garantia]);
    expect(await idsOf({ from: '2026-11-01' })).toEqual([ids.basicaNew, ids.garantia]);
    expect(await idsOf({ from: '2026-11-01', status: 'active', q: 'hyperlink' })).toEqual([ids.garantia]);
  });

  it('counts a filtered search’s matches, and keeps the counters’ exact total for branch and status alone', async () => {
    expect(await search({ type: 'basica' })).toMatchObject({ total: 2, totalIsCapped: false });
    expect(await search({ status: 'active' })).toMatchObject({ total: 2, totalIsCapped: false });
    expect(await search({ agent: 999_999 })).toMatchObject({ items: [], total: 0 });
  });

  it('never reaches another branch, whatever the agent named', async () => {
    expect(await idsOf({ agent: santaFeAgent.id })).toEqual([]);
    expect((await get(`/api/policy/search?branchId=2&agent=${santaFeAgent.id}`, agent.token)).statusCode).toBe(403);
  });

  it('answers 400 naming the field for a bad type, agent, date, range or sort', async () => {
    const cases: Array<[string, string]> = [
      ['type=premium', 'type'],
      ['agent=abc', 'agent'],
      ['agent=-4', 'agent'],
      ['from=2026-13-01', 'from'],
      ['from=2026-11-10&to=2026-11-01', 'from'],
      ['sort=random', 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/policy/search?${query}`, agent.token);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.details.map((detail: { field: string }) => detail.field), query).toContain(field);
      expect(body.message, query).toMatch(/[áéíóúñ]|no es válid|fecha/i);
    }
  });
});

describe('GET /api/policy/search: orders', () => {
  it('sorts newest first by default, oldest first, or by status in the lifecycle’s order (newest first within one)', async () => {
    expect(await idsOf({})).toEqual([ids.basicaNew, ids.garantia, ids.plusLate, ids.basicaOld]);
    expect(await idsOf({ sort: 'newest' })).toEqual([ids.basicaNew, ids.garantia, ids.plusLate, ids.basicaOld]);
    expect(await idsOf({ sort: 'oldest' })).toEqual([ids.basicaOld, ids.plusLate, ids.garantia, ids.basicaNew]);
    // created, signature, active (newest first: garantia, then basicaOld).
    expect(await idsOf({ sort: 'status' })).toEqual([ids.plusLate, ids.basicaNew, ids.garantia, ids.basicaOld]);
  });

  it('pages every order with its own cursor, one row at a time, without repeating or skipping', async () => {
    for (const sort of ['newest', 'oldest', 'status'] as const) {
      const all = await idsOf({ sort });
      const paged: number[] = [];
      let cursor: string | null = null;
      do {
        const page: PolicySearchResult = await search({ sort, limit: 1, ...(cursor ? { cursor } : {}) });
        paged.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged, sort).toEqual(all);
    }
  });

  it('refuses a cursor of another order (400) rather than skip rows', async () => {
    const statusCursor = (await search({ sort: 'status', limit: 1 })).nextCursor!;
    const newestCursor = (await search({ limit: 1 })).nextCursor!;
    for (const [sort, cursor] of [['newest', statusCursor], ['oldest', newestCursor], ['status', newestCursor]] as const) {
      const response = await get(`/api/policy/search?sort=${sort}&cursor=${encodeURIComponent(cursor)}`, agent.token);
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().details).toEqual([{ field: 'cursor', message: 'El cursor de paginación no es válido' }]);
    }
  });

  it('caches each filter and order apart: a cached page never answers a different search', async () => {
    // The test config keeps pages for 5 s: ask every variant twice, each must keep its own rows.
    const variants: Array<Record<string, string | number>> = [{}, { sort: 'oldest' }, { sort: 'status' }, { type: 'plus' }, { agent: manager.id }, { from: '2026-11-01' }, { to: '2026-10-31' }];
    const first = await Promise.all(variants.map((query) => idsOf(query)));
    const second = await Promise.all(variants.map((query) => idsOf(query)));
    expect(second).toEqual(first);
    expect(new Set(first.map((list) => list.join(','))).size).toBe(variants.length);
  });
});

describe('GET /api/policy/agents', () => {
  it('lists the branch’s users by name; another branch is 403; admins pick any branch', async () => {
    const response = await get('/api/policy/agents', agent.token);
    expect(response.statusCode).toBe(200);
    expect(json<PolicyAgent[]>(response)).toEqual([
      { id: manager.id, name: manager.name },
      { id: agent.id, name: agent.name },
    ]);
    expect((await get('/api/policy/agents?branchId=2', agent.token)).statusCode).toBe(403);
    const forAdmin = json<PolicyAgent[]>(await get(`/api/policy/agents?branchId=${branchId}`, adminToken));
    expect(forAdmin.map((user) => user.id)).toEqual([manager.id, agent.id]);
    expect((await get('/api/policy/agents?branchId=abc', adminToken)).statusCode).toBe(400);
    expect((await get('/api/policy/agents')).statusCode).toBe(401);
  });
});

describe('GET /api/policy/dashboard', () => {
  it('gives an admin every branch’s counts, anyone else their own branch’s', async () => {
    const all = (await get('/api/policy/dashboard', adminToken)).json();
    const [one, two, three, own] = await Promise.all(
      [1, 2, 3, branchId].map(async (id) => (await get(`/api/policy/dashboard/${id}`, adminToken)).json()),
    );
    for (const status of Object.keys(all)) expect(all[status], status).toBe(one[status] + two[status] + three[status] + own[status]);
    expect((await get('/api/policy/dashboard', agent.token)).json()).toEqual(own);
    expect(own).toMatchObject({ created: 1, active: 2, signature: 1, investigation_rejected: 0 });
    expect((await get('/api/policy/dashboard')).statusCode).toBe(401);
  });
});

// --- the export -----------------------------------------------------------------------------------

async function exportCsv(query: string, token = agent.token) {
  const response = await get(`/api/policy/export?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  const { header, rows, column } = readCsvExport(response);
  return { response, header, rows, column, ids: rows.map((row) => Number(row[column('ID Póliza')])) };
}

describe('GET /api/policy/export', () => {
  it('streams a CSV of the branch: BOM, Spanish headers as on screen plus the ids, accents intact, a dated Spanish name', async () => {
    const { response, header, rows, column } = await exportCsv('format=csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="polizas_\d{4}-\d{2}-\d{2}\.csv"/);
    // Streamed: no length known in advance.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 3)).toEqual(utf8Bom);
    expect(header).toEqual([
      'Folio de Investigación',
      'Folio de Póliza',
      'Estatus',
      'Tipo Poliza',
      'Inquilino',
      'Aval',
      'Propietario',
      'Fecha de Entrega',
      'Dirección del Inmueble',
      'Inicio de Vigencia',
      'Fin de Vigencia',
      'Fecha de Creación',
      'Agente',
      'ID Póliza',
      'ID Sucursal',
      'ID Agente',
    ]);
    expect(rows.map((row) => Number(row[column('ID Póliza')]))).toEqual([ids.basicaNew, ids.garantia, ids.plusLate, ids.basicaOld]);
    const old = rows[3]!;
    expect(old[column('Inquilino')]).toBe('Íñigo Peña, "El Güero"');
    expect(old[column('Estatus')]).toBe('Activa');
    expect(old[column('Tipo Poliza')]).toBe('Básica');
    expect(old[column('Fecha de Creación')]).toBe('31/10/2026');
    expect(old[column('Fecha de Entrega')]).toBe('01/12/2026');
    // The example's 12-month term from 1 December 2026.
    expect(old[column('Inicio de Vigencia')]).toBe('01/12/2026');
    expect(old[column('Fin de Vigencia')]).toBe('30/11/2027');
    expect(old[column('Agente')]).toBe('Óscar Ibáñez');
    expect(old[column('ID Sucursal')]).toBe(String(branchId));
    expect(old[column('Dirección del Inmueble')]).toBe('Calle Durango 214, Roma Norte, Cuauhtémoc');
    expect(rows[2]![column('Aval')]).toBe('José Ávila');
    // A tenant typed like a formula is written as text, never run by the spreadsheet.
    expect(rows[1]![column('Inquilino')]).toBe(`'=HYPERLINK("x")`);
  });

  it('respects every filter and the order, like the search', async () => {
    const queries = ['type=basica', `agent=${manager.id}`, 'from=2026-11-01', 'to=2026-10-31', 'status=active', 'q=%C3%91%C3%A1%C3%B1ez', 'sort=oldest', 'sort=status&type=basica'];
    for (const query of queries) {
      const expected = await idsOf(Object.fromEntries(new URLSearchParams(query)));
      expect((await exportCsv(`${query}&format=csv`)).ids, query).toEqual(expected);
    }
  });

  it('is scoped to the caller’s branch: another branch is 403; admins get a chosen branch or all', async () => {
    expect((await get('/api/policy/export?branchId=2', agent.token)).statusCode).toBe(403);
    expect((await exportCsv(`branchId=${branchId}`, adminToken)).ids).toHaveLength(4);
    const everyBranch = await exportCsv('', adminToken);
    expect(everyBranch.ids.length).toBeGreaterThan(4);
    expect((await exportCsv('', santaFeAgent.token)).rows.every((row) => row[everyBranch.column('ID Sucursal')] === '2')).toBe(true);
    expect((await get('/api/policy/export?branchId=999999', adminToken)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 400 naming the field for a bad format or filter', async () => {
    expect((await get('/api/policy/export')).statusCode).toBe(401);
    for (const [query, field] of [['format=pdf', 'format'], ['type=x', 'type'], ['from=ayer', 'from']] as const) {
      const response = await get(`/api/policy/export?${query}`, agent.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it('writes the same rows as an XLSX workbook, dates as dates', async () => {
    const response = await get('/api/policy/export?format=xlsx&type=basica', manager.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="polizas_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Pólizas')!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('Folio de Investigación');
    expect(sheet.rowCount).toBe(3);
    expect(values(3)[4]).toBe('Íñigo Peña, "El Güero"');
    expect(values(3)[10]).toEqual(new Date('2027-11-30T00:00:00Z'));
    expect(values(3)[11]).toEqual(new Date('2026-10-31T00:00:00Z'));
    expect(values(3)[13]).toBe(ids.basicaOld);
  });

  it('reads a list longer than a batch in order, every row once', async () => {
    const crowdBranch = await insertBranch(ctx);
    const crowdAgent = await insertUser(ctx, { role: 'agent', branchId: crowdBranch });
    const token = (await login(ctx.app, crowdAgent.email, crowdAgent.password)).token;
    const one = await newPolicy(ctx, { token, overrides: { tenants: [exampleTenant('Multitud Pérez')] }, via: 'admin-jump' });
    await ctx.testDb.database.db.execute(sql.raw(`insert into policies (investigation_id, status, policy_type, branch_id, user_id, tenant_names, created_at)
      select 'INV-EXP-' || n, 'created', 'basica', ${crowdBranch}, ${crowdAgent.id}, '{"Multitud Pérez"}', now() - n * interval '1 minute'
      from generate_series(1, 2100) as n`));
    const { ids: exported, rows, column } = await exportCsv('format=csv', token);
    expect(exported).toHaveLength(2101);
    expect(new Set(exported).size).toBe(2101);
    expect(exported[0]).toBe(one.id);
    expect(rows.at(-1)![column('Folio de Investigación')]).toBe('INV-EXP-2100');
  });
});
