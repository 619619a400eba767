import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrokerStatement, CommissionPayout, CommissionsReport } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { readCsvExport } from '../../test/csv';
import { pdfPages } from '../../test/pdf-text';
import { createBroker, entriesOf, policyWithBroker, recordFeePayment } from './brokers.test-helpers';

// The monthly statement and 'Comisiones por pagar' (issue 34). 'Today' is 15 March 2027.
const NOW = new Date('2027-03-15T18:00:00Z');

let ctx: TestContext;
let manager: string;
let agent: string;
let admin: string;
let otherManager: string;
let brokerId: number;
let brokerName: string;
let folio: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [manager, agent, admin, otherManager] = await Promise.all([tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'admin', 1), tokenFor(ctx, 'manager', 2)]);
  // January: half the fee, paid out on 5 February with withholdings; February: the other half, owed.
  const broker = await createBroker(ctx, manager, { kind: 'asesor', name: 'Laura Gómez', rfc: 'COSC8001137NA', commissionIvaPercent: '16', isrWithholdingPercent: '10', ivaWithholdingPercent: '10.67' });
  brokerId = broker.id;
  brokerName = broker.name;
  const policy = await policyWithBroker(ctx, agent, broker.id);
  folio = policy.investigationId;
  await recordFeePayment(ctx, policy.id, '3755.50', '2027-01-10');
  const [entry] = await entriesOf(ctx, policy.id);
  const paid = await ctx.app.inject({ method: 'POST', url: `/api/brokers/${brokerId}/payouts`, headers: bearer(manager), payload: { entryIds: [entry!.id], paidOn: '2027-02-05', reference: 'SPEI 2502' } });
  expect(json<CommissionPayout>(paid).net).toBe('617.26');
  await recordFeePayment(ctx, policy.id, '3755.50', '2027-02-20');
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const statement = (month: string, format = '', token = manager, id = brokerId) =>
  ctx.app.inject({ url: `/api/brokers/${id}/statement?month=${month}${format ? `&format=${format}` : ''}`, headers: bearer(token) });

describe('GET /api/brokers/{id}/statement', () => {
  it('gives the month’s fees collected, commission earned, paid (with withholdings) and owed at its end', async () => {
    const january = json<BrokerStatement>(await statement('2027-01'));
    expect(january).toMatchObject({ month: '2027-01', from: '2027-01-01', to: '2027-01-31' });
    expect(january.rows).toEqual([expect.objectContaining({ folio, collected: '3755.50', earned: '647.50', paid: '0.00', owed: '647.50' })]);
    expect(january.rows[0]!.tenantNames).not.toBe('');
    expect(january.rows[0]!.address).toContain('C.P.');

    const february = json<BrokerStatement>(await statement('2027-02'));
    expect(february.rows).toEqual([expect.objectContaining({ collected: '3755.50', earned: '647.50', paid: '647.50', owed: '647.50' })]);
    expect(february.payouts.map((payout) => [payout.reference, payout.gross, payout.iva, payout.isrWithheld, payout.ivaWithheld, payout.net])).toEqual([
      ['SPEI 2502', '647.50', '103.60', '64.75', '69.09', '617.26'],
    ]);
    expect(february.totals).toEqual({ collected: '3755.50', earned: '647.50', paid: '647.50', owed: '647.50', iva: '103.60', isrWithheld: '64.75', ivaWithheld: '69.09', net: '617.26' });
    expect(json<BrokerStatement>(await statement('2027-04')).rows).toEqual([expect.objectContaining({ collected: '0.00', earned: '0.00', owed: '647.50' })]);
  });

  it('draws the PDF (read back) and the CSV', async () => {
    const pdf = await statement('2027-02', 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('comisiones_laura-gomez_2027-02.pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    for (const expected of ['ESTADO DE CUENTA DE COMISIONES', 'Laura Gómez', 'COSC8001137NA', 'febrero 2027', folio, '$3,755.50', 'SPEI 2502', '$617.26', 'Retención de ISR (10.00 %): $64.75', 'Por pagar al cierre del mes: $647.50']) {
      expect(text).toContain(expected);
    }

    const csv = readCsvExport(await statement('2027-02', 'csv'));
    expect(csv.header.slice(0, 3)).toEqual(['Concepto', 'Póliza o referencia', 'Fecha']);
    const byConcept = (concept: string) => csv.rows.find((row) => row[0] === concept)!;
    expect(byConcept('Póliza')[csv.column('Póliza o referencia')]).toBe(folio);
    expect(byConcept('Póliza')[csv.column('Honorarios cobrados')]).toBe('3755.50');
    expect(byConcept('Pago de comisiones')[csv.column('Retención IVA')]).toBe('69.09');
    expect(byConcept('Pago de comisiones')[csv.column('Fecha')]).toBe('05/02/2027');
    expect(byConcept('Total')[csv.column('Por pagar')]).toBe('647.50');
    expect(byConcept('Total')[csv.column('Neto transferido')]).toBe('617.26');
  });

  it('answers 400 on a bad month or format, 401, 403 to agents, 404 to another branch', async () => {
    const bad = await statement('2027-13');
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toContain('Mes');
    expect((await statement('2027-02', 'docx')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/brokers/${brokerId}/statement?month=2027-02` })).statusCode).toBe(401);
    expect((await statement('2027-02', '', agent)).statusCode).toBe(403);
    expect((await statement('2027-02', '', otherManager)).statusCode).toBe(404);
  });
});

describe('GET /api/reports/commissions', () => {
  const report = (query: string, token = manager) => ctx.app.inject({ url: `/api/reports/commissions${query}`, headers: bearer(token) });

  it('gives each broker’s earned and paid in the month and owed at its end, with totals; exports CSV and XLSX', async () => {
    const february = json<CommissionsReport>(await report('?month=2027-02'));
    expect(february.rows).toEqual([expect.objectContaining({ brokerId, name: brokerName, earned: '647.50', paid: '647.50', owed: '647.50' })]);
    expect(february.totals).toEqual({ earned: '647.50', paid: '647.50', owed: '647.50' });
    expect(json<CommissionsReport>(await report('?month=2027-02', otherManager)).rows).toEqual([]);
    expect(json<CommissionsReport>(await report('?month=2027-02&branchId=1', admin)).rows).toHaveLength(1);

    const csv = readCsvExport(await report('?month=2027-02&format=csv'));
    expect(csv.rows).toEqual([[brokerName, 'Asesor inmobiliario', expect.any(String), '647.50', '647.50', '647.50', String(brokerId)]]);
    const xlsx = await report('?month=2027-02&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('answers 400 without a month, 401, 403 to agents and to a manager asking for another branch', async () => {
    expect((await report('')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/reports/commissions?month=2027-02' })).statusCode).toBe(401);
    expect((await report('?month=2027-02', agent)).statusCode).toBe(403);
    expect((await report('?month=2027-02&branchId=2')).statusCode).toBe(403);
  });
});
