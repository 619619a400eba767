import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { billingReportSchema, businessDate, feeCollectionsSchema, type BillingReport, type PolicyFee } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { readCsvExport } from '../../test/csv';
import { feeHelpers, refusal } from './fees.test-helpers';

// The real clock: quotes and reversals are dated by the database, so the report reads this month.
const today = businessDate();
const month = today.slice(0, 7);

let ctx: TestContext;
let admin: string;
let manager: string;
let agent: string;
let otherAgent: string;
const { policyAt, pay, editFee, reverse } = feeHelpers(() => ctx);

/** An invoice as the invoices' work leaves it (issued, or issued and cancelled), for the report's counts. */
async function invoiceRow(policyId: number, paymentId: number, total: string, state: 'valid' | 'canceled') {
  await ctx.testDb.database.db.execute(sql`
    insert into invoices (policy_id, fee_payment_id, branch_id, state, idempotency_key, provider, customer_rfc, customer_legal_name,
                          customer_tax_system, customer_zip, use, payment_form, product_key, description, subtotal, iva, total, issued_at, canceled_at)
    values (${policyId}, ${paymentId}, 1, ${state}, ${`k-${paymentId}-${state}`}, 'facturapi', 'EKU9003173C9', 'ESCUELA KEMPER URGATE', '601', '26015', 'G03', '03',
            '80131500', 'Honorarios', ${total}, '0', ${total}, now(), ${state === 'canceled' ? sql`now()` : null})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, agent, otherAgent] = await Promise.all([tokenFor(ctx, 'admin', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'agent', 2)]);
  // Branch 1: three fees quoted this month (7,511.00; 4,060.00 discounted to 3,480.00; 4,060.00).
  const first = await policyAt(agent, '18500.00');
  const second = await policyAt(agent, '5000.00');
  const third = await policyAt(agent, '10000.00');
  const firstPayment = json<PolicyFee>(await pay(first.id, agent, { amount: '3000', receivedOn: today, method: 'transfer' })).payments[0]!.id;
  expect((await editFee(second.id, manager, { discount: '500', discountReason: 'Promoción de apertura' })).statusCode).toBe(200);
  const secondPayment = json<PolicyFee>(await pay(second.id, agent, { amount: '3480', receivedOn: today, method: 'cash' })).payments[0]!.id;
  const thirdPayment = json<PolicyFee>(await pay(third.id, agent, { amount: '1000', receivedOn: today, method: 'card' })).payments[0]!.id;
  expect((await reverse(thirdPayment, manager, { reason: 'Cargo rechazado' })).statusCode).toBe(200);
  await invoiceRow(second.id, secondPayment, '3480.00', 'valid');
  await invoiceRow(first.id, firstPayment, '3000.00', 'canceled');
  // Branch 2: one fee quoted, nothing paid.
  await policyAt(otherAgent, '18500.00');
});
afterAll(() => ctx.close());

const report = (query: string, token = admin) => ctx.app.inject({ url: `/api/reports/billing?${query}`, headers: bearer(token) });

describe('the billing report', () => {
  it('adds up a branch’s month: quoted, collected less reversals, pending, discounts, invoices', async () => {
    const response = await report(`month=${month}&branchId=1`, manager);
    expect(response.statusCode, response.body).toBe(200);
    const body = billingReportSchema.strict().parse(json(response));
    expect(body.branches).toHaveLength(1);
    const [branch] = body.branches;
    expect(branch).toMatchObject({
      branchId: 1,
      quoted: { count: 3, subtotal: '12975.00', iva: '2076.00', total: '15051.00' },
      collected: { received: '7480.00', reversed: '1000.00', net: '6480.00' },
      pending: { count: 2, amount: '8571.00' },
      discounts: { count: 1, amount: '500.00' },
      invoices: { issued: { count: 2, total: '6480.00' }, cancelled: { count: 1, total: '3000.00' } },
    });
    expect(branch!.discountItems).toEqual([expect.objectContaining({ amount: '500.00', reason: 'Promoción de apertura' })]);
    expect(branch!.discountItems[0]!.by).not.toBe('');
  });

  it('gives an admin every branch with the totals, and an empty month zeros', async () => {
    const body = json<BillingReport>(await report(`month=${month}`));
    expect(body.branches.map((branch) => branch.branchId).sort()).toEqual([1, 2, 3]);
    expect(body.totals.quoted).toEqual({ count: 4, subtotal: '19450.00', iva: '3112.00', total: '22562.00' });
    expect(body.totals.pending).toEqual({ count: 3, amount: '16082.00' });
    const empty = json<BillingReport>(await report('month=2020-01&branchId=1'));
    expect(empty.branches[0]).toMatchObject({ quoted: { count: 0, total: '0.00' }, collected: { net: '0.00' }, pending: { count: 0 }, discountItems: [] });
  });

  it('exports the same figures as CSV, one row per branch and the total', async () => {
    const response = await report(`month=${month}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`facturacion_${month}`);
    const csv = readCsvExport(response);
    const total = csv.rows.find((row) => row[csv.column('Sucursal')] === 'Total')!;
    expect(total[csv.column('Total cotizado')]).toBe('22562.00');
    expect(total[csv.column('Cobrado neto')]).toBe('6480.00');
    expect(total[csv.column('Facturas canceladas')]).toBe('1');
    expect(csv.rows).toHaveLength(4);
    const xlsx = await report(`month=${month}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for managers and admins: 401, 403 for an agent or another branch, 400 naming the month', async () => {
    expect((await ctx.app.inject({ url: `/api/reports/billing?month=${month}` })).statusCode).toBe(401);
    expect((await report(`month=${month}`, agent)).statusCode).toBe(403);
    expect((await report(`month=${month}&branchId=2`, manager)).statusCode).toBe(403);
    expect((await report(`month=${month}&branchId=999`)).statusCode).toBe(404);
    expect(refusal(await report('month=2027-13'))).toMatchObject({ status: 400, fields: ['month'] });
  });
});

describe('the dashboard’s collections card', () => {
  it('shows the month’s net collections against what is pending, by branch scope', async () => {
    const mine = feeCollectionsSchema.parse(json(await ctx.app.inject({ url: '/api/fees/collections', headers: bearer(manager) })));
    expect(mine).toEqual({ month, collected: '6480.00', pending: '8571.00', pendingPolicies: 2 });
    const all = json(await ctx.app.inject({ url: '/api/fees/collections', headers: bearer(admin) }));
    expect(all).toMatchObject({ collected: '6480.00', pending: '16082.00', pendingPolicies: 3 });
    expect((await ctx.app.inject({ url: '/api/fees/collections', headers: bearer(agent) })).statusCode).toBe(403);
  });
});
