import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { linkTokenParamsSchema } from '../public-links/links';
import {
  agreementInputSchema,
  claimCalendarQuerySchema,
  claimContactInputSchema,
  claimDeadlineInputSchema,
  claimDocumentParamsSchema,
  claimListQuerySchema,
  claimMovementInputSchema,
  claimOpenInputSchema,
  claimOwnerReportInputSchema,
  claimReversalInputSchema,
  claimStageInputSchema,
  claimStageLabelsInputSchema,
  claimSummaryQuerySchema,
  claimUpdateInputSchema,
  instalmentPaymentInputSchema,
  lawsuitInputSchema,
} from './claim-inputs';
import {
  claimCalendarEntrySchema,
  claimDetailSchema,
  claimDocumentSchema,
  claimListSchema,
  claimMonthlySummarySchema,
  claimOwnerLinkSchema,
  claimOwnerReportedSchema,
  claimOwnerViewSchema,
  claimStageLabelsSchema,
  claimStatsSchema,
  claimSummarySchema,
} from './claim-views';

/**
 * Incidencias (issue 33; other clients rely on the paths the issue names: open, list, get, stage,
 * contacts, deadlines, documents). Writes to a case answer the whole case with its ETag; those
 * that edit what was read (PATCH, lawsuit) honour If-Match (412).
 */
export const claimEndpoints = {
  open: endpoint({ method: 'POST', path: '/api/policy/:id/claims', params: idParamsSchema, body: claimOpenInputSchema, response: claimDetailSchema, status: 201 }),
  forPolicy: endpoint({ method: 'GET', path: '/api/policy/:id/claims', params: idParamsSchema, response: z.array(claimSummarySchema) }),
  /** A link for the owner to report a problem and follow the policy's cases (shown once). */
  ownerLink: endpoint({ method: 'POST', path: '/api/policy/:id/claims/owner-link', params: idParamsSchema, response: claimOwnerLinkSchema, status: 201 }),
  /** The list (next deadlines first); with `format` the same rows as CSV or XLSX (all pages). */
  list: endpoint({ method: 'GET', path: '/api/claims', query: claimListQuerySchema, response: claimListSchema }),
  stats: endpoint({ method: 'GET', path: '/api/claims/stats', query: z.object({ branchId: claimListQuerySchema.shape.branchId }), response: claimStatsSchema }),
  summary: endpoint({ method: 'GET', path: '/api/claims/summary', query: claimSummaryQuerySchema, response: claimMonthlySummarySchema }),
  /** The deadlines between two days, for the calendar beside the appointments. */
  calendar: endpoint({ method: 'GET', path: '/api/claims/deadlines', query: claimCalendarQuerySchema, response: z.array(claimCalendarEntrySchema) }),
  get: endpoint({ method: 'GET', path: '/api/claims/:id', params: idParamsSchema, response: claimDetailSchema }),
  update: endpoint({ method: 'PATCH', path: '/api/claims/:id', params: idParamsSchema, body: claimUpdateInputSchema, response: claimDetailSchema }),
  stage: endpoint({ method: 'POST', path: '/api/claims/:id/stage', params: idParamsSchema, body: claimStageInputSchema, response: claimDetailSchema }),
  contact: endpoint({ method: 'POST', path: '/api/claims/:id/contacts', params: idParamsSchema, body: claimContactInputSchema, response: claimDetailSchema, status: 201 }),
  deadline: endpoint({ method: 'POST', path: '/api/claims/:id/deadlines', params: idParamsSchema, body: claimDeadlineInputSchema, response: claimDetailSchema, status: 201 }),
  completeDeadline: endpoint({ method: 'POST', path: '/api/claims/deadlines/:id/done', params: idParamsSchema, response: claimDetailSchema }),
  lawsuit: endpoint({ method: 'PUT', path: '/api/claims/:id/lawsuit', params: idParamsSchema, body: lawsuitInputSchema, response: claimDetailSchema }),
  movement: endpoint({ method: 'POST', path: '/api/claims/:id/movements', params: idParamsSchema, body: claimMovementInputSchema, response: claimDetailSchema, status: 201 }),
  reverseMovement: endpoint({ method: 'POST', path: '/api/claims/movements/:id/reverse', params: idParamsSchema, body: claimReversalInputSchema, response: claimDetailSchema }),
  agreement: endpoint({ method: 'POST', path: '/api/claims/:id/agreement', params: idParamsSchema, body: agreementInputSchema, response: claimDetailSchema, status: 201 }),
  instalmentPayment: endpoint({ method: 'POST', path: '/api/claims/instalments/:id/payments', params: idParamsSchema, body: instalmentPaymentInputSchema, response: claimDetailSchema, status: 201 }),
  /** A payment of an instalment reversed with its reason, and the recovery it recorded with it. */
  reverseInstalmentPayment: endpoint({ method: 'POST', path: '/api/claims/instalment-payments/:id/reverse', params: idParamsSchema, body: claimReversalInputSchema, response: claimDetailSchema }),
  /** Draw a template into a PDF that joins the case and the expediente. */
  drawDocument: endpoint({ method: 'POST', path: '/api/claims/:id/documents/:kind', params: claimDocumentParamsSchema, response: claimDocumentSchema, status: 201 }),
  document: endpoint({ method: 'GET', path: '/api/claims/documents/:id', params: idParamsSchema }),
  /** Evidence upload: multipart, field «file» (photos or PDF). */
  uploadFile: endpoint({ method: 'POST', path: '/api/claims/:id/files', params: idParamsSchema, response: claimDetailSchema, status: 201 }),
  file: endpoint({ method: 'GET', path: '/api/claims/files/:id', params: idParamsSchema }),
  stageLabels: endpoint({ method: 'GET', path: '/api/admin/claim-stages', response: claimStageLabelsSchema }),
  saveStageLabels: endpoint({ method: 'PUT', path: '/api/admin/claim-stages', body: claimStageLabelsInputSchema, response: claimStageLabelsSchema }),
};

/** The owner's page (no session: the token in the path is the credential). Reports are multipart (fields type, description; files «files») or JSON. */
export const claimPublicEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/claims/:token', params: linkTokenParamsSchema, response: claimOwnerViewSchema }),
  report: endpoint({ method: 'POST', path: '/api/public/claims/:token', params: linkTokenParamsSchema, body: claimOwnerReportInputSchema, response: claimOwnerReportedSchema, status: 201 }),
};
