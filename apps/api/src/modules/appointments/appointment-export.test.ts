import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentFormValues } from '@portal/domain';
import { ADMIN, bearer, createTestContext, json, login, signInAs, type TestContext } from '../../test/app';
import { readCsvExport, utf8Bom } from '../../test/csv';

/** GET /api/appo/export (issue 14): every appointment the list's search selects, as CSV or XLSX. */

let ctx: TestContext;
let admin: string;
let agent: { id: number; token: string };
let santaFeAgent: { id: number; token: string };
const created: Record<string, Appointment> = {};

const get = (url: string, token?: string) => ctx.app.inject({ url, headers: token ? bearer(token) : {} });

async function create(token: string, overrides: Partial<AppointmentFormValues>): Promise<Appointment> {
  const payload: AppointmentFormValues = {
    title: 'Firma de contrato — Durango 214',
    description: 'Traer identificación oficial',
    date: '2026-12-03',
    startTime: '10:00',
    endTime: '11:30',
    location: 'Sucursal Polanco, sala 2',
    type: 'signature',
    attendees: [{ name: 'Lucía Hernández', email: 'lucia@example.mx', role: 'tenant' }],
    ...overrides,
  };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/appo', headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(201);
  return json<Appointment>(response);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, santaFeAgent] = await Promise.all([signInAs(ctx, 'agent', 1), signInAs(ctx, 'agent', 2)]);
  created.early = await create(agent.token, { date: '2026-12-03', startTime: '09:00' });
  created.late = await create(agent.token, { title: 'Inspección en Coyoacán', type: 'inspection', date: '2026-12-10', attendees: [] });
  created.other = await create(santaFeAgent.token, { title: 'Otra sucursal' });
});
afterAll(() => ctx.close());

describe('GET /api/appo/export', () => {
  it('streams the branch’s appointments as CSV in the list’s order (newest first), accents intact', async () => {
    const response = await get('/api/appo/export', agent.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="citas_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 3)).toEqual(utf8Bom);
    const { header, rows, column } = readCsvExport(response);
    expect(header.slice(0, 4)).toEqual(['Título', 'Fecha', 'Hora de inicio', 'Hora de fin']);
    expect(header.slice(-3)).toEqual(['ID Cita', 'ID Sucursal', 'ID Usuario']);
    expect(rows.map((row) => Number(row[column('ID Cita')]))).toEqual([created.late!.id, created.early!.id]);
    expect(rows[0]).toMatchObject({ [column('Título')]: 'Inspección en Coyoacán', [column('Tipo')]: 'Inspección del inmueble', [column('Fecha')]: '10/12/2026' });
    expect(rows[1]).toMatchObject({
      [column('Título')]: 'Firma de contrato — Durango 214',
      [column('Estatus')]: 'Pendiente',
      [column('Asistentes')]: 'Lucía Hernández (Inquilino) <lucia@example.mx>',
      [column('Ubicación')]: 'Sucursal Polanco, sala 2',
      [column('ID Usuario')]: String(agent.id),
    });
  });

  it('respects the search, and is scoped: another branch 403, admins a chosen branch or all', async () => {
    const ids = async (query: string, token = agent.token) => {
      const { rows, column } = readCsvExport(await get(`/api/appo/export?${query}`, token));
      return rows.map((row) => Number(row[column('ID Cita')]));
    };
    expect(await ids('q=LUCIA')).toEqual([created.early!.id]);
    expect(await ids('q=coyoacan')).toEqual([created.late!.id]);
    expect(await ids('branchId=2', admin)).toEqual([created.other!.id]);
    expect((await ids('', admin)).sort()).toEqual([created.early!.id, created.late!.id, created.other!.id].sort());
    expect((await get('/api/appo/export?branchId=2', agent.token)).statusCode).toBe(403);
  });

  it('writes XLSX too; 401 without a token, 400 for a bad format', async () => {
    const response = await get('/api/appo/export?format=xlsx', agent.token);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Citas')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Inspección en Coyoacán');
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date('2026-12-10T00:00:00Z'));
    expect((await get('/api/appo/export')).statusCode).toBe(401);
    expect((await get('/api/appo/export?format=txt', agent.token)).statusCode).toBe(400);
  });
});
