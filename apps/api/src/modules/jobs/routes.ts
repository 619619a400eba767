import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoles, apiErrorSchema, jobEndpoints, jobMessages } from '@portal/domain';
import { endpointRoute } from '../../lib/endpoint-route';
import { conflict } from '../../lib/app-error';
import * as jobs from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export interface JobRoutesOptions {
  /** This instance's queue: whether it works jobs here, and how to queue a run now. */
  queue: { readonly enabled: boolean; runNow(name: string): Promise<string> };
}

/** /admin/jobs: what ran, what failed, and 'Ejecutar ahora'. Admins only. */
export const jobRoutes: FastifyPluginAsyncZod<JobRoutesOptions> = async (app, { queue }) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['jobs'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(jobEndpoints.overview, { tags, security, summary: 'Tareas programadas: últimas ejecuciones y fallas' }, errors),
    handler: () => jobs.jobsOverview(app.db, queue.enabled, Boolean(app.config.smtpUrl)),
  });

  app.route({
    ...endpointRoute(jobEndpoints.runNow, { tags, security, summary: 'Ejecutar una tarea ahora' }, errors),
    handler: async (request, reply) => {
      if (!queue.enabled) throw conflict(jobMessages.notHere);
      const id = await queue.runNow(request.params.name);
      return reply.status(202).send({ id, message: jobMessages.queued });
    },
  });
};
