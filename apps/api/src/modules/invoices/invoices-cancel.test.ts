import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Invoice } from '@portal/domain';
import { insertFeePayment } from '../../test/fees';
import { bearer, json, tokenFor, type TestContext } from '../../test/app';
import { feePayment, invoicingContext, issuedInvoice } from './invoices.test-helpers';

let env: Awaited<ReturnType<typeof invoicingContext>>;
let ctx: TestContext;
let agent: string;
let manager: string;
let otherBranchManager: string;

beforeAll(async () => {
  env = await invoicingContext();
  ctx = env.ctx;
  [agent, manager, otherBranchManager] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'manager', 2)]);
});
afterAll(() => env.close());

const cancel = (id: number, body: object, token = manager) => ctx.app.inject({ method: 'POST', url: `/api/invoices/${id}/cancel`, headers: bearer(token), payload: body });
const deletes = () => env.facturapi.requests.filter((request) => request.method === 'DELETE');

async function freshInvoice(): Promise<Invoice> {
  const { paymentId } = await feePayment(ctx, agent);
  return issuedInvoice(ctx, agent, paymentId);
}

describe('POST /api/invoices/{id}/cancel', () => {
  it('cancels with motive 02 at the PAC and keeps who and when; the payment may then be invoiced again', async () => {
    const invoice = await freshInvoice();
    const response = await cancel(invoice.id, { motive: '02' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Invoice>(response)).toMatchObject({ id: invoice.id, state: 'canceled', cancelMotive: '02', cancellationStatus: 'accepted', replacementInvoiceId: null });
    expect(json<Invoice>(response).canceledAt).not.toBeNull();
    expect(deletes().at(-1)!).toMatchObject({ path: `/v2/invoices/${env.facturapi.invoices().find((each) => each.uuid === invoice.uuid)!.id}`, query: { motive: '02' } });
    const again = await cancel(invoice.id, { motive: '02' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La factura ya está cancelada');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/fee-payments/${invoice.feePaymentId}/invoice`, headers: { ...bearer(agent), 'idempotency-key': 'otra-vez-1' }, payload: { customer: invoice.customer, use: 'G03' } })).statusCode).toBe(201);
  });

  it('cancels with motive 01 naming the invoice that replaces it, whose UUID goes to the PAC as the substitution', async () => {
    const wrong = await freshInvoice();
    // The replacement: an invoice of the same policy issued after it (another payment of the fee).
    const paymentId = await insertFeePayment(ctx.app.db, wrong.policyId, '100.00', '2026-11-21');
    const replacement = await issuedInvoice(ctx, agent, paymentId);
    const response = await cancel(wrong.id, { motive: '01', replacementId: replacement.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Invoice>(response)).toMatchObject({ state: 'canceled', cancelMotive: '01', replacementInvoiceId: replacement.id });
    expect(deletes().at(-1)!.query).toEqual({ motive: '01', substitution: replacement.uuid });
  });

  it('refuses motive 01 without a replacement, or with one that does not replace it, naming replacementId', async () => {
    const invoice = await freshInvoice();
    const other = await freshInvoice();
    const before = deletes().length;
    for (const body of [{ motive: '01' }, { motive: '01', replacementId: invoice.id }, { motive: '01', replacementId: other.id }, { motive: '02', replacementId: other.id }]) {
      const response = await cancel(invoice.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[0].field).toBe('replacementId');
    }
    const motive = await cancel(invoice.id, { motive: '05' });
    expect(motive.statusCode).toBe(400);
    expect(motive.json().message).toContain('motivo de cancelación');
    expect(deletes().length).toBe(before);
  });

  it('answers 401 without a session, 403 to an agent, 404 for another branch’s invoice', async () => {
    const invoice = await freshInvoice();
    expect((await ctx.app.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/cancel`, payload: { motive: '02' } })).statusCode).toBe(401);
    expect((await cancel(invoice.id, { motive: '02' }, agent)).statusCode).toBe(403);
    expect((await cancel(invoice.id, { motive: '02' }, otherBranchManager)).statusCode).toBe(404);
    const row = await ctx.app.db.execute(sql`select state from invoices where id = ${invoice.id}`);
    expect(JSON.stringify(row)).toContain('valid');
  });
});

describe('a cancellation the customer must accept', () => {
  it('keeps the invoice Vigente with cancellationStatus pending, and refuses to ask twice', async () => {
    const pending = await invoicingContext({ pendingCancellations: true });
    try {
      const token = await tokenFor(pending.ctx, 'agent', 1);
      const managerToken = await tokenFor(pending.ctx, 'manager', 1);
      const { paymentId } = await feePayment(pending.ctx, token);
      const invoice = await issuedInvoice(pending.ctx, token, paymentId);
      const ask = () => pending.ctx.app.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/cancel`, headers: bearer(managerToken), payload: { motive: '03' } });
      const response = await ask();
      expect(json<Invoice>(response)).toMatchObject({ state: 'valid', cancellationStatus: 'pending', cancelMotive: '03', canceledAt: null });
      const twice = await ask();
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('La cancelación de la factura ya se solicitó y espera respuesta');
      expect(pending.facturapi.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    } finally {
      await pending.close();
    }
  });
});
