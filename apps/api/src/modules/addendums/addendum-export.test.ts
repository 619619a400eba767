import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Addendum, AddendumFormValues, Policy } from '@portal/domain';
import { exampleTenant } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { readCsvExport, utf8Bom } from '../../test/csv';

/** GET /api/addendum/export (issue 14): every addendum the list's search selects, as CSV or XLSX. */

let ctx: TestContext;
let admin: string;
let agent: string;
let santaFeAgent: string;
const created: Record<string, Addendum> = {};

const get = (url: string, token?: string) => ctx.app.inject({ url, headers: token ? bearer(token) : {} });

async function createAddendum(token: string, policy: Policy, overrides: Partial<AddendumFormValues>): Promise<Addendum> {
  const payload = { policyId: policy.id, description: 'Incremento de renta', amount: '1500.50', startDate: '2026-12-01', endDate: '2027-11-30', ...overrides };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/addendum', headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(201);
  return json<Addendum>(response);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, santaFeAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'agent', 2)]);
  const polanco = await newPolicy(ctx, { token: agent, overrides: { status: 'active', tenants: [exampleTenant('Mariana Ávila Cortés')] }, via: 'admin-jump' });
  const santaFe = await newPolicy(ctx, { token: santaFeAgent, overrides: { status: 'active', tenants: [exampleTenant('Otra Sucursal')] }, via: 'admin-jump' });
  created.rent = await createAddendum(agent, polanco, { description: 'Incremento de renta, año 2' });
  created.pet = await createAddendum(agent, polanco, { description: 'Cláusula de mascotas "Firulais"', amount: '300', status: 'active' });
  created.other = await createAddendum(santaFeAgent, santaFe, { description: 'Otra sucursal' });
});
afterAll(() => ctx.close());

describe('GET /api/addendum/export', () => {
  it('streams the branch’s addendums as CSV: BOM, Spanish headers, accents and quotes intact, newest first', async () => {
    const response = await get('/api/addendum/export?format=csv', agent);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="addendums_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 3)).toEqual(utf8Bom);
    const { header, rows, column } = readCsvExport(response);
    expect(header).toEqual(['Póliza', 'Cliente', 'Descripción', 'Monto', 'Inicio de Vigencia', 'Fin de Vigencia', 'Estado', 'Archivo', 'ID Addendum', 'ID Póliza', 'ID Sucursal']);
    expect(rows.map((row) => Number(row[column('ID Addendum')]))).toEqual([created.pet!.id, created.rent!.id]);
    expect(rows[0]).toMatchObject({
      [column('Descripción')]: 'Cláusula de mascotas "Firulais"',
      [column('Cliente')]: 'Mariana Ávila Cortés',
      [column('Monto')]: '300',
      [column('Estado')]: 'Activo',
      [column('Inicio de Vigencia')]: '01/12/2026',
      [column('ID Sucursal')]: '1',
    });
    expect(rows[1]![column('Descripción')]).toBe('Incremento de renta, año 2');
  });

  it('respects the search, and is scoped: another branch 403, admins a chosen branch or all', async () => {
    const ids = async (query: string, token = agent) => {
      const { rows, column } = readCsvExport(await get(`/api/addendum/export?${query}`, token));
      return rows.map((row) => Number(row[column('ID Addendum')]));
    };
    expect(await ids('q=MASCOTAS')).toEqual([created.pet!.id]);
    expect(await ids('q=avila')).toEqual([created.pet!.id, created.rent!.id]);
    expect(await ids('branchId=2', admin)).toEqual([created.other!.id]);
    expect(await ids('', admin)).toEqual([created.other!.id, created.pet!.id, created.rent!.id]);
    expect((await get('/api/addendum/export?branchId=2', agent)).statusCode).toBe(403);
  });

  it('writes XLSX too; 401 without a token, 400 for a bad format', async () => {
    const response = await get('/api/addendum/export?format=xlsx', agent);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Addendums')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe('Cláusula de mascotas "Firulais"');
    expect(sheet.getRow(2).getCell(4).value).toBe(300);
    expect((await get('/api/addendum/export')).statusCode).toBe(401);
    const bad = await get('/api/addendum/export?format=ods', agent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'format' })]);
  });
});
