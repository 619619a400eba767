import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoles, apiErrorSchema, emailListQuerySchema, emailListSchema, idParamsSchema, noContentSchema } from '@portal/domain';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The outbox as admins see it (/admin/emails): every e-mail the portal wrote, and a retry for failed ones. */
export const emailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['emails'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/admin/emails',
    {
      schema: {
        tags,
        security,
        summary: 'Correos salientes (la bandeja de salida), del más reciente al más antiguo',
        querystring: emailListQuerySchema,
        response: { 200: emailListSchema, ...errors },
      },
    },
    (request) => service.listEmails(app.db, request.query, Boolean(app.config.smtpUrl)),
  );

  app.post(
    '/api/admin/emails/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Reintentar un correo fallido (vuelve a la cola con nuevos intentos)',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.retryEmail(app.db, request.params.id, new Date());
      return reply.status(204).send(null);
    },
  );
};
