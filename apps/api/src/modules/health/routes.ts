import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestAppliedMigration, latestMigration } from '../../db/migrate';
import { pingDatabase } from './repository';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ status: z.enum(['ok', 'error']), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

/** For load balancers and people: 200 while the database answers, 503 when it does not; and readiness. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readinessRoutes);
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

const checkState = z.enum(['ok', 'error', 'unknown']);
const readinessSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.object({ database: checkState, migrations: checkState, files: checkState }),
});
type Check = keyof z.infer<typeof readinessSchema>['checks'];

/** A check that has not answered by then has failed: a probe must answer before the balancer gives up. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Readiness, for a load balancer or an orchestrator deciding whether to send this instance
 * traffic: 200 when the database answers, every committed migration is applied there and the
 * file store can be used; 503 naming what is not ('unknown': not checked, the database being down).
 * GET /api/health stays liveness: whether the process and its database answer.
 */
const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = latestMigration();
  app.get(
    '/api/health/ready',
    { schema: { tags: ['health'], summary: 'Listo para recibir tráfico: base de datos, migraciones y archivos', response: { 200: readinessSchema, 503: readinessSchema } } },
    async (request, reply) => {
      const failed = (check: Check) => (error: unknown) => {
        request.log.error({ err: error, check }, 'readiness check failed');
        return 'error' as const;
      };
      const [database, files] = await Promise.all([
        withTimeout(pingDatabase(app.db)).then(() => 'ok' as const, failed('database')),
        withTimeout(app.files.check()).then(() => 'ok' as const, failed('files')),
      ]);
      const migrations =
        database === 'ok'
          ? await withTimeout(latestAppliedMigration(app.db)).then(
              (applied) => (applied !== null && applied >= expected.createdAt ? ('ok' as const) : failed('migrations')(new Error(`latest migration ${expected.tag} not applied`))),
              failed('migrations'),
            )
          : ('unknown' as const);
      const checks = { database, migrations, files };
      const ready = Object.values(checks).every((state) => state === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'error', checks });
    },
  );
};

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
