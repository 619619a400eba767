import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Invoice } from '@portal/domain';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';
import { sweepUnreferencedFiles } from '../files/index';
import { companyRequest, feePayment, invoiceRows, invoicingContext, issuedInvoice, REJECTED_RFC, requestInvoice } from './invoices.test-helpers';

let env: Awaited<ReturnType<typeof invoicingContext>>;
let ctx: TestContext;
let agent: string;
let approver: string;
let otherBranchManager: string;

beforeAll(async () => {
  env = await invoicingContext({ stampDelayMs: 150 });
  ctx = env.ctx;
  [agent, approver, otherBranchManager] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'manager', 2)]);
});
afterAll(() => env.close());

const invoicePosts = () => env.facturapi.requests.filter((request) => request.method === 'POST' && request.path === '/v2/invoices');

describe('POST /api/fee-payments/{id}/invoice', () => {
  it('issues the CFDI through the PAC, with the fee split as the quote did, and keeps its XML and PDF', async () => {
    const { policyId, paymentId } = await feePayment(ctx, agent);
    const key = crypto.randomUUID();
    const response = await requestInvoice(ctx, agent, paymentId, companyRequest(), key);
    expect(response.statusCode, response.body).toBe(201);
    const invoice = json<Invoice>(response);
    expect(invoice).toMatchObject({
      policyId,
      feePaymentId: paymentId,
      state: 'valid',
      livemode: false,
      series: 'F',
      customer: { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxSystem: '601', zip: '42501' },
      use: 'G03',
      paymentForm: '03',
      paymentMethod: 'PUE',
      productKey: '80121704',
      subtotal: '6475.00',
      iva: '1036.00',
      total: '7511.00',
      cancellationStatus: null,
    });
    expect(invoice.uuid).toMatch(/^[0-9A-F-]{36}$/);

    // What the PAC was sent: the customer inline, one concept before IVA, IVA 16 %, our key as external_id.
    const sent = invoicePosts().at(-1)!;
    expect(sent.authorization).toBe('Bearer sk_test_portal_de_polizas');
    expect(sent.body).toMatchObject({
      customer: { legal_name: 'ESCUELA KEMPER URGATE', tax_id: 'EKU9003173C9', tax_system: '601', address: { zip: '42501' } },
      items: [{ quantity: 1, product: { product_key: '80121704', unit_key: 'E48', price: 6475, tax_included: false, taxes: [{ type: 'IVA', rate: 0.16 }] } }],
      use: 'G03',
      payment_form: '03',
      payment_method: 'PUE',
      external_id: key,
    });
    expect(env.facturapi.invoices().at(-1)!.total).toBe(7511);

    const [row] = await invoiceRows(ctx, paymentId);
    expect(row!.xml_stored_name).toMatch(/\.xml$/);
    expect(row!.pdf_stored_name).toMatch(/\.pdf$/);
    const requestsBefore = env.facturapi.requests.length;
    const xml = await ctx.app.inject({ url: `/api/invoices/${invoice.id}/xml`, headers: bearer(approver) });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain(`UUID="${invoice.uuid}"`);
    expect(xml.body).toContain('Version="4.0"');
    const pdf = await ctx.app.inject({ url: `/api/invoices/${invoice.id}/pdf`, headers: bearer(agent) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`factura_F${invoice.folioNumber}_${invoice.uuid}.pdf`);
    expect((await pdfPages(pdf.rawPayload)).join(' ')).toContain(invoice.uuid!);
    // Served from the store: the PAC was not asked again.
    expect(env.facturapi.requests.length).toBe(requestsBefore);

    // The sweep of files no row names keeps them.
    const sweep = await sweepUnreferencedFiles(ctx.app.db, ctx.app.files, { olderThanMs: 0, dryRun: true, now: Date.now() + 60_000 });
    expect(sweep.unreferenced).not.toContain(row!.xml_stored_name);
    expect(sweep.unreferenced).not.toContain(row!.pdf_stored_name);

    const listed = await ctx.app.inject({ url: `/api/policy/${policyId}/invoices`, headers: bearer(approver) });
    expect(json<Invoice[]>(listed).map((each) => each.id)).toEqual([invoice.id]);
  });

  it('invoices a partial payment to the centavo: 1000.00 → 862.07 + 137.93, cash declared as 01', async () => {
    const { paymentId } = await feePayment(ctx, agent, '1000.00', 'cash');
    const invoice = await issuedInvoice(ctx, agent, paymentId);
    expect(invoice).toMatchObject({ subtotal: '862.07', iva: '137.93', total: '1000.00', paymentForm: '01' });
    expect(invoicePosts().at(-1)!.body).toMatchObject({ items: [{ product: { price: 862.07 } }], payment_form: '01' });
    expect(env.facturapi.invoices().at(-1)!.total).toBe(1000);
  });

  it('makes one invoice of two clicks: the same key answers the same invoice, and one request reaches the PAC', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const key = crypto.randomUUID();
    const before = invoicePosts().length;
    const first = await requestInvoice(ctx, agent, paymentId, companyRequest(), key);
    const again = await requestInvoice(ctx, agent, paymentId, companyRequest(), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(json<Invoice>(again)).toEqual(json<Invoice>(first));
    expect(invoicePosts().length - before).toBe(1);
  });

  it('makes one invoice of two clicks at once: the second hears it is being stamped, then gets it', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const key = crypto.randomUUID();
    const before = invoicePosts().length;
    const answers = await Promise.all([requestInvoice(ctx, agent, paymentId, companyRequest(), key), requestInvoice(ctx, agent, paymentId, companyRequest(), key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ code: 'conflict', message: 'La factura se está timbrando' });
    expect(invoicePosts().length - before).toBe(1);
    expect(await invoiceRows(ctx, paymentId)).toHaveLength(1);
    expect((await requestInvoice(ctx, agent, paymentId, companyRequest(), key)).statusCode).toBe(200);
  });

  it('refuses a second invoice of a payment that has one standing (another key: another click, another day)', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    await issuedInvoice(ctx, agent, paymentId);
    const second = await requestInvoice(ctx, agent, paymentId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('El pago ya tiene una factura vigente: cancélela antes de emitir otra');
  });

  it('requires the Idempotency-Key header, naming it', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const response = await requestInvoice(ctx, agent, paymentId, companyRequest(), null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('Idempotency-Key'), details: [{ field: 'Idempotency-Key' }] });
  });

  it('refuses an RFC whose check digit is wrong, a régimen of the other kind of person and a uso the régimen may not ask for', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const before = invoicePosts().length;
    const cases = [
      { customer: { ...companyRequest().customer, rfc: 'EKU9003173C8' }, field: 'customer.rfc', words: 'RFC' },
      { customer: { ...companyRequest().customer, rfc: 'ABC-123' }, field: 'customer.rfc', words: 'RFC' },
      { customer: { ...companyRequest().customer, rfc: 'COSC8001137NA', legalName: 'Carlos Cortés' }, field: 'customer.taxSystem', words: 'régimen fiscal' },
      { customer: { ...companyRequest().customer, rfc: 'COSC8001137NA', taxSystem: '605' }, use: 'G03', field: 'use', words: 'uso del CFDI' },
      { customer: { ...companyRequest().customer, zip: '4250' }, field: 'customer.zip', words: 'código postal' },
    ];
    for (const { field, words, ...body } of cases) {
      const response = await requestInvoice(ctx, agent, paymentId, { use: 'G03', ...body });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toContain(words);
      expect(response.json().details[0].field).toBe(field);
    }
    expect(invoicePosts().length).toBe(before);
    expect(await invoiceRows(ctx, paymentId)).toEqual([]);
  });

  it('shows the PAC’s refusal in Spanish, leaves no invoice behind and keeps the payment', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const body = { ...companyRequest(), customer: { ...companyRequest().customer, rfc: REJECTED_RFC } };
    const response = await requestInvoice(ctx, agent, paymentId, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'El PAC rechazó la factura: El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.',
      details: [{ field: 'customer.rfc' }],
    });
    expect(await invoiceRows(ctx, paymentId)).toEqual([]);
    const payments = rowsOf(await ctx.app.db.execute(sql`select id from fee_payments where id = ${paymentId}`));
    expect(payments).toHaveLength(1);
    // Corrected, the same payment is invoiced.
    expect((await requestInvoice(ctx, agent, paymentId)).statusCode).toBe(201);
  });

  it('refuses a reversed payment (409)', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    await ctx.app.db.execute(sql`insert into fee_payment_reversals (payment_id, reason) values (${paymentId}, 'Cheque sin fondos')`);
    const response = await requestInvoice(ctx, agent, paymentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('El pago fue revertido: no se puede facturar');
  });

  it('answers 401 without a session, 403 to an approver, 404 for another branch’s payment', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/fee-payments/${paymentId}/invoice`, headers: { 'idempotency-key': 'k' }, payload: companyRequest() });
    expect(anonymous.statusCode).toBe(401);
    expect((await requestInvoice(ctx, approver, paymentId)).statusCode).toBe(403);
    const other = await requestInvoice(ctx, otherBranchManager, paymentId);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('El pago no existe');
    expect((await ctx.app.inject({ url: `/api/policy/${(await feePayment(ctx, agent)).policyId}/invoices`, headers: bearer(otherBranchManager) })).statusCode).toBe(404);
  });

  it('serves another branch’s invoice files to nobody there (404)', async () => {
    const { paymentId } = await feePayment(ctx, agent);
    const invoice = await issuedInvoice(ctx, agent, paymentId);
    expect((await ctx.app.inject({ url: `/api/invoices/${invoice.id}/xml`, headers: bearer(otherBranchManager) })).statusCode).toBe(404);
  });

  it('says invoicing is on, with a test key', async () => {
    const response = await ctx.app.inject({ url: '/api/invoices/settings', headers: bearer(approver) });
    expect(response.json()).toEqual({ enabled: true, testMode: true, provider: 'facturapi' });
  });
});

describe('without FACTURAPI_KEY', () => {
  it('says invoicing is not configured (503) and asks nobody', async () => {
    const off = await createTestContext();
    try {
      const token = await tokenFor(off, 'agent', 1);
      const { paymentId } = await feePayment(off, token);
      const response = await requestInvoice(off, token, paymentId, {});
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'service_unavailable', message: 'La facturación no está configurada' });
      expect((await off.app.inject({ url: '/api/invoices/settings', headers: bearer(token) })).json()).toEqual({ enabled: false, testMode: false, provider: null });
    } finally {
      await off.close();
    }
  });
});
