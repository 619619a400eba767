import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './repository';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ status: z.enum(['ok', 'error']), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

/** For load balancers and people: 200 while the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Estado del servicio y de la base de datos', response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      const started = performance.now();
      let database: 'ok' | 'error' = 'ok';
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        database = 'error';
      }
      const body = {
        status: database,
        database: { status: database, kind: app.dbKind, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  );
};
