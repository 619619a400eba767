import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDate, type InvoiceList } from '@portal/domain';
import { bearer, json, tokenFor, type TestContext } from '../../test/app';
import { readCsvExport } from '../../test/csv';
import { feePayment, invoicingContext, issuedInvoice } from './invoices.test-helpers';

let env: Awaited<ReturnType<typeof invoicingContext>>;
let ctx: TestContext;
let agent: string;
let manager: string;
let admin: string;
let otherBranchManager: string;
let month: string;
let ids: { valid: number; canceled: number; lastMonth: number; otherBranch: number };

beforeAll(async () => {
  env = await invoicingContext();
  ctx = env.ctx;
  [agent, manager, admin, otherBranchManager] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'admin', 1), tokenFor(ctx, 'manager', 2)]);
  month = businessDate().slice(0, 7);
  const invoiceOf = async (token: string, amount = '7511.00') => issuedInvoice(ctx, token, (await feePayment(ctx, token, amount)).paymentId);
  const valid = await invoiceOf(agent);
  const canceled = await invoiceOf(agent, '1000.00');
  const lastMonth = await invoiceOf(agent);
  const otherBranch = await invoiceOf(await tokenFor(ctx, 'agent', 2));
  await ctx.app.inject({ method: 'POST', url: `/api/invoices/${canceled.id}/cancel`, headers: bearer(manager), payload: { motive: '03' } });
  await ctx.app.db.execute(sql`update invoices set issued_at = issued_at - interval '40 days' where id = ${lastMonth.id}`);
  ids = { valid: valid.id, canceled: canceled.id, lastMonth: lastMonth.id, otherBranch: otherBranch.id };
});
afterAll(() => env.close());

const list = (query: string, token = manager) => ctx.app.inject({ url: `/api/invoices?${query}`, headers: bearer(token) });

describe('GET /api/invoices', () => {
  it('lists the month’s invoices of the manager’s branch, issued and cancelled, with their totals', async () => {
    const response = await list(`month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<InvoiceList>(response);
    expect(body.rows.map((row) => row.id)).toEqual([ids.valid, ids.canceled]);
    expect(body.valid).toEqual({ count: 1, total: '7511.00' });
    expect(body.canceled).toEqual({ count: 1, total: '1000.00' });
    expect(body.rows[0]).toMatchObject({ branchId: 1, policyFolio: expect.any(String), branchName: expect.any(String) });
    expect(json<InvoiceList>(await list(`month=${month}&state=canceled`)).rows.map((row) => row.id)).toEqual([ids.canceled]);
  });

  it('lets an admin see every branch or one', async () => {
    expect(json<InvoiceList>(await list(`month=${month}`, admin)).rows.map((row) => row.id)).toEqual([ids.valid, ids.canceled, ids.otherBranch]);
    expect(json<InvoiceList>(await list(`month=${month}&branchId=2`, admin)).rows.map((row) => row.id)).toEqual([ids.otherBranch]);
  });

  it('exports the same rows as CSV', async () => {
    const response = await list(`month=${month}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`facturas_${month}_`);
    const csv = readCsvExport(response);
    expect(csv.header).toContain('Folio fiscal (UUID)');
    expect(csv.rows).toHaveLength(2);
    expect(csv.rows[1]![csv.column('Estado')]).toBe('Cancelada (prueba)');
    expect(csv.rows[0]![csv.column('Total')]).toBe('7511.00');
  });

  it('refuses a bad month (400), an agent (403) and another branch to a manager (403)', async () => {
    const bad = await list('month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('month');
    expect((await list(`month=${month}`, agent)).statusCode).toBe(403);
    expect((await list(`month=${month}&branchId=1`, otherBranchManager)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/invoices' })).statusCode).toBe(401);
  });
});
