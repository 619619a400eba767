import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { documentDownloadQuerySchema } from '../investigations/investigation-api';
import { paymentInputSchema, reversalInputSchema } from '../rents/rents';
import { billingReportQuerySchema, billingReportSchema, feeCollectionsSchema } from './billing';
import {
  feePaymentIdParamsSchema,
  feeQuotePreviewQuerySchema,
  feeQuotePreviewSchema,
  feeTariffHistoryQuerySchema,
  feeTariffInputSchema,
  feeTariffListSchema,
  feeTariffSchema,
  feeTariffsQuerySchema,
  policyFeeInputSchema,
  policyFeeSchema,
} from './fees';

/** The office's fee (issue 34; other clients rely on these paths). */
export const feeEndpoints = {
  /** The current tariff of each branch and policy type (version 0: the portal's defaults). Admins. */
  tariffs: endpoint({ method: 'GET', path: '/api/admin/tariffs', query: feeTariffsQuerySchema, response: feeTariffListSchema }),
  /** Writes the next version of a branch's tariff for a policy type (If-Match: "v{version}"). Quoted fees keep theirs. */
  saveTariff: endpoint({ method: 'PUT', path: '/api/admin/tariffs', body: feeTariffInputSchema, response: feeTariffSchema }),
  /** Every version of one branch's tariff for a policy type, newest first. */
  tariffHistory: endpoint({ method: 'GET', path: '/api/admin/tariffs/history', query: feeTariffHistoryQuerySchema, response: feeTariffListSchema }),
  quotePreview: endpoint({ method: 'GET', path: '/api/fees/quote', query: feeQuotePreviewQuerySchema, response: feeQuotePreviewSchema }),
  fee: endpoint({ method: 'GET', path: '/api/policy/:id/fee', params: idParamsSchema, response: policyFeeSchema }),
  updateFee: endpoint({ method: 'PUT', path: '/api/policy/:id/fee', params: idParamsSchema, body: policyFeeInputSchema, response: policyFeeSchema }),
  recordPayment: endpoint({ method: 'POST', path: '/api/policy/:id/fee-payments', params: idParamsSchema, body: paymentInputSchema, response: policyFeeSchema, status: 201 }),
  reversePayment: endpoint({ method: 'POST', path: '/api/fee-payments/:id/reversal', params: feePaymentIdParamsSchema, body: reversalInputSchema, response: policyFeeSchema }),
  paymentReceipt: endpoint({ method: 'GET', path: '/api/fee-payments/:id/receipt', params: feePaymentIdParamsSchema, query: documentDownloadQuerySchema }),
  /** With `format` the same figures as a CSV or XLSX download. */
  billingReport: endpoint({ method: 'GET', path: '/api/reports/billing', query: billingReportQuerySchema, response: billingReportSchema }),
  collections: endpoint({ method: 'GET', path: '/api/fees/collections', response: feeCollectionsSchema }),
};
