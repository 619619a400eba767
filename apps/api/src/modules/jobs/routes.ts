import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoles, apiErrorSchema, jobMessages, jobNameParamsSchema, jobsOverviewSchema } from '@portal/domain';
import { conflict } from '../../lib/app-error';
import * as jobs from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export interface JobRoutesOptions {
  /** This instance's queue: whether it works jobs here, and how to queue a run now. */
  queue: { readonly enabled: boolean; runNow(name: string): Promise<string> };
}

/** /admin/jobs: what ran, what failed, and 'Ejecutar ahora'. Admins only. */
export const jobRoutes: FastifyPluginAsyncZod<JobRoutesOptions> = async (app, { queue }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['jobs'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/admin/jobs',
    { schema: { tags, security, summary: 'Tareas programadas: últimas ejecuciones y fallas', response: { 200: jobsOverviewSchema, ...errors } } },
    () => jobs.jobsOverview(app.db, queue.enabled, Boolean(app.config.smtpUrl)),
  );

  app.post(
    '/api/admin/jobs/:name/run',
    {
      schema: {
        tags,
        security,
        summary: 'Ejecutar una tarea ahora',
        params: jobNameParamsSchema,
        response: { 202: z.object({ id: z.string(), message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      if (!queue.enabled) throw conflict(jobMessages.notHere);
      const id = await queue.runNow(request.params.name);
      return reply.status(202).send({ id, message: jobMessages.queued });
    },
  );
};
