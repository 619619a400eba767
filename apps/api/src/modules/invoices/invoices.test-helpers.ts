import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Invoice, InvoiceRequest } from '@portal/domain';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, type TestContext } from '../../test/app';
import { startFacturapiServer } from '../../test/facturapi-server';
import { insertFeePayment, insertPolicyFee } from '../../test/fees';
import { newPolicy } from '../../test/policies';

/** The RFC the fake SAT refuses as not registered (a valid one by form and check digit). */
export const REJECTED_RFC = 'URE180429TM6';

/** A company asking for its invoice: the SAT's test RFC, régimen general, gastos en general. */
export const companyRequest = (): InvoiceRequest => ({
  customer: { rfc: 'EKU9003173C9', legalName: 'Escuela Kemper Urgate, S.A. de C.V.', taxSystem: '601', zip: '42501' },
  use: 'G03',
});

/** The app with invoicing on, pointed at a Facturapi-speaking server on loopback. */
export async function invoicingContext(options: Parameters<typeof startFacturapiServer>[0] = {}) {
  const facturapi = await startFacturapiServer({ rejectRfc: REJECTED_RFC, ...options });
  const ctx = await createTestContext({ FACTURAPI_KEY: 'sk_test_portal_de_polizas', FACTURAPI_URL: facturapi.url });
  return {
    ctx,
    facturapi,
    async close() {
      await ctx.close();
      await facturapi.stop();
    },
  };
}

/** A policy of the token's branch with the básica fee and one payment of `amount`: the payment's id and the policy's. */
export async function feePayment(ctx: TestContext, token: string, amount = '7511.00', method = 'transfer') {
  const policy = await newPolicy(ctx, { token });
  await insertPolicyFee(ctx.app.db, policy.id);
  const paymentId = await insertFeePayment(ctx.app.db, policy.id, amount, '2026-11-20', method);
  return { policyId: policy.id, paymentId };
}

export function requestInvoice(ctx: TestContext, token: string, paymentId: number, body: unknown = companyRequest(), key: string | null = crypto.randomUUID()) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/fee-payments/${paymentId}/invoice`,
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body as object,
  });
}

/** An invoice issued (201), or the test fails with the answer. */
export async function issuedInvoice(ctx: TestContext, token: string, paymentId: number, body: unknown = companyRequest()): Promise<Invoice> {
  const response = await requestInvoice(ctx, token, paymentId, body);
  if (response.statusCode !== 201) throw new Error(`invoice failed ${response.statusCode}: ${response.body}`);
  return response.json<Invoice>();
}

export async function invoiceRows(ctx: TestContext, paymentId: number) {
  return rowsOf<{ id: number; state: string; xml_stored_name: string | null; pdf_stored_name: string | null }>(
    await ctx.app.db.execute(sql`select id, state, xml_stored_name, pdf_stored_name from invoices where fee_payment_id = ${paymentId} order by id`),
  );
}
