import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoles, apiErrorSchema, arcoCancelRequestSchema, arcoCancelResultSchema, arcoExportRequestSchema, arcoSearchQuerySchema, arcoSearchResultSchema, businessDate } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { recordAccess } from '../access-log/index';
import { arcoExportPdf } from './export-pdf';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['Privacidad'];
const security = [{ bearerAuth: [] }];

/** ARCO requests (issue 19): admins only, across every branch. */
export const arcoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(adminRoles));

  app.get(
    '/api/admin/arco/search',
    { schema: { tags, security, summary: 'Todos los registros de una persona (nombre, correo o teléfono)', querystring: arcoSearchQuerySchema, response: { 200: arcoSearchResultSchema, ...errors } } },
    (request) => service.searchPerson(app.db, request.query.q),
  );

  app.post(
    '/api/admin/arco/export',
    {
      schema: {
        tags,
        security,
        summary: 'Exportar los datos de los registros elegidos (JSON o PDF): derecho de acceso',
        body: arcoExportRequestSchema,
        produces: ['application/json', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { records, format } = request.body;
      const file = await service.exportRecords(app.db, currentUser(request), records, format);
      // The log names the records by kind and id: a later cancellation leaves no name behind here.
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: `Solicitud ARCO de acceso (${format.toUpperCase()}): ${service.refsText(records)}` });
      const fileName = `datos-personales-${businessDate()}.${format}`;
      reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store');
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(file, null, 2));
      return reply.type('application/pdf').send(Buffer.from(await arcoExportPdf(file)));
    },
  );

  app.post(
    '/api/admin/arco/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancelar (anonimizar) los registros elegidos que ninguna obligación legal conserva',
        body: arcoCancelRequestSchema,
        response: { 200: arcoCancelResultSchema, ...errors },
      },
    },
    (request) => service.cancelRecords(app.db, app.files, request.log, currentUser(request), request.body),
  );
};
