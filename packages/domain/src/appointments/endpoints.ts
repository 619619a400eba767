import { endpoint } from '../common/endpoint';
import { messageResultSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import {
  appointmentAnswerInputSchema,
  appointmentExportQuerySchema,
  appointmentFeedSchema,
  appointmentInputSchema,
  appointmentInvitationParamsSchema,
  appointmentInvitationViewSchema,
  appointmentListSchema,
  appointmentPageSchema,
  appointmentRangeQuerySchema,
  appointmentSchema,
  appointmentSearchQuerySchema,
} from './appointment';

/** 'Control de Citas' on the spec's paths, the .ics download and the private calendar link (decision 024). */
export const appointmentEndpoints = {
  search: endpoint({ method: 'GET', path: '/api/appo/search', query: appointmentSearchQuerySchema, response: appointmentPageSchema }),
  /** The CSV or XLSX file of every appointment the list's search selects. */
  export: endpoint({ method: 'GET', path: '/api/appo/export', query: appointmentExportQuerySchema }),
  /** The calendar's days (from/to, yyyy-MM-dd). */
  range: endpoint({ method: 'GET', path: '/api/appo', query: appointmentRangeQuerySchema, response: appointmentListSchema }),
  get: endpoint({ method: 'GET', path: '/api/appo/:id', params: idParamsSchema, response: appointmentSchema }),
  /** The appointment as a .ics file. */
  ics: endpoint({ method: 'GET', path: '/api/appo/:id/ics', params: idParamsSchema }),
  create: endpoint({ method: 'POST', path: '/api/appo', body: appointmentInputSchema, response: appointmentSchema, status: 201 }),
  update: endpoint({ method: 'POST', path: '/api/appo/update/:id', params: idParamsSchema, body: appointmentInputSchema, response: appointmentSchema }),
  /** The spec's delete: a GET. */
  remove: endpoint({ method: 'GET', path: '/api/appo/del/:id', params: idParamsSchema, response: messageResultSchema }),
  createFeed: endpoint({ method: 'POST', path: '/api/appo/feed', response: appointmentFeedSchema }),
  revokeFeed: endpoint({ method: 'DELETE', path: '/api/appo/feed', status: 204 }),
};

/** The attendee's page behind an invitation's links: no session, the token is the credential (decision 024). */
export const appointmentInvitationEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/citas/:token', params: appointmentInvitationParamsSchema, response: appointmentInvitationViewSchema }),
  answer: endpoint({
    method: 'POST',
    path: '/api/public/citas/:token',
    params: appointmentInvitationParamsSchema,
    body: appointmentAnswerInputSchema,
    response: appointmentInvitationViewSchema,
  }),
};
