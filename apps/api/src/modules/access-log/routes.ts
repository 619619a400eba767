import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLogPageSchema, accessLogQuerySchema, apiErrorSchema, idParamsSchema, managerRoles } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Who saw a policy's people's documents: managers and admins only (an agent is among those logged). */
export const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(managerRoles));
  app.get(
    '/api/policy/:id/access-log',
    {
      schema: {
        tags: ['Privacidad'],
        security: [{ bearerAuth: [] }],
        summary: 'Accesos a los documentos y exportaciones de la póliza (más recientes primero)',
        params: idParamsSchema,
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema, ...errors },
      },
    },
    (request) => service.policyAccessLog(app.db, currentUser(request), request.params.id, request.query.page),
  );
};
