import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoles, apiErrorSchema, retentionPreviewSchema } from '@portal/domain';
import * as service from './service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** /admin/retention: the branches' periods and the dry run of the next daily run. Admins only. */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  app.get(
    '/api/admin/retention/preview',
    {
      schema: {
        tags: ['Privacidad'],
        security: [{ bearerAuth: [] }],
        summary: 'Retención de documentos: lo que la próxima ejecución eliminaría (simulación)',
        response: { 200: retentionPreviewSchema, ...errors },
      },
    },
    () => service.retentionPreview(app.db, new Date()),
  );
};
