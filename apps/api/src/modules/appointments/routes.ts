import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  appointmentAnswerInputSchema,
  appointmentInvitationViewSchema,
  appointmentExportQuerySchema,
  appointmentFeedSchema,
  appointmentInputSchema,
  appointmentInvitationParamsSchema,
  appointmentListSchema,
  appointmentMessages as messages,
  appointmentPageSchema,
  appointmentRangeQuerySchema,
  appointmentSchema,
  appointmentSearchQuerySchema,
  branchIdParamsSchema,
  businessDate,
  exportFileName,
  idParamsSchema,
  messageResultSchema,
} from '@portal/domain';
import { sendJsonArray } from '../../lib/json-array-stream';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { appointmentExportColumns } from './export-columns';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { publicBaseUrl } from '../../lib/public-url';
import { appointmentsCalendar } from './ics';
import { recordAccess } from '../access-log/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema };
const calendarType = 'text/calendar; charset=utf-8';

/** Appointments on the spec's paths (section 7), scoped to the caller's branch. */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['appointments'];
  const security = [{ bearerAuth: [] }];
  const list = { 200: appointmentListSchema, ...errors };
  const one = { 200: appointmentSchema, ...errors };
  /** Invitations link to the portal's public address. */
  const invitations = (request: FastifyRequest) => ({ baseUrl: publicBaseUrl(request), mailFrom: app.config.mailFrom });

  app.get(
    '/api/appo',
    { schema: { tags, security, summary: 'Citas de la sucursal (opcional: from/to, yyyy-MM-dd)', querystring: appointmentRangeQuerySchema, response: list } },
    async (request, reply) => sendJsonArray(reply, await service.listAppointments(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/appo/branch/:branchId',
    {
      schema: { tags, security, summary: 'Citas de una sucursal', params: branchIdParamsSchema, querystring: appointmentRangeQuerySchema, response: list },
    },
    async (request, reply) => sendJsonArray(reply, await service.listAppointments(app.db, currentUser(request), request.query, request.params.branchId)),
  );

  app.get(
    '/api/appo/search',
    {
      schema: {
        tags,
        security,
        summary: 'Búsqueda paginada (título, descripción, ubicación, asistentes)',
        querystring: appointmentSearchQuerySchema,
        response: { 200: appointmentPageSchema, ...errors },
      },
    },
    (request) => service.searchAppointments(app.db, currentUser(request), request.query),
  );

  app.get(
    '/api/appo/export',
    {
      schema: {
        tags,
        security,
        summary: 'Exportar a CSV o XLSX todas las citas que cumplen la búsqueda de la lista',
        querystring: appointmentExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
    },
    async (request, reply) => {
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Citas', request.query) });
      return sendTableExport(reply, {
        format: request.query.format,
        fileName: exportFileName('citas', request.query.format, businessDate()),
        sheetName: 'Citas',
        columns: appointmentExportColumns,
        batches: await service.exportAppointments(app.db, currentUser(request), request.query),
      });
    },
  );

  app.get('/api/appo/:id', { schema: { tags, security, summary: 'Una cita', params: idParamsSchema, response: one } }, async (request, reply) =>
    withETag(reply, await service.getAppointment(app.db, currentUser(request), request.params.id)),
  );

  app.get(
    '/api/appo/:id/ics',
    { schema: { tags, security, summary: 'Descargar la cita como .ics', params: idParamsSchema } },
    async (request, reply) => {
      const appointment = await service.getAppointment(app.db, currentUser(request), request.params.id);
      const ics = appointmentsCalendar([appointment], { name: appointment.title, host: request.hostname });
      return reply.type(calendarType).header('content-disposition', `attachment; filename=cita-${appointment.id}.ics`).send(ics);
    },
  );

  app.post(
    '/api/appo',
    { schema: { tags, security, summary: 'Agendar cita (queda pendiente)', body: appointmentInputSchema, response: { ...one, 201: appointmentSchema } } },
    async (request, reply) => reply.status(201).send(await service.createAppointment(app.db, currentUser(request), request.body, invitations(request))),
  );

  app.post(
    '/api/appo/update/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Actualizar cita (If-Match: "v{versión}" opcional; 412 si otra persona guardó antes)',
        params: idParamsSchema,
        body: appointmentInputSchema,
        response: one,
      },
    },
    async (request, reply) =>
      withETag(reply, await service.updateAppointment(app.db, currentUser(request), request.params.id, request.body, invitations(request), ifMatchOf(request))),
  );

  const remove = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    await service.deleteAppointment(app.db, currentUser(request), request.params.id, invitations(request));
    return { message: 'Cita eliminada' };
  };
  app.get('/api/appo/del/:id', { schema: { tags, security, summary: 'Eliminar cita', params: idParamsSchema, response: { 200: messageResultSchema, ...errors } } }, remove);
  app.delete('/api/appo/:id', { schema: { tags, security, summary: 'Eliminar cita', params: idParamsSchema, response: { 200: messageResultSchema, ...errors } } }, remove);

  app.post(
    '/api/appo/feed',
    { schema: { tags, security, summary: 'Crear (o regenerar) el enlace privado del calendario', response: { 200: appointmentFeedSchema, ...errors } } },
    async (request) => {
      const token = await service.createFeed(app.db, currentUser(request));
      return { url: `${request.protocol}://${request.host}/api/appo/feed/${token}.ics` };
    },
  );

  app.delete('/api/appo/feed', { schema: { tags, security, summary: 'Revocar el enlace del calendario' } }, async (request, reply) => {
    await service.revokeFeed(app.db, currentUser(request));
    return reply.status(204).send();
  });
};

const feedParamsSchema = z.object({ file: z.string().regex(/^[\w-]{20,100}\.ics$/, messages.feedNotFound) });

/**
 * The calendar feed, outside the bearer-token routes: calendar apps cannot send one, so the
 * unguessable token in the path is the credential (and is revoked by DELETE /api/appo/feed).
 */
export const appointmentFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/appo/feed/:file',
    {
      // The file's name is the credential: hidden in the request's log line.
      config: { credentialParam: 'file' },
      schema: { tags: ['appointments'], summary: 'Calendario iCalendar de la sucursal (enlace privado)', params: feedParamsSchema },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const items = await service.feedAppointments(app.db, token, businessDate());
      return reply
        .type(calendarType)
        .header('cache-control', 'private, max-age=300')
        .send(appointmentsCalendar(items, { name: 'Citas — Portal de Pólizas', host: request.hostname }));
    },
  );
};

/**
 * The attendee's page behind an invitation's links (issue 20), open to whoever holds the token
 * (no session). Reading never answers: only the page's button (a POST) does. Registered through
 * publicRoutes(), as the other public links; a malformed, wrong or expired token gets the same 404.
 */
export const appointmentInvitationRoutes: FastifyPluginAsyncZod<{ onAnswerChanged: service.AnswerChangedNotice }> = async (app, { onAnswerChanged }) => {
  const tags = ['appointments'];
  // The attendee's page, the web app's, carries the token too.
  app.publicPage('/cita/:token');
  const response = { 200: appointmentInvitationViewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
  app.get(
    '/api/public/citas/:token',
    { schema: { tags, summary: 'La cita a la que se invitó a la persona', params: appointmentInvitationParamsSchema, response } },
    (request) => service.viewInvitation(app.db, request.params.token),
  );
  app.post(
    '/api/public/citas/:token',
    {
      schema: { tags, summary: 'Confirmar asistencia (yes) o avisar que no podrá asistir (no)', params: appointmentInvitationParamsSchema, body: appointmentAnswerInputSchema, response },
    },
    (request) => service.answerInvitation(app.db, onAnswerChanged, request.params.token, request.body.response),
  );
};
