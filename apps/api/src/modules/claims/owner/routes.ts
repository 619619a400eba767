import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimEditorRoles, claimEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import { publicBaseUrl } from '../../../lib/public-url';
import { currentUser } from '../../../plugins/auth';
import { issueOwnerLink } from './link';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The staff's side of the owner's link (issue 33): made from the expediente, shown once. */
export const claimOwnerLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(
      claimEndpoints.ownerLink,
      { tags: ['claims'], security: [{ bearerAuth: [] }], summary: "Enlace del propietario para reportar un problema y seguir las incidencias de la póliza (se muestra una sola vez; se envía por correo si tiene)" },
      errors,
    ),
    onRequest: app.requireRole(claimEditorRoles),
    handler: async (request, reply) => reply.status(201).send(await issueOwnerLink(app.db, currentUser(request), request.params.id, publicBaseUrl(request))),
  });
};
