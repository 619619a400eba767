import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, brokerEndpoints, feeManagerRoles, feeRecorderRoles } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { endpointRoute } from '../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import * as directory from './directory';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** The directory (issue 34): staff who deal with policies read it; managers and admins keep it. */
export const brokerDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['brokers'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(brokerEndpoints.list, { tags, security, summary: 'Asesores e inmobiliarias de la sucursal (q, kind, status; los administradores eligen la sucursal)' }, errors),
    onRequest: app.requireRole(feeRecorderRoles),
    handler: (request) => directory.listBrokers(app.db, currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(brokerEndpoints.create, { tags, security, summary: 'Agregar asesor o inmobiliaria (sucursal del usuario; los administradores la eligen)' }, errors),
    onRequest: app.requireRole(feeManagerRoles),
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await directory.createBroker(app.db, currentUser(request), request.body))),
  });

  app.route({
    ...endpointRoute(brokerEndpoints.get, { tags, security, summary: 'Un asesor o inmobiliaria' }, errors),
    onRequest: app.requireRole(feeRecorderRoles),
    handler: async (request, reply) => withETag(reply, await directory.getBroker(app.db, currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(
      brokerEndpoints.update,
      { tags, security, summary: 'Actualizar asesor o inmobiliaria (registro completo; If-Match: "v{versión}", 412 si otra persona guardó antes; status inactive lo desactiva)' },
      errors,
    ),
    onRequest: app.requireRole(feeManagerRoles),
    handler: async (request, reply) => withETag(reply, await directory.updateBroker(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });
};
