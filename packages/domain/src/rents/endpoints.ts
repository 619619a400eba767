import { idParamsSchema } from '../common/fields';
import { endpoint } from '../common/endpoint';
import { linkTokenParamsSchema } from '../public-links/links';
import { arrearsQuerySchema, arrearsReportSchema } from './aging';
import { rentConfirmationAnswerInputSchema, rentConfirmationLinkSchema, rentConfirmationViewSchema } from './confirmations';
import { paymentIdParamsSchema, paymentInputSchema, rentLedgerSchema, rentMonthIdParamsSchema, reversalInputSchema, waiverInputSchema } from './rents';

/** The policy's year of rents (issue 32; other clients rely on these paths). */
export const rentEndpoints = {
  ledger: endpoint({ method: 'GET', path: '/api/policy/:id/rents', params: idParamsSchema, response: rentLedgerSchema }),
  recordPayment: endpoint({ method: 'POST', path: '/api/policy/:id/payments', params: idParamsSchema, body: paymentInputSchema, response: rentLedgerSchema, status: 201 }),
  reversePayment: endpoint({ method: 'POST', path: '/api/payments/:id/reverse', params: paymentIdParamsSchema, body: reversalInputSchema, response: rentLedgerSchema }),
  /** The owner's statement (estado de cuenta) as a PDF, from the 'Estado de cuenta' template; 409 before the schedule exists. */
  statement: endpoint({ method: 'GET', path: '/api/policy/:id/rents/statement.pdf', params: idParamsSchema }),
  /** 'Condonar' a month not paid: it owes nothing more and takes no payment (managers). */
  waiveMonth: endpoint({ method: 'POST', path: '/api/rents/months/:id/waive', params: rentMonthIdParamsSchema, body: waiverInputSchema, response: rentLedgerSchema }),
  /** The aging report; with `format` the same rows as a CSV or XLSX download (all pages). */
  arrears: endpoint({ method: 'GET', path: '/api/rents/arrears', query: arrearsQuerySchema, response: arrearsReportSchema }),
  /** A fresh link for the owner to confirm the month (shown once), with the WhatsApp message. */
  confirmationLink: endpoint({ method: 'POST', path: '/api/rents/months/:id/confirmation-link', params: idParamsSchema, response: rentConfirmationLinkSchema, status: 201 }),
};

/** The owner's page (no session: the token in the path is the credential). */
export const rentConfirmationEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/rent-confirmations/:token', params: linkTokenParamsSchema, response: rentConfirmationViewSchema }),
  answer: endpoint({ method: 'POST', path: '/api/public/rent-confirmations/:token', params: linkTokenParamsSchema, body: rentConfirmationAnswerInputSchema, response: rentConfirmationViewSchema }),
};
