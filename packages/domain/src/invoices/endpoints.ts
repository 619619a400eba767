import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { invoiceCancelInputSchema, invoiceListQuerySchema, invoiceListSchema, invoiceRequestSchema, invoiceSchema, invoicingSettingsSchema } from './invoices';

/** CFDI 4.0 invoices of fee payments (issue 34; other clients rely on these paths). */
export const invoiceEndpoints = {
  /** Whether invoicing is on (FACTURAPI_KEY) and with a test key: the 'Facturar' dialog says so before it is filled. */
  settings: endpoint({ method: 'GET', path: '/api/invoices/settings', response: invoicingSettingsSchema }),
  /** Issue the payment's invoice; header Idempotency-Key (the same key again answers the same invoice, 200). */
  issue: endpoint({ method: 'POST', path: '/api/fee-payments/:id/invoice', params: idParamsSchema, body: invoiceRequestSchema, response: invoiceSchema, status: 201 }),
  /** The policy's invoices, newest first (the expediente). */
  policyInvoices: endpoint({ method: 'GET', path: '/api/policy/:id/invoices', params: idParamsSchema, response: z.array(invoiceSchema) }),
  /** The month's invoices issued and cancelled; with `format` the same rows as a CSV or XLSX download. */
  list: endpoint({ method: 'GET', path: '/api/invoices', query: invoiceListQuerySchema, response: invoiceListSchema }),
  xml: endpoint({ method: 'GET', path: '/api/invoices/:id/xml', params: idParamsSchema }),
  pdf: endpoint({ method: 'GET', path: '/api/invoices/:id/pdf', params: idParamsSchema }),
  /** Cancel with the SAT's motive (01 names the invoice that replaces it). Never edited otherwise. */
  cancel: endpoint({ method: 'POST', path: '/api/invoices/:id/cancel', params: idParamsSchema, body: invoiceCancelInputSchema, response: invoiceSchema }),
};
