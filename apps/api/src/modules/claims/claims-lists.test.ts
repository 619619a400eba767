import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { claimListSchema, claimStatsSchema, type ClaimDetail, type ClaimList, type Policy } from '@portal/domain';
import { accessLog, claimStageLabels } from '../../db/schema/index';
import { json } from '../../test/app';
import { readCsvExport } from '../../test/csv';
import { openClaim } from './service/open';
import { activePolicy, call, daysLater, db, fieldsOf, openCase, useClaimsContext, users, write } from './claims.test-helpers';

// The cases across the office (issue 33): the list with its filters, the next términos first,
// its exports, and the dashboard's cards. 'Today' is 10 March 2027. Branch 1 (Polanco):
//   A opened 29 Jan, the lawyer's, término 13 Mar     D opened 5 Mar, closed (paid) today, a término 1 Mar left pending
//   B opened 28 Feb, nobody's, término 5 Mar (missed)  F opened 9 Jan, no término
//   C opened today, the lawyer's, término 30 Mar       G a draft reported by the owner today
// Branch 2 (Santa Fe): E opened today, término 12 Mar.
useClaimsContext();

const cases: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', { id: number }> = {} as never;
let mine: Policy;
let other: Policy;

async function openOn(policy: Policy, daysAgo: number, body: object, token = users.agent.token): Promise<ClaimDetail> {
  vi.setSystemTime(daysLater(-daysAgo));
  const opened = await openCase(policy.id, body, token);
  vi.setSystemTime(daysLater(0));
  return opened;
}

const deadline = (id: number, dueOn: string, token = users.lawyer.token) => write('POST', `/api/claims/${id}/deadlines`, { dueOn, description: `Término ${dueOn}` }, token, 201);

beforeAll(async () => {
  mine = await activePolicy({ tenantName: 'Ramiro Castañeda' });
  const second = await activePolicy({ tenantName: 'Beatriz Ochoa' });
  other = await activePolicy({ token: users.otherBranchAgent.token });
  cases.A = await openOn(mine, 40, { type: 'non_payment', description: 'A', amountClaimed: '1000', assigneeId: users.lawyer.id });
  cases.B = await openOn(mine, 10, { type: 'property_damage', description: 'B', amountClaimed: '2000' });
  cases.C = await openOn(second, 0, { type: 'subletting', description: 'C', amountClaimed: '3000', assigneeId: users.lawyer.id });
  cases.D = await openOn(second, 5, { type: 'other', description: 'D', amountClaimed: '4000' });
  cases.E = await openOn(other, 0, { type: 'abandonment', description: 'E', amountClaimed: '9000' }, users.otherBranchAgent.token);
  cases.F = await openOn(mine, 60, { type: 'misuse', description: 'F', amountClaimed: '5000' });
  cases.G = { id: await db().transaction((tx) => openClaim(tx, { policyId: second.id, type: 'no_surrender', description: 'G', source: 'owner_link', status: 'draft', amountClaimedCents: 600_000, reportedBy: 'Propietario (por enlace)' }, { userId: null, label: 'Propietario (por enlace)' }, daysLater(0))) };
  await deadline(cases.A.id, '2027-03-13');
  await deadline(cases.B.id, '2027-03-05');
  await deadline(cases.C.id, '2027-03-30');
  await deadline(cases.D.id, '2027-03-06');
  await deadline(cases.E.id, '2027-03-12', users.otherBranchAgent.token);
  await write('POST', `/api/claims/${cases.D.id}/stage`, { stage: 'closed', result: 'paid' });
  for (const movement of [
    { kind: 'recovery', amount: '1000', on: '2027-03-02' },
    { kind: 'recovery', amount: '500', on: '2027-02-27' },
    { kind: 'recovery', amount: '300', on: '2027-03-03' },
    { kind: 'court_fees', amount: '700', on: '2027-03-03' },
  ]) await write('POST', `/api/claims/${cases.A.id}/movements`, movement, users.agent.token, 201);
  const detail = json<ClaimDetail>(await call('GET', `/api/claims/${cases.A.id}`, users.agent.token));
  const wrong = detail.movements.find((row) => row.amount === '300.00')!;
  await write('POST', `/api/claims/movements/${wrong.id}/reverse`, { reason: 'No llegó' }, users.manager.token);
}, 60_000);

async function list(query: string, token = users.agent.token): Promise<ClaimList> {
  const response = await call('GET', `/api/claims${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return claimListSchema.strict().parse(json(response));
}
const ids = (page: ClaimList) => page.items.map((item) => item.id);
const byName = (...names: Array<keyof typeof cases>) => names.map((name) => cases[name].id);

describe('GET /api/claims', () => {
  it("gives the branch's cases, the nearest término first (a missed one first), then the longest open", async () => {
    const page = await list('');
    expect(ids(page)).toEqual(byName('B', 'A', 'C', 'F', 'D', 'G'));
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 50 });
    const [b, a] = page.items;
    expect(b!.nextDeadline).toMatchObject({ dueOn: '2027-03-05', missed: true });
    expect(a).toMatchObject({ nextDeadline: { dueOn: '2027-03-13', missed: false }, assignee: { id: users.lawyer.id, name: 'Ana Pérez' }, daysOpen: 40, amountClaimed: '1000.00', tenantNames: 'Ramiro Castañeda' });
    // A closed case has no next step: its pending término is neither next nor missed.
    expect(page.items.find((item) => item.id === cases.D.id)).toMatchObject({ status: 'closed', nextDeadline: null, daysOpen: 5 });
    expect(page.items.find((item) => item.id === cases.G.id)).toMatchObject({ status: 'draft', source: 'owner_link' });
  });

  it('filters by término this week (or missed), assignee, status, type, stage, days open and a search', async () => {
    expect(ids(await list('?due=week'))).toEqual(byName('B', 'A'));
    expect(ids(await list(`?assignee=${users.lawyer.id}`))).toEqual(byName('A', 'C'));
    expect(ids(await list('?assignee=none'))).toEqual(byName('B', 'F', 'D', 'G'));
    expect(ids(await list('?status=active'))).toEqual(byName('B', 'A', 'C', 'F', 'G'));
    expect(ids(await list('?status=closed'))).toEqual(byName('D'));
    expect(ids(await list('?status=draft'))).toEqual(byName('G'));
    expect(ids(await list('?type=subletting'))).toEqual(byName('C'));
    expect(ids(await list('?stage=closed'))).toEqual(byName('D'));
    expect(ids(await list('?minDaysOpen=30'))).toEqual(byName('A', 'F'));
    expect(ids(await list(`?q=INC-${String(cases.C.id).padStart(5, '0')}`))).toEqual(byName('C'));
    expect(ids(await list('?q=castaneda'))).toEqual(byName('B', 'A', 'F'));
    expect(ids(await list(`?q=${encodeURIComponent(mine.policyNumber)}`))).toEqual(byName('B', 'A', 'F'));
    expect(ids(await list('?q=roberto%20s%C3%A1nchez&due=week'))).toEqual(byName('B', 'A'));
    expect(ids(await list('?sort=opened'))).toEqual(byName('G', 'C', 'D', 'B', 'A', 'F'));
    expect(ids(await list('?sort=amount'))).toEqual(byName('G', 'F', 'D', 'C', 'B', 'A'));
    expect(await list('?page=2')).toMatchObject({ items: [], total: 6, page: 2 });
  });

  it('scopes by branch: another branch is a 403 for others, an admin sees all or the one chosen', async () => {
    expect(ids(await list('', users.otherBranchAgent.token))).toEqual(byName('E'));
    expect((await list('', users.admin.token)).total).toBe(7);
    expect(ids(await list('?branchId=2', users.admin.token))).toEqual(byName('E'));
    expect(ids(await list('?branchId=1', users.approver.token))).toHaveLength(6);
    expect((await call('GET', '/api/claims?branchId=2', users.agent.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/claims?branchId=999', users.admin.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/claims')).statusCode).toBe(401);
    for (const [query, field] of [
      ['?stage=done', 'stage'],
      ['?due=month', 'due'],
      ['?assignee=alguien', 'assignee'],
      ['?minDaysOpen=-1', 'minDaysOpen'],
      ['?format=pdf', 'format'],
      ['?sort=random', 'sort'],
    ] as const) {
      expect(fieldsOf(await call('GET', `/api/claims${query}`, users.agent.token)), query).toEqual([field]);
    }
  });

  it('exports every row as CSV and XLSX, in the access log', async () => {
    const csv = await call('GET', '/api/claims?format=csv&due=week', users.manager.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/incidencias_2027-03-10\.csv/);
    const table = readCsvExport(csv);
    expect(table.header.slice(0, 6)).toEqual(['Incidencia', 'Póliza', 'Sucursal', 'Tipo', 'Etapa', 'Estado']);
    expect(table.rows.map((row) => row[table.column('ID Incidencia')])).toEqual(byName('B', 'A').map(String));
    const b = table.rows[0]!;
    expect([b[table.column('Tipo')], b[table.column('Monto reclamado')], b[table.column('Abierta')], b[table.column('Próximo término')], b[table.column('Término vencido')]]).toEqual([
      'Daños al inmueble',
      '2000.00',
      '28/02/2027',
      '05/03/2027',
      'Sí',
    ]);
    const xlsx = await call('GET', '/api/claims?format=xlsx', users.manager.token);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Incidencias')!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(2).getCell(1).value).toBe(`INC-${String(cases.B.id).padStart(5, '0')}`);
    expect(sheet.getRow(2).getCell(16).value).toEqual(new Date('2027-03-05T00:00:00Z'));
    const logged = await db().select().from(accessLog).where(eq(accessLog.action, 'export'));
    expect(logged.map((row) => row.subject)).toEqual(['Incidencias (CSV), filtros: due=week, sort=next_deadline', 'Incidencias (XLSX), filtros: sort=next_deadline']);
  });
});

describe('GET /api/claims/stats', () => {
  it("counts the branch's open cases, drafts, what the cases not closed claim, and their términos", async () => {
    const stats = async (query: string, token: string) => {
      const response = await call('GET', `/api/claims/stats${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return claimStatsSchema.strict().parse(json(response));
    };
    expect(await stats('', users.approver.token)).toEqual({ open: 4, drafts: 1, amountClaimed: '17000.00', deadlinesThisWeek: 1, missedDeadlines: 1 });
    expect(await stats('', users.otherBranchAgent.token)).toEqual({ open: 1, drafts: 0, amountClaimed: '9000.00', deadlinesThisWeek: 1, missedDeadlines: 0 });
    expect(await stats('', users.admin.token)).toEqual({ open: 5, drafts: 1, amountClaimed: '26000.00', deadlinesThisWeek: 2, missedDeadlines: 1 });
    expect((await stats('?branchId=2', users.admin.token)).open).toBe(1);
    expect((await call('GET', '/api/claims/stats?branchId=2', users.agent.token)).statusCode).toBe(403);
    expect(fieldsOf(await call('GET', '/api/claims/stats?branchId=x', users.admin.token))).toEqual(['branchId']);
    expect((await call('GET', '/api/claims/stats')).statusCode).toBe(401);
  });
});

describe('GET /api/claims/summary', () => {
  const row = (branchName: RegExp, values: object) => expect.objectContaining({ branchName: expect.stringMatching(branchName), ...values });
  const noneClosed = { paid: 0, agreement_fulfilled: 0, property_recovered: 0, withdrawn: 0, uncollectible: 0 };

  it('gives per branch the cases opened and closed in the month, by result, what was recovered and the average days to close', async () => {
    const response = await call('GET', '/api/claims/summary?month=2027-03', users.admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const summary = json(response);
    expect(summary.month).toBe('2027-03');
    expect(summary.rows).toHaveLength(3);
    expect(summary.rows).toEqual(
      expect.arrayContaining([
        // Opened in March: C, D and the draft G; A, B and F before. Recovered: 1,000 (500 was in February, 300 reversed).
        row(/Polanco/, { branchId: 1, opened: 3, closed: 1, closedByResult: { ...noneClosed, paid: 1 }, amountRecovered: '1000.00', averageDaysToClose: 5 }),
        row(/Santa Fe/, { branchId: 2, opened: 1, closed: 0, closedByResult: noneClosed, amountRecovered: '0.00', averageDaysToClose: null }),
      ]),
    );
    const february = json(await call('GET', '/api/claims/summary?month=2027-02', users.manager.token));
    expect(february.rows).toEqual([row(/Polanco/, { opened: 1, closed: 0, amountRecovered: '500.00' })]);
    expect((await call('GET', '/api/claims/summary?month=2027-03&branchId=2', users.manager.token)).statusCode).toBe(403);
    expect(json(await call('GET', '/api/claims/summary?month=2027-03&branchId=2', users.admin.token)).rows).toHaveLength(1);
    expect(fieldsOf(await call('GET', '/api/claims/summary?month=2027-13', users.admin.token))).toEqual(['month']);
    expect(fieldsOf(await call('GET', '/api/claims/summary', users.admin.token))).toEqual(['month']);
    expect((await call('GET', '/api/claims/summary?month=2027-03')).statusCode).toBe(401);
  });

  it('exports the summary as CSV and XLSX', async () => {
    const csv = await call('GET', '/api/claims/summary?month=2027-03&format=csv', users.manager.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/incidencias_resumen_2027-03_2027-03-10\.csv/);
    const table = readCsvExport(csv);
    expect(table.header).toContain('Cerradas: Pagado');
    expect(table.rows).toHaveLength(1);
    expect([table.rows[0]![table.column('Abiertas')], table.rows[0]![table.column('Cerradas: Pagado')], table.rows[0]![table.column('Monto recuperado')], table.rows[0]![table.column('Promedio de días para cerrar')]]).toEqual(['3', '1', '1000.00', '5']);
    const xlsx = await call('GET', '/api/claims/summary?month=2027-03&format=xlsx', users.admin.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Resumen de incidencias')!.rowCount).toBe(4);
  });
});

describe('GET /api/claims/deadlines (the calendar)', () => {
  it("gives the branch's términos between two days, missed ones marked, optionally one assignee's", async () => {
    const response = await call('GET', '/api/claims/deadlines?from=2027-03-01&to=2027-03-31', users.lawyer.token);
    expect(response.statusCode, response.body).toBe(200);
    const entries = json<Array<{ claimId: number; dueOn: string; missed: boolean; claimNumber: string; policyFolio: string; assignee: { id: number } | null }>>(response);
    expect(entries.map((entry) => [entry.claimId, entry.dueOn, entry.missed])).toEqual([
      [cases.B.id, '2027-03-05', true],
      [cases.D.id, '2027-03-06', false],
      [cases.A.id, '2027-03-13', false],
      [cases.C.id, '2027-03-30', false],
    ]);
    expect(entries[2]).toMatchObject({ claimNumber: `INC-${String(cases.A.id).padStart(5, '0')}`, policyFolio: mine.policyNumber, assignee: { id: users.lawyer.id } });
    const lawyers = json<typeof entries>(await call('GET', `/api/claims/deadlines?from=2027-03-01&to=2027-03-31&assignee=${users.lawyer.id}`, users.lawyer.token));
    expect(lawyers.map((entry) => entry.claimId)).toEqual(byName('A', 'C'));
    expect(json<typeof entries>(await call('GET', '/api/claims/deadlines?from=2027-03-10&to=2027-03-13', users.otherBranchAgent.token)).map((entry) => entry.claimId)).toEqual(byName('E'));
    expect(json<typeof entries>(await call('GET', '/api/claims/deadlines?from=2027-03-01&to=2027-03-31', users.admin.token))).toHaveLength(5);
  });

  it('answers 400 for a range backwards or longer than 100 days, 401 without a session', async () => {
    expect(fieldsOf(await call('GET', '/api/claims/deadlines?from=2027-03-10&to=2027-03-01', users.agent.token))).toEqual(['to']);
    expect(fieldsOf(await call('GET', '/api/claims/deadlines?from=2027-01-01&to=2027-04-12', users.agent.token))).toEqual(['to']);
    expect((await call('GET', '/api/claims/deadlines?from=2027-01-01&to=2027-04-11', users.agent.token)).statusCode).toBe(200);
    expect(fieldsOf(await call('GET', '/api/claims/deadlines?from=2027-02-30&to=2027-03-01', users.agent.token))).toEqual(['from']);
    expect((await call('GET', '/api/claims/deadlines?from=2027-03-01&to=2027-03-31')).statusCode).toBe(401);
  });
});

describe('the stages\' labels', () => {
  const defaults = { report: 'Reporte', validation: 'Validación', extrajudicial: 'Gestión extrajudicial', agreement: 'Convenio de pago', lawsuit: 'Demanda', judgment: 'Sentencia', enforcement: 'Ejecución / Lanzamiento', closed: 'Cerrada' };

  it('are read by every role and renamed by admins; a default given back removes the row', async () => {
    const read = await call('GET', '/api/admin/claim-stages', users.approver.token);
    expect(read.statusCode).toBe(200);
    expect(json(read)).toEqual({ labels: defaults });
    const renamed = { ...defaults, report: 'Recepción', lawsuit: 'Juicio' };
    expect((await call('PUT', '/api/admin/claim-stages', users.manager.token, { labels: renamed })).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/claim-stages', users.lawyer.token, { labels: renamed })).statusCode).toBe(403);
    const saved = await call('PUT', '/api/admin/claim-stages', users.admin.token, { labels: renamed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual({ labels: renamed });
    expect((await list('?stage=report')).items.map((item) => item.stageLabel)).toEqual(['Recepción', 'Recepción', 'Recepción', 'Recepción', 'Recepción']);
    expect(json(await call('PUT', '/api/admin/claim-stages', users.admin.token, { labels: defaults }))).toEqual({ labels: defaults });
    expect(await db().select().from(claimStageLabels)).toEqual([]);
    const { closed: _closed, ...missing } = defaults;
    expect(fieldsOf(await call('PUT', '/api/admin/claim-stages', users.admin.token, { labels: missing }))).toEqual(['labels.closed']);
    expect(fieldsOf(await call('PUT', '/api/admin/claim-stages', users.admin.token, { labels: { ...defaults, judgment: '' } }))).toEqual(['labels.judgment']);
    expect((await call('GET', '/api/admin/claim-stages')).statusCode).toBe(401);
  });
});
