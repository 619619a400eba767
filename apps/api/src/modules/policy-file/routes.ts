import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, policyFileSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The expediente (issue 14): what its page needs beyond the policy (GET /api/policy/unique/{id}),
 * its history (/events) and its documents (/api/files/documentswithresponses/{folio}). Every
 * role of the policy's branch reads it, as they read the policy.
 */
export const policyFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/policy/:id/file',
    {
      schema: {
        tags: ['policies'],
        security: [{ bearerAuth: [] }],
        summary: 'Expediente: sucursal, agente, documentos requeridos y presentes, addendums y citas de la póliza',
        params: idParamsSchema,
        response: { 200: policyFileSchema, ...errors },
      },
    },
    (request) => service.getPolicyFile(app.db, currentUser(request), request.params.id),
  );
};
